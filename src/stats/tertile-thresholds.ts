/**
 * Tertile thresholds of a sample: the values at ranks ⌊n/3⌋ and ⌊2n/3⌋ (0-based) of the sorted
 * values. Binning with "below t1 → 1, below t2 → 2, else 3" then puts at most a third in the lowest
 * bin and at least a third in the highest (ties go up). Throws on an empty or non-finite sample.
 */
export function tertileThresholds(values: readonly number[]): { readonly t1: number; readonly t2: number } {
  if (values.length === 0) throw new RangeError('tertileThresholds: empty sample');
  if (values.some((v) => !Number.isFinite(v))) throw new RangeError('tertileThresholds: non-finite value');
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return { t1: sorted[Math.floor(n / 3)]!, t2: sorted[Math.floor((2 * n) / 3)]! };
}
