import { C3_THRESHOLDS } from '../dag/structural-complexity.js';
import type { Difficulty } from '../dag/types.js';
import {
  type EstimateGroup,
  SCALED_INTERVAL_METHOD,
  type SummaryEnvelope,
  shareEstimate,
} from '../report/estimate-metrics.js';
import { SUMMARY_SCHEMA } from '../report/summary-metrics.js';
import { type CutPoints, calibrateCutPoints, leaveOneOutLevels } from '../stats/calibrate-cut-points.js';
import { kendallTauB } from '../stats/kendall-tau-b.js';
import { ordinalAgreement } from '../stats/ordinal-agreement.js';
import type { DifficultyRow } from './difficulty-row.js';
import { SCORE_RANGE, TIER_CUTS, tierLevel } from './difficulty-tier.js';

/** Agreement of computed tiers with the authors' labels (problems that have both). */
export interface LabelAgreement {
  readonly n: number;
  /** `confusion[label][tier]`, easy/medium/hard in that order. */
  readonly confusion: readonly (readonly number[])[];
  readonly exact: number;
  readonly within_one: number;
  /** τ_b of tier vs label, with its asymptotic two-sided p. */
  readonly tau_b: number;
  readonly p: number;
  /** τ_b of S itself vs label (no cut-points involved), and of each component. */
  readonly tau_b_s: number;
  readonly tau_b_components: { readonly c1: number; readonly c2: number; readonly c3: number };
  /** The cut-points that agree best with these labels (in-sample), and what they reach. */
  readonly best: {
    readonly cuts: CutPoints;
    readonly exact: number;
    readonly tau_b: number;
    readonly candidates: number;
  };
  /** Exact agreement when each problem's cut-points are calibrated on the others (leave-one-out). */
  readonly loo_exact: number;
}

/**
 * What `prism difficulty` reports besides the rows; `metrics` gives the tier shares and, with labels,
 * the agreement rates, each with n, standard error and a 95% (Wilson) interval.
 */
export interface DifficultySummary extends SummaryEnvelope {
  readonly kind: 'difficulty';
  readonly problems: number;
  readonly scored: number;
  readonly failures: number;
  readonly c12_source: string;
  readonly cuts: CutPoints;
  readonly c3_thresholds: { readonly tau1: number; readonly tau2: number };
  readonly tiers: Readonly<Record<Difficulty, number>>;
  /** Problems per value of S (3..9). */
  readonly by_s: Readonly<Record<string, number>>;
  readonly agreement?: LabelAgreement;
}

const round = (x: number, d = 4): number => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : x);

/** Counts, and — when problems carry labels — agreement, τ_b, the best cut-points and a leave-one-out check. */
export function summarizeDifficulty(
  rows: readonly DifficultyRow[],
  source: string,
  cuts: CutPoints = TIER_CUTS,
): DifficultySummary {
  const scored = rows.filter((r) => r.s !== null && r.tier !== null);
  const tiers: Record<Difficulty, number> = { easy: 0, medium: 0, hard: 0 };
  const byS: Record<string, number> = {};
  for (let s = SCORE_RANGE.min; s <= SCORE_RANGE.max; s++) byS[String(s)] = 0;
  for (const r of scored) {
    tiers[r.tier!]++;
    byS[String(r.s)] = (byS[String(r.s)] ?? 0) + 1;
  }
  const tierShares: EstimateGroup = Object.fromEntries(
    (['easy', 'medium', 'hard'] as const).map((t) => [t, shareEstimate(tiers[t], scored.length)]),
  );
  const metricsOf = (agreement?: EstimateGroup) => ({
    unit: 'problem' as const,
    interval: { level: 0.95 as const, method: SCALED_INTERVAL_METHOD },
    overall: { ...tierShares, ...agreement },
  });
  const base = {
    schema: SUMMARY_SCHEMA,
    kind: 'difficulty' as const,
    problems: rows.length,
    scored: scored.length,
    failures: rows.length - scored.length,
    c12_source: source,
    cuts,
    c3_thresholds: { tau1: round(C3_THRESHOLDS.tau1, 6), tau2: round(C3_THRESHOLDS.tau2, 6) },
    tiers,
    by_s: byS,
  };
  const labelled = scored.filter((r) => r.label !== null);
  if (labelled.length < 2) return { ...base, metrics: metricsOf() };
  const labels = labelled.map((r) => tierLevel(r.label!));
  const levels = labelled.map((r) => tierLevel(r.tier!));
  const scores = labelled.map((r) => r.s!);
  const a = ordinalAgreement(levels, labels);
  const best = calibrateCutPoints(scores, labels, SCORE_RANGE);
  const loo = leaveOneOutLevels(scores, labels, SCORE_RANGE);
  const tau = (xs: number[]) => round(kendallTauB(xs, labels).tau);
  const n = labelled.length;
  const exactCount = levels.filter((l, i) => l === labels[i]).length;
  const withinOneCount = levels.filter((l, i) => Math.abs(l - labels[i]!) <= 1).length;
  const looCount = loo.filter((l, i) => l === labels[i]).length;
  return {
    ...base,
    metrics: metricsOf({
      exact: shareEstimate(exactCount, n),
      within_one: shareEstimate(withinOneCount, n),
      loo_exact: shareEstimate(looCount, n),
    }),
    agreement: {
      n: a.n,
      confusion: a.confusion,
      exact: round(a.exact),
      within_one: round(a.withinOne),
      tau_b: round(a.kendall.tau),
      p: a.kendall.p,
      tau_b_s: tau(scores),
      tau_b_components: {
        c1: tau(labelled.map((r) => r.c1!)),
        c2: tau(labelled.map((r) => r.c2!)),
        c3: tau(labelled.map((r) => r.c3!)),
      },
      best: {
        cuts: best.cuts,
        exact: round(best.matches / labelled.length),
        tau_b: round(best.tau),
        candidates: best.candidates,
      },
      loo_exact: round(loo.filter((l, i) => l === labels[i]).length / labelled.length),
    },
  };
}
