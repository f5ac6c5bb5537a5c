import { proxyC12 } from './proxy-c12.js';
import { structuralComplexity } from './structural-complexity.js';
import type { Difficulty, Problem } from './types.js';

/** Cut-points of a 1–3 level from an integer score: 1 when s ≤ a, 2 when a < s ≤ b, 3 above. */
export interface CutPoints {
  readonly a: number;
  readonly b: number;
}

/** The 1–3 level of a score under cut-points. */
export function levelFromCuts(score: number, cuts: CutPoints): 1 | 2 | 3 {
  if (score <= cuts.a) return 1;
  if (score <= cuts.b) return 2;
  return 3;
}

/** The score range of S = C1 + C2 + C3. */
export const SCORE_RANGE = { min: 3, max: 9 } as const;

/**
 * Default S → tier cut-points: Easy when S ≤ a, Medium when a < S ≤ b, Hard when S > b. Calibrated
 * on the bundled benchmark with the rule-based proxy C1/C2 ({@link proxyC12}) and C3: the pair
 * that agrees best with the authors' labels among all 36 monotone pairs (`calibrateCutPoints`;
 * measured numbers in docs/difficulty.md). With a real judge's C1/C2 the S distribution may
 * differ: `prism difficulty` then also reports the best pair for the dataset it is given.
 */
export const TIER_CUTS: CutPoints = { a: 5, b: 7 };

const TIERS: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** The tier of a score S under cut-points (default {@link TIER_CUTS}). */
export function tierFromScore(s: number, cuts: CutPoints = TIER_CUTS): Difficulty {
  return TIERS[levelFromCuts(s, cuts) - 1]!;
}

/**
 * The paper's difficulty model (spec C5) offline: S = C1 + C2 + C3 with the rule-based proxy's
 * C1/C2 and the DAG's C3, mapped to a tier by {@link TIER_CUTS}. The one rule every command uses
 * when a problem carries no `difficulty` of its own (`prism difficulty` can put a judge's C1/C2 in
 * the proxy's place).
 */
export function modelDifficulty(problem: Pick<Problem, 'grading_standard' | 'subquestions'>): Difficulty {
  const { c1, c2 } = proxyC12(problem);
  const { c3 } = structuralComplexity(problem.grading_standard);
  return tierFromScore(c1 + c2 + c3);
}

/** A problem's difficulty: its own `difficulty` field when present, else {@link modelDifficulty}. */
export function problemDifficulty(
  problem: Pick<Problem, 'grading_standard' | 'subquestions'> & { readonly difficulty?: Difficulty },
): Difficulty {
  return problem.difficulty ?? modelDifficulty(problem);
}
