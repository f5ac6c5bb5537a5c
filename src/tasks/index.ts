/** PRiSM tasks: robustness reports (Task I), correction (III), code synthesis (IV), ambiguity (V). */

export { renderTable3 } from './render-table3.js';
export {
  type InstanceOutcome,
  instanceProblemId,
  type RobustnessReport,
  robustnessReport,
} from './robustness-report.js';
