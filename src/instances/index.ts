/** PRiSM instances: parameterized problems solved forward at sampled inputs, with computed answers. */

export { checkParameters, VALIDATION_SAMPLES } from './check-parameters.js';
export { INSTANCE_CODES } from './codes.js';
export {
  type DatasetInstances,
  datasetInstances,
  type InstanceReportRow,
  isTextual,
} from './dataset-instances.js';
export { evaluateExpression } from './evaluate-expression.js';
export {
  type GeneratedInstances,
  type GenerateOptions,
  generateInstances,
  type InstanceProblem,
} from './generate-instances.js';
export { type GroundTruthAnswer, groundTruth } from './ground-truth.js';
export { type InstancePlan, type PlannedParameter, planInstances } from './plan-instances.js';
export { constraintHolds, type PreparedConstraint, prepareConstraint } from './prepare-constraint.js';
export { sampleParameters } from './sample-parameters.js';
export { type SolvedInstance, solveInstance } from './solve-instance.js';
export { latexNumber, unitScale } from './unit-scale.js';
