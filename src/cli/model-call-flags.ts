import type { ProjectConfig } from '../pipeline/project-config.js';
import type { ResolveRolesOptions } from '../pipeline/resolve-roles.js';
import { createResponseCache, defaultCacheDir, type ResponseCache } from '../pipeline/response-cache.js';
import { UsageError } from './io.js';

/**
 * What a command that calls models takes from its caller: the environment (API keys, cache
 * directory) and, in tests, transport overrides such as a fast backoff. The subset of
 * `ResolveRolesOptions` the CLI passes through.
 */
export type ModelCommandDeps = Pick<ResolveRolesOptions, 'env' | 'transport'>;

/**
 * The `parseArgs` options of every command that calls a model (`judge`, `errors`, `difficulty`,
 * `build-dag`): where the model is, how many calls at once, and the response cache.
 */
export const MODEL_CALL_OPTIONS = {
  config: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  provider: { type: 'string' },
  concurrency: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'cache-ttl': { type: 'string' },
} as const;

/** Help lines of the endpoint and cache flags of {@link MODEL_CALL_OPTIONS} (beside --config, --model). */
export const MODEL_ENDPOINT_HELP = `  --base-url URL    --model's API base URL (OpenAI-compatible: with /v1; anthropic: either)
  --provider P      openai (default) or anthropic: the protocol of --model's server
  --no-cache        neither read nor write the response cache
  --cache-ttl HOURS ignore cache entries older than this (or the config's cache_ttl_hours)`;

/** The flags of {@link MODEL_CALL_OPTIONS}, checked. */
export interface ModelCallFlags {
  readonly config: string | undefined;
  readonly model: string | undefined;
  readonly baseUrl: string | undefined;
  readonly provider: string | undefined;
  readonly concurrency: number;
  readonly noCache: boolean;
  /** `--cache-ttl` in hours (the config's `cache_ttl_hours` applies when absent). */
  readonly cacheTtlHours: number | undefined;
}

/** Reads and checks the model-call flags; a bad value is a usage error (exit 2). */
export function readModelCallFlags(
  values: Readonly<Record<string, string | boolean | undefined>>,
  defaultConcurrency: number,
): ModelCallFlags {
  const str = (k: string): string | undefined =>
    typeof values[k] === 'string' ? (values[k] as string) : undefined;
  const concurrency = Number(str('concurrency') ?? defaultConcurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError('--concurrency must be a positive integer');
  const ttlText = str('cache-ttl');
  const cacheTtlHours = ttlText === undefined ? undefined : Number(ttlText);
  if (cacheTtlHours !== undefined && !(Number.isFinite(cacheTtlHours) && cacheTtlHours >= 0))
    throw new UsageError('--cache-ttl must be hours ≥ 0');
  return {
    config: str('config'),
    model: str('model'),
    baseUrl: str('base-url'),
    provider: str('provider'),
    concurrency,
    noCache: values['no-cache'] === true,
    cacheTtlHours,
  };
}

/**
 * The call layer's cache options: the shared response cache unless `--no-cache`; entries older
 * than `--cache-ttl` (else the config's `cache_ttl_hours`) are not used.
 */
export function pipelineCacheOptions(
  flags: ModelCallFlags,
  project: ProjectConfig,
  env: Readonly<Record<string, string | undefined>>,
): { cache?: ResponseCache; cacheMaxAgeMs?: number } {
  const hours = flags.cacheTtlHours ?? project.cache_ttl_hours;
  return {
    ...(flags.noCache ? {} : { cache: createResponseCache(defaultCacheDir(env)) }),
    ...(hours === undefined ? {} : { cacheMaxAgeMs: hours * 3_600_000 }),
  };
}
