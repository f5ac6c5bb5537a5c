import type { Difficulty } from '../dag/types.js';
import { type CutPoints, levelFromCuts } from '../stats/calibrate-cut-points.js';

/** The score range of S = C1 + C2 + C3. */
export const SCORE_RANGE = { min: 3, max: 9 } as const;

/**
 * Default S → tier cut-points: Easy when S ≤ a, Medium when a < S ≤ b, Hard when S > b. Calibrated
 * on the bundled benchmark with the rule-based proxy C1/C2 ({@link proxyC12}) and C3: the pair
 * that agrees best with the authors' labels among all 36 monotone pairs (`calibrateCutPoints`;
 * measured numbers in the README, "Difficulty"). With a real judge's C1/C2 the S distribution may
 * differ: `prism difficulty` then also reports the best pair for the dataset it is given.
 */
export const TIER_CUTS: CutPoints = { a: 5, b: 7 };

const TIERS: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** The tier of a score S under cut-points (default {@link TIER_CUTS}). */
export function tierFromScore(s: number, cuts: CutPoints = TIER_CUTS): Difficulty {
  return TIERS[levelFromCuts(s, cuts) - 1]!;
}

/** easy → 1, medium → 2, hard → 3. */
export function tierLevel(tier: Difficulty): 1 | 2 | 3 {
  return (TIERS.indexOf(tier) + 1) as 1 | 2 | 3;
}
