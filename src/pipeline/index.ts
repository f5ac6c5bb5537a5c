/** The call layer: project config, roles, every LLM call as a cached, resumable transcript step, cost. */
export { askWithReask, REASK_VERSION } from './ask-with-reask.js';
export { CALL_KEY_VERSION, callKey } from './call-key.js';
export type { CallRecord } from './call-record.js';
export { PIPELINE_CODES } from './codes.js';
export { configFromFlags, FLAGS_PROVIDER, type ModelFlags } from './config-from-flags.js';
export { contentHash, sha256Hex, stableStringify } from './content-hash.js';
export {
  type CallResult,
  type CallSpec,
  createPipeline,
  type ParseOutcome,
  type Pipeline,
  type PipelineCounts,
  type PipelineOptions,
} from './create-pipeline.js';
export { extractJsonObject } from './extract-json.js';
export { FATAL_CODES, isFatalFailure } from './fatal-failure.js';
export { createJsonlAppender, type JsonLines, type JsonlAppender, readJsonLines } from './jsonl-file.js';
export { DEFAULT_CONFIG_FILE, loadProjectConfig } from './load-project-config.js';
export {
  CRITERIA,
  type Criterion,
  type CriterionWeights,
  type JudgeConfig,
  type ProjectConfig,
  type ProviderConfig,
  type RoleName,
  type RolesConfig,
  type TechniqueConfig,
  VERIFIER_CRITERIA,
  type VerifierCriterion,
} from './project-config.js';
export { type ModelBinding, type Roles, type RoleWarning, resolveRoles } from './resolve-roles.js';
export {
  type CachedResponse,
  cacheKey,
  createResponseCache,
  defaultCacheDir,
  type ResponseCache,
} from './response-cache.js';
export { type CallCost, type CostSummary, summarizeCalls } from './summarize-calls.js';
export { validateProjectConfig } from './validate-project-config.js';
export { writeFileAtomic } from './write-file-atomic.js';
