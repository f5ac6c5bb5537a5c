/** `prism difficulty`: the paper's C1/C2 (judge or proxy), C3 (DAG entropy), S and tiers (spec C5). */

export { PROXY_THRESHOLDS, type ProxyC12, proxyC12 } from '../dag/proxy-c12.js';
export { DIFFICULTY_CODES } from './codes.js';
export {
  type C12,
  type C12Source,
  type DifficultyRow,
  difficultyRow,
  NO_DAG_ERROR,
} from './difficulty-row.js';
export { SCORE_RANGE, TIER_CUTS, tierFromScore, tierLevel } from './difficulty-tier.js';
export { type DifficultyCall, difficultyMessage, judgeDifficulty } from './judge-difficulty.js';
export { type C12File, parseC12File } from './parse-c12-file.js';
export { type DifficultyJudgement, parseDifficultyJudgement } from './parse-difficulty-judgement.js';
export { DIFFICULTY_PROMPT } from './prompts/difficulty-prompt.js';
export { renderDifficultySummary } from './render-difficulty-summary.js';
export {
  type C12Provider,
  difficultyTranscriptPath,
  type RunDifficultyOptions,
  type RunDifficultyResult,
  runDifficulty,
} from './run-difficulty.js';
export { type DifficultySummary, type LabelAgreement, summarizeDifficulty } from './summarize-difficulty.js';
