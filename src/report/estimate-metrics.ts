import type { Problem } from '../dag/types.js';
import { estimateOnScale, type MeanEstimate } from '../stats/mean-estimate.js';
import type { SUMMARY_SCHEMA } from './summary-metrics.js';

/** A mean with its uncertainty, on the scale its values live on (a PPS on 0–100, a share on 0–1). */
export interface ScaledEstimate extends MeanEstimate {
  readonly scale: readonly [number, number];
}

/** Named estimates of one group (a tier, a domain, or everything). */
export type EstimateGroup = Readonly<Record<string, ScaledEstimate>>;

/**
 * The `metrics` block of the summaries of `prism judge`, `prism errors` and `prism difficulty`: the
 * `prism-summary-v1` shape with named estimates (each with n, standard error, 95% interval and its
 * scale) instead of the run's step score and final-answer accuracy.
 */
export interface EstimateMetrics {
  /** What n counts: judged or classified answers, or problems. */
  readonly unit: 'answer' | 'problem';
  readonly interval: { readonly level: 0.95; readonly method: string };
  readonly overall: EstimateGroup;
  readonly by_difficulty?: Readonly<Record<string, EstimateGroup>>;
  readonly by_domain?: Readonly<Record<string, EstimateGroup>>;
}

/** The top-level fields a command's summary.json shares with every other: schema, kind, metrics. */
export interface SummaryEnvelope {
  readonly schema: typeof SUMMARY_SCHEMA;
  readonly kind: 'judge' | 'errors' | 'difficulty';
  readonly metrics: EstimateMetrics;
}

export const SCALED_INTERVAL_METHOD =
  "analytic: Wilson's score interval for shares (every value 0 or 1 on the scale 0–1), else Student's t (mean ± t(0.975, n−1)·se) clipped to the metric's scale; se = sample sd / √n";

/** {@link estimateOnScale} with the scale recorded. */
export function scaledEstimate(values: readonly number[], scale: readonly [number, number]): ScaledEstimate {
  return { ...estimateOnScale(values, scale), scale };
}

/** A share of `k` in `n` (Wilson), as a scaled estimate on 0–1. */
export function shareEstimate(k: number, n: number): ScaledEstimate {
  const values = Array.from({ length: n }, (_, i) => (i < k ? 1 : 0));
  return scaledEstimate(values, [0, 1]);
}

/**
 * Rows grouped by their problem: by difficulty tier (easy, medium, hard, unrated — in that order,
 * only tiers present) and by domain (sorted; `unknown` for a problem not given). The grouping of
 * every summary that reports `by_difficulty` and `by_domain` estimates.
 */
export function groupByProblem<R extends { readonly problem_id?: string }>(
  rows: readonly R[],
  problems: readonly Problem[],
): { readonly byDifficulty: Map<string, R[]>; readonly byDomain: Map<string, R[]> } {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const tiers = new Map<string, R[]>();
  const domains = new Map<string, R[]>();
  for (const r of rows) {
    const p = r.problem_id === undefined ? undefined : byId.get(r.problem_id);
    const tier = p?.difficulty ?? 'unrated';
    const domain = p?.domain ?? 'unknown';
    tiers.set(tier, [...(tiers.get(tier) ?? []), r]);
    domains.set(domain, [...(domains.get(domain) ?? []), r]);
  }
  const byDifficulty = new Map<string, R[]>();
  for (const t of ['easy', 'medium', 'hard', 'unrated']) if (tiers.has(t)) byDifficulty.set(t, tiers.get(t)!);
  const byDomain = new Map([...domains.keys()].sort().map((d) => [d, domains.get(d)!]));
  return { byDifficulty, byDomain };
}
