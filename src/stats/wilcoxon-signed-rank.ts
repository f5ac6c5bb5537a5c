import { normalTwoSided } from './normal-cdf.js';
import { rankAverage } from './rank-average.js';

/** The result of a two-sided Wilcoxon signed-rank test. */
export interface WilcoxonTest {
  /** Non-zero differences used (zeros are dropped, Wilcoxon's convention). */
  readonly n: number;
  readonly zeros: number;
  /** Sum of the ranks of the positive differences. */
  readonly wPlus: number;
  readonly wMinus: number;
  /** `exact` (no ties and n ≤ exactMaxN) or `normal` (tie-corrected variance, continuity correction). */
  readonly method: 'exact' | 'normal';
  /** The normal statistic, for `normal`. */
  readonly z?: number;
  /** Two-sided p-value; 1 when n = 0. */
  readonly p: number;
}

/**
 * Two-sided Wilcoxon signed-rank test on paired differences. Exact null distribution (subset-sum
 * counts) when there are no tied |d| and n ≤ `exactMaxN` (default 50); otherwise the normal
 * approximation with variance n(n+1)(2n+1)/24 − Σ(t³−t)/48 and a 0.5 continuity correction.
 */
export function wilcoxonSignedRank(differences: readonly number[], exactMaxN = 50): WilcoxonTest {
  const nonZero = differences.filter((d) => d !== 0);
  const zeros = differences.length - nonZero.length;
  const n = nonZero.length;
  if (n === 0) return { n, zeros, wPlus: 0, wMinus: 0, method: 'exact', p: 1 };
  const { ranks, tieGroups } = rankAverage(nonZero.map(Math.abs));
  let wPlus = 0;
  nonZero.forEach((d, i) => {
    if (d > 0) wPlus += ranks[i]!;
  });
  const total = (n * (n + 1)) / 2;
  const wMinus = total - wPlus;
  if (tieGroups.length === 0 && n <= exactMaxN) {
    return { n, zeros, wPlus, wMinus, method: 'exact', p: exactTwoSided(n, Math.min(wPlus, wMinus)) };
  }
  const tieTerm = tieGroups.reduce((s, t) => s + (t * t * t - t), 0) / 48;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm;
  const diff = wPlus - total / 2;
  const corrected = Math.max(0, Math.abs(diff) - 0.5);
  const z = variance > 0 ? Math.sign(diff) * (corrected / Math.sqrt(variance)) : 0;
  return { n, zeros, wPlus, wMinus, method: 'normal', z, p: variance > 0 ? normalTwoSided(z) : 1 };
}

/** P(W ≤ w) doubled, under the null: counts of subsets of {1..n} by their sum. */
function exactTwoSided(n: number, w: number): number {
  const max = (n * (n + 1)) / 2;
  const counts = new Float64Array(max + 1);
  counts[0] = 1;
  for (let r = 1; r <= n; r++) {
    for (let s = max; s >= r; s--) counts[s]! += counts[s - r]!;
  }
  let tail = 0;
  for (let s = 0; s <= Math.floor(w); s++) tail += counts[s]!;
  return Math.min(1, (2 * tail) / 2 ** n);
}
