import type { ProjectConfig } from '../pipeline/project-config.js';
import type { ResolveRolesOptions } from '../pipeline/resolve-roles.js';
import { createResponseCache, defaultCacheDir, type ResponseCache } from '../pipeline/response-cache.js';
import type { FlagTable } from './flags.js';
import { UsageError } from './io.js';

/**
 * What a command that calls models takes from its caller: the environment (API keys, cache
 * directory) and, in tests, transport overrides such as a fast backoff. The subset of
 * `ResolveRolesOptions` the CLI passes through.
 */
export type ModelCommandDeps = Pick<ResolveRolesOptions, 'env' | 'transport'>;

/**
 * The endpoint and cache flags of every command that calls a model (`run` aside: `judge`, `errors`,
 * `difficulty`, `build-dag`, `parameterize`). Each command also defines `--config`, `--model` and
 * `--concurrency` itself, since what they mean (who is asked, how many at once) is its own.
 */
/** `--config FILE`: the providers-and-roles file of every command that calls models. */
export const CONFIG_FLAG = {
  config: {
    type: 'string',
    arg: 'FILE',
    help: 'providers and roles (default ./prism.config.json unless --model is given)',
  },
} as const satisfies FlagTable;

/** `--judge ROLE`: which config role or provider judges or classifies (`judge`, `errors`). */
export const JUDGE_ROLE_FLAG = {
  judge: {
    type: 'string',
    arg: 'ROLE',
    help: 'the config role (judge, meta_verifier, reviewer, solver) or provider name (default judge)',
  },
} as const satisfies FlagTable;

export const MODEL_ENDPOINT_FLAGS = {
  'base-url': {
    type: 'string',
    arg: 'URL',
    help: "--model's API base URL (OpenAI-compatible: with /v1; anthropic: either)",
  },
  provider: {
    type: 'string',
    arg: 'P',
    help: "openai (default) or anthropic: the protocol of --model's server",
  },
  'no-cache': { type: 'boolean', help: 'neither read nor write the response cache' },
  'cache-ttl': {
    type: 'string',
    arg: 'HOURS',
    help: "ignore cache entries older than this (or the config's cache_ttl_hours)",
  },
} as const satisfies FlagTable;

/** The model-call flags (`--config`, `--model`, `--concurrency` and {@link MODEL_ENDPOINT_FLAGS}), checked. */
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
