/** The PRISM-DAG scoring pipeline, final-answer checks and baselines. */
export { boxedContents, normalizePhrase, phraseMatches, relationSides } from './answer-text.js';
export { baselines } from './baselines.js';
export { SCORE_CODES, SCORER_VERSION } from './codes.js';
export type { ScoreOptions, Scorer, ScorerOptions } from './create-scorer.js';
export { createScorer } from './create-scorer.js';
export { checkFinalAnswer } from './final-answer.js';
export { expressionValue, withinPrecision } from './numeric-answer.js';
export type { MatchStats, PairMatcher, PairMatcherOptions } from './pair-matcher.js';
export { createPairMatcher } from './pair-matcher.js';
export type { PreparedNode } from './prepare-nodes.js';
export { prepareNodes } from './prepare-nodes.js';
export { SCORE_POLICIES, type ScorePolicy, type StepCredit, stepCredit } from './step-credit.js';
export type * from './types.js';
