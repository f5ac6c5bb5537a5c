import { mean, sampleSd } from './describe.js';
import { studentTTwoSided } from './student-t-cdf.js';

/** The result of a paired t-test on differences d_i = b_i − a_i. */
export interface PairedTTest {
  readonly n: number;
  readonly meanDiff: number;
  readonly sdDiff: number;
  readonly t: number;
  readonly df: number;
  /** Two-sided p-value; 1 when every difference is 0, 0 when they are all equal and non-zero; NaN for n < 2. */
  readonly p: number;
}

/** Paired two-sided t-test of `b` against `a` (equal lengths, paired by position). */
export function pairedTTest(a: readonly number[], b: readonly number[]): PairedTTest {
  if (a.length !== b.length)
    throw new RangeError(`paired samples differ in length (${a.length} vs ${b.length})`);
  const d = a.map((x, i) => b[i]! - x);
  const n = d.length;
  const meanDiff = mean(d);
  const sdDiff = sampleSd(d);
  if (n < 2) return { n, meanDiff, sdDiff, t: Number.NaN, df: Math.max(0, n - 1), p: Number.NaN };
  if (sdDiff === 0) {
    const t = meanDiff === 0 ? 0 : Math.sign(meanDiff) * Number.POSITIVE_INFINITY;
    return { n, meanDiff, sdDiff, t, df: n - 1, p: meanDiff === 0 ? 1 : 0 };
  }
  const t = meanDiff / (sdDiff / Math.sqrt(n));
  return { n, meanDiff, sdDiff, t, df: n - 1, p: studentTTwoSided(t, n - 1) };
}
