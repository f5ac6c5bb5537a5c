import { type KendallBootstrap, kendallBootstrap } from './kendall-bootstrap.js';
import { type KendallPermutationTest, kendallPermutationTest } from './kendall-permutation-test.js';
import { kendallTauB } from './kendall-tau-b.js';

/** Options of {@link kendallAgreement}; defaults follow the PRISM-Physics human study (spec C3). */
export interface KendallAgreementOptions {
  /** Permutations of the permutation test (default 10,000). */
  readonly permutations?: number;
  /** Bootstrap resamples (default 2,000). */
  readonly resamples?: number;
  /** Seed of both the permutations and the resamples (default `prism-agreement`). */
  readonly seed?: string;
  /** Confidence level of the bootstrap interval (default 0.95). */
  readonly level?: number;
}

/** Agreement of predicted scores x with human scores y. */
export interface KendallAgreement {
  readonly n: number;
  /** Kendall's τ_b (tie-corrected); NaN when either variable is constant. */
  readonly tau: number;
  readonly concordant: number;
  readonly discordant: number;
  /** Z = S/σ_S under H0 with the tie-adjusted variance (Kendall 1970, eq. 4.4). */
  readonly z: number;
  /** Two-sided asymptotic p-value from z. */
  readonly pAsymptotic: number;
  readonly permutation: KendallPermutationTest;
  readonly bootstrap: KendallBootstrap;
}

/**
 * Kendall τ_b with its asymptotic p, a seeded permutation p and a seeded percentile bootstrap
 * interval: the statistics of the PRISM-Physics human-agreement study (spec C3, Table 2).
 */
export function kendallAgreement(
  x: readonly number[],
  y: readonly number[],
  options: KendallAgreementOptions = {},
): KendallAgreement {
  const seed = options.seed ?? 'prism-agreement';
  const k = kendallTauB(x, y);
  return {
    n: k.n,
    tau: k.tau,
    concordant: k.concordant,
    discordant: k.discordant,
    z: k.z,
    pAsymptotic: k.p,
    permutation: kendallPermutationTest(x, y, options.permutations ?? 10_000, `${seed}/permutation`),
    bootstrap: kendallBootstrap(x, y, options.resamples ?? 2000, `${seed}/bootstrap`, options.level ?? 0.95),
  };
}
