/** Exponential backoff settings (milliseconds). */
export interface BackoffOptions {
  /** Delay scale of the first retry. Default 500. */
  readonly baseMs?: number;
  /** Cap of the exponential part. Default 30 000. */
  readonly maxMs?: number;
  /** Longest `Retry-After` honoured; a longer one is clamped. Default 120 000. */
  readonly maxRetryAfterMs?: number;
}

/**
 * The wait before retry number `attempt` (1 = first retry): "equal jitter" exponential backoff,
 * half of min(max, base·2^(attempt−1)) fixed plus up to the same again at random. A server's
 * `Retry-After` is a floor (clamped to `maxRetryAfterMs`), plus up to 10% jitter so clients spread.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number,
  retryAfterMs?: number,
): number {
  const base = options.baseMs ?? 500;
  const cap = options.maxMs ?? 30_000;
  const exp = Math.min(cap, base * 2 ** Math.max(0, attempt - 1));
  const jittered = exp / 2 + (random() * exp) / 2;
  if (retryAfterMs === undefined) return Math.round(jittered);
  const floor = Math.min(retryAfterMs, options.maxRetryAfterMs ?? 120_000);
  return Math.round(Math.max(floor + random() * floor * 0.1, floor === 0 ? jittered : floor));
}
