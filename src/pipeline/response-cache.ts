import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { TokenUsage } from '../llm/chat-types.js';
import { contentHash } from './content-hash.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** What the cache keeps of a successful completion. */
export interface CachedResponse {
  readonly response: string;
  readonly reasoning?: string;
  readonly finish_reason: string | null;
  readonly usage: TokenUsage;
  readonly latency_ms: number;
}

/** Everything that determines a response; hashed into the cache key. */
export interface CacheKeyParts {
  readonly baseUrl: string;
  readonly model: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly templateVersion: string;
  readonly problemHash: string;
  readonly sample: number;
}

/** The content-addressed key of a response: SHA-256 of the stable JSON of its parts. */
export function cacheKey(parts: CacheKeyParts): string {
  return contentHash({ v: 1, ...parts });
}

/** A content-addressed store of responses (one JSON file per key). */
export interface ResponseCache {
  readonly dir: string;
  /** The entry, unless absent, unreadable, or older than `maxAgeMs` (by file time; the TTL). */
  get(key: string, maxAgeMs?: number): CachedResponse | undefined;
  put(key: string, value: CachedResponse): void;
}

/** The cache folder: `PRISM_CACHE_DIR`, else `$XDG_CACHE_HOME/prism-physics`, else `~/.cache/prism-physics`. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  const dir = env.PRISM_CACHE_DIR;
  if (dir !== undefined && dir !== '') return dir;
  // The XDG base directory spec: an absolute XDG_CACHE_HOME replaces ~/.cache (a relative one is ignored).
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'prism-physics');
}

/** Opens (creating) a response cache under `dir/responses/`; entries are written atomically. */
export function createResponseCache(dir: string): ResponseCache {
  const root = join(dir, 'responses');
  const pathOf = (key: string): string => join(root, key.slice(0, 2), `${key}.json`);
  return {
    dir,
    get(key, maxAgeMs) {
      const path = pathOf(key);
      if (!existsSync(path)) return undefined;
      try {
        if (maxAgeMs !== undefined && Date.now() - statSync(path).mtimeMs > maxAgeMs) return undefined;
        const value = JSON.parse(readFileSync(path, 'utf8')) as CachedResponse;
        return typeof value.response === 'string' ? value : undefined;
      } catch {
        return undefined;
      }
    },
    put(key, value) {
      const path = pathOf(key);
      mkdirSync(join(root, key.slice(0, 2)), { recursive: true });
      writeFileAtomic(path, JSON.stringify(value));
    },
  };
}
