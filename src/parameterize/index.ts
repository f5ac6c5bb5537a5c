export { checkProposal, type ProposalCheck } from './check-proposal.js';
export {
  DEFAULT_PARAMETERIZE_RETRIES,
  type ParameterizeOutcome,
  type ProposalAttempt,
  parameterizeProblem,
} from './parameterize-problem.js';
export { PARAMETERIZE_PROMPT } from './parameterize-prompt.js';
export { type ParameterProposal, parseProposal } from './parse-proposal.js';
export {
  type ParameterizeReport,
  type RunParameterizeOptions,
  renderParameterizeReport,
  runParameterize,
} from './run-parameterize.js';
