import type { ResponseCache } from '../pipeline/response-cache.js';

/** What every pass of model calls over a run's samples (answering, judging, classifying) is given. */
export interface ModelPassOptions {
  readonly cache?: ResponseCache;
  /** Cache entries older than this (ms) are not used (the cache TTL). */
  readonly cacheMaxAgeMs?: number;
  /** Request again the samples whose stored row is a failure. */
  readonly retryErrors?: boolean;
  /** Samples requested at once (the client's own limit applies too). */
  readonly concurrency?: number;
  /** Aborting stops new requests and cancels in-flight ones (they stay unrecorded, requested next time). */
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
}
