/** The bubblewrap sandbox for model-written Python (PRiSM Task IV). */

export { SANDBOX_CODES } from './codes.js';
export { PYTHON_HARNESS } from './python-harness.js';
export {
  type CallOutcome,
  runPythonSandboxed,
  type SandboxLimits,
  type SandboxResult,
} from './run-python.js';
export {
  type FoundTools,
  missingPiece,
  type PythonRuntime,
  SANDBOX_DIR,
  SANDBOX_UID,
  type SandboxSupport,
  sandboxArgv,
  sandboxSupport,
} from './sandbox-support.js';
