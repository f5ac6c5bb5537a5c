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
export { ERROR_KINDS, type ErrorKind, type InjectedError, injectError } from './inject-error.js';
export { type CorrectionBehaviour, labelCorrection } from './label-correction.js';
export { MASK, MASK_BAND, type MaskedInstance, maskCount, maskInputs, shownInputs } from './mask-inputs.js';
export { checkParaphrase, PARAPHRASE_PROMPT, paraphraseInstances } from './paraphrase.js';
export { renderTable3 } from './render-table3.js';
export {
  type InstanceOutcome,
  instanceProblemId,
  type RobustnessReport,
  robustnessReport,
} from './robustness-report.js';
export {
  AMBIGUITY_JUDGE_PROMPT,
  AMBIGUITY_PROMPT,
  type AmbiguityLabel,
  type AmbiguityOutcome,
  parseAmbiguityLabel,
  runAmbiguityTask,
} from './run-ambiguity-task.js';
export { runCodeTask, type TaskRunOptions } from './run-code-task.js';
export {
  behaviourShares,
  CORRECTION_JUDGE_PROMPT,
  CORRECTION_PROMPT,
  type CorrectionOutcome,
  parseCorrectionLabel,
  runCorrectionTask,
} from './run-correction-task.js';
export { PRISM_TASKS, runPrismTask } from './run-prism-task.js';
