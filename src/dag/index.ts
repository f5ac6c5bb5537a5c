/** Dataset schema, validation, ancestor closure, complexity and witness checks. */

export type { StrippedMath } from '../core/strip-math.js';
export { stripMath } from '../core/strip-math.js';
export { ancestorClosure } from './ancestor-closure.js';
export type { NumericAnswerTools } from './check-final-answers.js';
export { checkFinalAnswers, statedFigures } from './check-final-answers.js';
export type { WitnessReport } from './check-witness.js';
export { checkWitness, prepareWitnessFormulas, WITNESS_TOLERANCE } from './check-witness.js';
export { DAG_CODES } from './codes.js';
export type { DagLayers } from './dag-layers.js';
export { dagLayers } from './dag-layers.js';
export type { DatasetStats, Spread } from './dag-stats.js';
export { dagStats } from './dag-stats.js';
export {
  type CutPoints,
  levelFromCuts,
  modelDifficulty,
  problemDifficulty,
  SCORE_RANGE,
  TIER_CUTS,
  tierFromScore,
} from './difficulty-model.js';
export { entropyComplexity } from './entropy-complexity.js';
export { findGivenNodes, type GivenNode, type GivenNodesOptions, problemStatement } from './given-nodes.js';
export { PROXY_THRESHOLDS, type ProxyC12, proxyC12 } from './proxy-c12.js';
export {
  formatFigures,
  placeholderNames,
  renderTemplate,
  renderValue,
  roundFigures,
} from './render-template.js';
export { shapeParameters } from './shape-parameters.js';
export {
  C3_THRESHOLDS,
  type Level,
  levelOf,
  type StructuralComplexity,
  structuralComplexity,
} from './structural-complexity.js';
export type * from './types.js';
export type { ValidatedDataset } from './validate-dataset.js';
export { validateDataset } from './validate-dataset.js';
export { validateGraph } from './validate-graph.js';
export { rawProblemId, shapeProblem } from './validate-problem.js';
export { validateWitness } from './validate-witness.js';
