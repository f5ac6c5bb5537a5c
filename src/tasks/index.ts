/** PRiSM tasks: robustness reports (Task I), correction (III), code synthesis (IV), ambiguity (V). */

export { type AskOptions, askModel } from './ask-model.js';
export {
  CODE_PROMPT,
  type CodeOutcome,
  type CodeTask,
  codeTask,
  extractCode,
  scoreCode,
} from './code-task.js';
export { renderTable3 } from './render-table3.js';
export {
  type InstanceOutcome,
  instanceProblemId,
  type RobustnessReport,
  robustnessReport,
} from './robustness-report.js';
export { runCodeTask, type TaskRunOptions } from './run-code-task.js';
export { PRISM_TASKS, runPrismTask } from './run-prism-task.js';
