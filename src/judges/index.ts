/** LLM judges: PhysicsEval's PPS rubric, PRISM-Physics's binary LLM-as-judge baseline, a per-step linear judge. */
export { type JudgeInput, type Judgement, judgeSample, type Rubric } from './judge-sample.js';
export {
  type Describe,
  describe,
  type JudgedRow,
  type JudgeGroup,
  type JudgeSummary,
  judgementMetrics,
  summarizeJudgements,
} from './judge-summary.js';
export {
  type PairedMetric,
  pairedCriteria,
  perProblemMetrics,
  renderPairedCriteria,
} from './paired-criteria.js';
export {
  type PpsJudgement,
  parseBinaryJudgement,
  parsePpsJudgement,
  parseStepJudgement,
} from './parse-judgement.js';
export { DEFAULT_PPS_WEIGHTS, normalisePps, type PpsNormaliser, ppsScore, weightedRubricSum } from './pps.js';
export * from './prompts/judge-prompts.js';
export { renderJudgeSummary } from './render-judge-summary.js';
export { renderTable2, type Table2Entry } from './render-table2.js';
export { MAX_STEPS, splitSteps } from './split-steps.js';
