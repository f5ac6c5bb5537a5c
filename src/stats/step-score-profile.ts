/** How a problem's step score holds up across its variations, averaged over problems. */
export interface StepScoreProfile {
  readonly problems: number;
  /** Mean step score over all instances (micro average), in [0, 1]. */
  readonly mean: number;
  /** Mean over problems of the lowest step score among a problem's variations. */
  readonly mean_min: number;
  /** Mean over problems of the spread (highest − lowest) of its variations' step scores. */
  readonly mean_spread: number;
  /** The lowest step score of any instance. */
  readonly min: number;
}

/**
 * The robustness profile of the PRISM-DAG step score, beside PRiSM's answer metrics: `scores[p][v]`
 * is variation v's step score on problem p. A model that reasons the same way on every variation has
 * mean_min = mean and mean_spread = 0. NaN fields when there is no score.
 */
export function stepScoreProfile(scores: readonly (readonly number[])[]): StepScoreProfile {
  const rows = scores.filter((s) => s.length > 0);
  const all = rows.flat();
  const avg = (xs: readonly number[]): number =>
    xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    problems: rows.length,
    mean: avg(all),
    mean_min: avg(rows.map((r) => Math.min(...r))),
    mean_spread: avg(rows.map((r) => Math.max(...r) - Math.min(...r))),
    min: all.length === 0 ? Number.NaN : Math.min(...all),
  };
}
