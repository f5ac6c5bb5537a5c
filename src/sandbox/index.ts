/** The child-process sandbox for model-written Python (PRiSM Task IV). */

export { SANDBOX_CODES } from './codes.js';
export { PYTHON_HARNESS } from './python-harness.js';
export {
  type CallOutcome,
  runPythonSandboxed,
  type SandboxLimits,
  type SandboxResult,
} from './run-python.js';
export { ownProcessCount, type SandboxSupport, sandboxSupport } from './sandbox-support.js';
