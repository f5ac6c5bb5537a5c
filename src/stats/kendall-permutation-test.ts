import { createPrng } from '../core/prng.js';
import { kendallStatistic } from './kendall-statistic.js';

/** A seeded permutation test of Kendall's τ_b against independence. */
export interface KendallPermutationTest {
  readonly permutations: number;
  /** Permutations whose |S| reached the observed |S| (two-sided). */
  readonly extreme: number;
  /** (extreme + 1)/(permutations + 1): never 0, the conservative Monte Carlo convention. */
  readonly p: number;
  /** extreme/permutations (the other convention; the paper does not say which it used). */
  readonly pRaw: number;
}

/**
 * Permutes y uniformly (Fisher–Yates, sfc32 seeded by `seed`) with x fixed and counts the
 * permutations with |τ_b| ≥ the observed |τ_b|. A permutation keeps both tie structures, so the
 * τ_b denominator is fixed and |S| = |C − D| is compared directly (with a relative 1e-12 slack
 * against rounding, none needed for integers). O(B·n log n).
 */
export function kendallPermutationTest(
  x: readonly number[],
  y: readonly number[],
  permutations = 10_000,
  seed = 'prism-agreement',
): KendallPermutationTest {
  if (!Number.isInteger(permutations) || permutations < 1) {
    throw new RangeError(`kendallPermutationTest: permutations must be a positive integer (${permutations})`);
  }
  const observed = Math.abs(kendallStatistic(x, y));
  const rng = createPrng(seed);
  const perm = [...y];
  let extreme = 0;
  for (let b = 0; b < permutations; b++) {
    for (let i = perm.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = perm[i]!;
      perm[i] = perm[j]!;
      perm[j] = t;
    }
    if (Math.abs(kendallStatistic(x, perm)) >= observed - 1e-12 * Math.max(1, observed)) extreme++;
  }
  return { permutations, extreme, p: (extreme + 1) / (permutations + 1), pRaw: extreme / permutations };
}
