/** PhysicsEval's inference-time techniques (spec A2–A5), each a pipeline of calls per sample. */
export { aggregateScores, multiAgentReview } from './multi-agent-review.js';
export {
  DEFAULT_VERIFIER_WEIGHTS,
  parseMistakes,
  parseVerifierReview,
  type VerifierReview,
  verifierScore,
} from './parse-review.js';
export { problemStatement } from './problem-statement.js';
export * from './prompts/technique-prompts.js';
export { selfRefine } from './self-refine.js';
export { singleAgentReview } from './single-agent-review.js';
export type {
  RoundTrace,
  Technique,
  TechniqueContext,
  TechniqueOutcome,
  TechniqueSettings,
} from './technique.js';
export { DEFAULT_META_WEIGHTS, DEFAULT_TECHNIQUE_SETTINGS, TECHNIQUES } from './techniques.js';
export { zeroShot } from './zero-shot.js';
