/** Model runs: run/resume/cache, scoring of stored responses, reports and comparisons. */
export { BENCH_CODES } from './codes.js';
export {
  compareRuns,
  type PairedComparison,
  pairedComparison,
  type RunComparison,
  type RunScores,
  runScores,
} from './compare-runs.js';
export { contentHash, sha256Hex, stableStringify } from './content-hash.js';
export { createJsonlAppender, type JsonLines, type JsonlAppender, readJsonLines } from './jsonl-file.js';
export { loadRun, type StoredRun } from './load-run.js';
export {
  createProgressDisplay,
  formatDuration,
  type ProgressDisplay,
  type ProgressMode,
  type ProgressOptions,
} from './progress-display.js';
export { renderComparison } from './render-comparison.js';
export { renderRunReport } from './render-run-report.js';
export {
  type CachedResponse,
  type CacheKeyParts,
  cacheKey,
  createResponseCache,
  defaultCacheDir,
  type ResponseCache,
} from './response-cache.js';
export { loadResponses, type ResponseRow, sampleKey } from './response-row.js';
export { compareRunConfig, RUN_SCHEMA, type RunConfig, TOOL_VERSION } from './run-config.js';
export {
  type ErrorRow,
  errorsPath,
  type RunErrorsOptions,
  type RunErrorsResult,
  runErrors,
} from './run-errors.js';
export type { RunEvent } from './run-events.js';
export {
  type JudgementRow,
  judgementsPath,
  loadJudgements,
  type RunJudgeOptions,
  type RunJudgeResult,
  runJudge,
} from './run-judge.js';
export { lockRunDir, type RunLock } from './run-lock.js';
export { type RunModelOptions, type RunModelResult, runModel } from './run-model.js';
export { buildRunReport, type ReportCell, type RunReport } from './run-report.js';
export { type RunTechniqueOptions, type RunTechniqueResult, runTechnique } from './run-technique.js';
export {
  type ResponseScorer,
  type RunRecord,
  runCost,
  type ScoredResponse,
  type ScoreRunOptions,
  scoreRun,
} from './score-run.js';
export { writeFileAtomic } from './write-file-atomic.js';
