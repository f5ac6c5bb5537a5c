/** More tokens than any one call uses: a larger usage value is a server's (or a file's) mistake. */
export const MAX_TOKENS_PER_CALL = 1e9;

/**
 * A usage value as a token count: a whole number in [0, 1e9], else 0 (unknown). Servers and
 * hand-edited run files can carry `-5`, `1e308` or `"12"`; summed into a cost summary they would
 * make it negative or infinite.
 */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TOKENS_PER_CALL
    ? value
    : 0;
}

/** A latency in milliseconds: finite and ≥ 0 (at most a day), else 0. */
export function latencyMs(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 86_400_000 ? value : 0;
}
