import { type KendallTau, kendallTauB } from './kendall-tau-b.js';

/** How well predicted levels 1–3 agree with reference levels 1–3. */
export interface OrdinalAgreement {
  readonly n: number;
  /** `confusion[r][p]`: items with reference level r + 1 predicted at level p + 1. */
  readonly confusion: readonly (readonly number[])[];
  /** Share of items whose level is exactly the reference's (0 when n = 0). */
  readonly exact: number;
  /** Share of items at most one level off. */
  readonly withinOne: number;
  /** Kendall τ_b of predicted vs reference levels (NaN when either is constant). */
  readonly kendall: KendallTau;
}

/** Confusion matrix, exact and within-one agreement, and τ_b of two lists of levels 1–3. */
export function ordinalAgreement(
  predicted: readonly number[],
  reference: readonly number[],
): OrdinalAgreement {
  if (predicted.length !== reference.length)
    throw new RangeError(`ordinalAgreement: lengths differ (${predicted.length} vs ${reference.length})`);
  const confusion = [0, 1, 2].map(() => [0, 0, 0]);
  let exact = 0;
  let withinOne = 0;
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i]!;
    const r = reference[i]!;
    if (![1, 2, 3].includes(p) || ![1, 2, 3].includes(r))
      throw new RangeError(`ordinalAgreement: levels must be 1, 2 or 3 (item ${i}: ${p} vs ${r})`);
    confusion[r - 1]![p - 1]!++;
    if (p === r) exact++;
    if (Math.abs(p - r) <= 1) withinOne++;
  }
  const n = predicted.length;
  return {
    n,
    confusion,
    exact: n === 0 ? 0 : exact / n,
    withinOne: n === 0 ? 0 : withinOne / n,
    kendall: kendallTauB(predicted, reference),
  };
}
