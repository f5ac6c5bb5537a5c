import { type CutPoints, levelFromCuts } from '../dag/difficulty-model.js';
import { kendallTauB } from './kendall-tau-b.js';

// Cut-points and their levels belong to the difficulty model (`src/dag/difficulty-model.ts`).
export { type CutPoints, levelFromCuts } from '../dag/difficulty-model.js';

/** The chosen cut-points with what they achieve on the calibration sample. */
export interface Calibration {
  readonly cuts: CutPoints;
  /** Items whose level equals the reference. */
  readonly matches: number;
  /** Kendall τ_b of the levels vs the reference (NaN when either is constant). */
  readonly tau: number;
  /** How many monotone pairs were tried. */
  readonly candidates: number;
}

/**
 * Chooses the cut-points that best map integer scores in [min, max] to reference levels 1–3,
 * over every monotone pair min − 1 ≤ a ≤ b ≤ max: the most exact matches; among equals the
 * highest τ_b of levels vs reference (NaN counts as lowest); then the level sizes closest (L1) to
 * the reference's; then the smallest (a, b). Deterministic; O(pairs · n).
 */
export function calibrateCutPoints(
  scores: readonly number[],
  reference: readonly (1 | 2 | 3)[],
  range: { readonly min: number; readonly max: number },
): Calibration {
  if (scores.length !== reference.length)
    throw new RangeError(`calibrateCutPoints: lengths differ (${scores.length} vs ${reference.length})`);
  if (!(Number.isInteger(range.min) && Number.isInteger(range.max) && range.min <= range.max))
    throw new RangeError('calibrateCutPoints: range must be integers with min ≤ max');
  const refSizes = [1, 2, 3].map((l) => reference.filter((r) => r === l).length);
  let best: { cuts: CutPoints; matches: number; tau: number; gap: number } | undefined;
  let candidates = 0;
  for (let a = range.min - 1; a <= range.max; a++) {
    for (let b = a; b <= range.max; b++) {
      candidates++;
      const cuts = { a, b };
      const levels = scores.map((s) => levelFromCuts(s, cuts));
      const matches = levels.filter((l, i) => l === reference[i]).length;
      const tau = levels.length < 2 ? Number.NaN : kendallTauB(levels, reference).tau;
      const gap = [1, 2, 3].reduce(
        (g, l, i) => g + Math.abs(levels.filter((x) => x === l).length - refSizes[i]!),
        0,
      );
      if (best === undefined || better({ matches, tau, gap }, best)) best = { cuts, matches, tau, gap };
    }
  }
  return { cuts: best!.cuts, matches: best!.matches, tau: best!.tau, candidates };
}

function better(
  x: { matches: number; tau: number; gap: number },
  y: { matches: number; tau: number; gap: number },
): boolean {
  if (x.matches !== y.matches) return x.matches > y.matches;
  const tx = Number.isNaN(x.tau) ? -Infinity : x.tau;
  const ty = Number.isNaN(y.tau) ? -Infinity : y.tau;
  if (tx !== ty) return tx > ty;
  return x.gap < y.gap; // equal gap: the earlier (smaller) pair stays
}

/**
 * Leave-one-out check of {@link calibrateCutPoints}: each item's level comes from cut-points
 * calibrated on the other items, so the share of matches estimates agreement on unseen problems
 * (the in-sample figure is optimistic by construction). Returns the predicted levels.
 */
export function leaveOneOutLevels(
  scores: readonly number[],
  reference: readonly (1 | 2 | 3)[],
  range: { readonly min: number; readonly max: number },
): (1 | 2 | 3)[] {
  return scores.map((s, i) => {
    const rest = (xs: readonly number[]) => xs.filter((_, j) => j !== i);
    const cal = calibrateCutPoints(rest(scores), rest(reference) as (1 | 2 | 3)[], range);
    return levelFromCuts(s, cal.cuts);
  });
}
