import { createPrng } from '../core/prng.js';
import { kendallStatistic } from './kendall-statistic.js';

/** A percentile bootstrap interval of Kendall's τ_b. */
export interface KendallBootstrap {
  readonly resamples: number;
  /** Resamples where τ_b was defined (a resample with a constant variable has none). */
  readonly valid: number;
  readonly level: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Resamples the (x, y) pairs with replacement `resamples` times (sfc32 seeded by `seed`), computes
 * τ_b of each and returns the percentile interval at `level` (default 0.95) over the resamples
 * where τ_b is defined. NaN bounds when none is.
 */
export function kendallBootstrap(
  x: readonly number[],
  y: readonly number[],
  resamples = 2000,
  seed = 'prism-agreement',
  level = 0.95,
): KendallBootstrap {
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`kendallBootstrap: resamples must be a positive integer (${resamples})`);
  }
  const n = x.length;
  const rng = createPrng(seed);
  const taus: number[] = [];
  const xs = new Array<number>(n);
  const ys = new Array<number>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) {
      const k = rng.int(n);
      xs[i] = x[k]!;
      ys[i] = y[k]!;
    }
    const tau = tauB(xs, ys);
    if (!Number.isNaN(tau)) taus.push(tau);
  }
  taus.sort((a, b) => a - b);
  const alpha = (1 - level) / 2;
  return {
    resamples,
    valid: taus.length,
    level,
    low: quantile(taus, alpha),
    high: quantile(taus, 1 - alpha),
  };
}

/** τ_b from the O(n log n) numerator and the tie counts. */
function tauB(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const n0 = (n * (n - 1)) / 2;
  const denom = Math.sqrt((n0 - tiedPairs(x)) * (n0 - tiedPairs(y)));
  return denom > 0 ? kendallStatistic(x, y) / denom : Number.NaN;
}

function tiedPairs(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let total = 0;
  for (const c of counts.values()) total += (c * (c - 1)) / 2;
  return total;
}

/** Linear-interpolated quantile of sorted values (type 7); NaN for none. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
