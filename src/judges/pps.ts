import { CRITERIA, type Criterion, type CriterionWeights } from '../pipeline/project-config.js';

/** PhysicsEval Table 3's PPS weights (sum 1). */
export const DEFAULT_PPS_WEIGHTS: CriterionWeights = {
  mathematical_accuracy: 0.3,
  logical_consistency: 0.25,
  formulas_principles: 0.2,
  completeness: 0.1,
  assumptions_made: 0.1,
  clarity_and_coherence: 0.05,
};

/** How Σw·s (on the 1–5 scale) becomes [0, 100]: spec A7 reading (a) (default) or (b). */
export type PpsNormaliser = 'min-max' | 'times-20';

/** The weighted sum Σ_k w_k·s_k of the six 1–5 criterion scores. */
export function weightedRubricSum(
  scores: Readonly<Record<Criterion, number>>,
  weights: CriterionWeights = DEFAULT_PPS_WEIGHTS,
): number {
  let sum = 0;
  for (const c of CRITERIA) sum += weights[c] * scores[c];
  return sum;
}

/** Normalises a weighted sum on the 1–5 scale: `min-max` → 100·(S − 1)/4, `times-20` → 20·S. */
export function normalisePps(sum: number, normaliser: PpsNormaliser = 'min-max'): number {
  return normaliser === 'min-max' ? (100 * (sum - 1)) / 4 : 20 * sum;
}

/**
 * The Physics Proficiency Score of one solution (spec A7): PPS = 100·(Σw·s − 1)/4 with Table 3's
 * weights by default (reading (a), which the spec infers from the paper's o4-mini sub-scores);
 * weights and normaliser are configurable.
 */
export function ppsScore(
  scores: Readonly<Record<Criterion, number>>,
  weights: CriterionWeights = DEFAULT_PPS_WEIGHTS,
  normaliser: PpsNormaliser = 'min-max',
): number {
  return normalisePps(weightedRubricSum(scores, weights), normaliser);
}
