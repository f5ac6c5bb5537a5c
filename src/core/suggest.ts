/** Levenshtein distance, for "did you mean" suggestions (short strings only). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/**
 * The candidate closest to `input` when it is close enough to be a likely typo (distance ≤ 2, or a
 * unique prefix), else undefined.
 */
export function suggest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = distance(input, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.min(2, Math.max(1, Math.floor(input.length / 2))))
    return best;
  const prefixed = candidates.filter((c) => c.startsWith(input));
  return input.length >= 2 && prefixed.length === 1 ? prefixed[0] : undefined;
}
