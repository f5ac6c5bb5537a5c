import type { Problem } from '../dag/types.js';
import { CRITERIA } from '../pipeline/project-config.js';
import {
  type EstimateGroup,
  type EstimateMetrics,
  groupByProblem,
  SCALED_INTERVAL_METHOD,
  type SummaryEnvelope,
  scaledEstimate,
} from '../report/estimate-metrics.js';
import { SUMMARY_SCHEMA } from '../report/summary-metrics.js';
import { mean, sampleSd } from '../stats/describe.js';
import type { Judgement } from './judge-sample.js';

/** Mean, median and sample sd of one metric over the judged answers of a group. */
export interface Describe {
  readonly n: number;
  readonly mean: number | null;
  readonly median: number | null;
  readonly sd: number | null;
}

/** One group (a tier, a domain, or all): every metric the rubric yields. */
export type JudgeGroup = Readonly<Record<string, Describe>>;

/** A judged sample as the summary needs it. */
export interface JudgedRow {
  readonly problem_id: string;
  readonly judgement: Judgement;
}

/**
 * Judgements summarised (spec A8 descriptives) overall, per difficulty tier and per domain; `metrics`
 * gives each mean with n, standard error and 95% interval in the `prism-summary-v1` shape.
 */
export interface JudgeSummary extends SummaryEnvelope {
  readonly kind: 'judge';
  readonly rubric: string;
  readonly judged: number;
  /** Judge failures (unparseable after a re-ask, or failed calls): excluded from the numbers, counted here. */
  readonly failures: number;
  readonly overall: JudgeGroup;
  readonly by_difficulty: Readonly<Record<string, JudgeGroup>>;
  readonly by_domain: Readonly<Record<string, JudgeGroup>>;
}

function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Describes a list of numbers (null fields when empty; sd null below two values). */
export function describe(xs: readonly number[]): Describe {
  const sd = sampleSd(xs);
  return {
    n: xs.length,
    mean: xs.length === 0 ? null : mean(xs),
    median: median(xs),
    sd: Number.isNaN(sd) ? null : sd,
  };
}

/** The metrics of one successful judgement: PPS and the six criteria; the binary score; the step score. */
export function judgementMetrics(j: Judgement): Record<string, number> {
  if (!j.ok) return {};
  if (j.rubric === 'pps') return { pps: j.pps, ...j.scores };
  return { score: j.score };
}

/** The scale of each judge metric: PPS 0–100, a criterion 1–5, a binary or step score 0–1. */
export function metricScale(metric: string): readonly [number, number] {
  if (metric === 'pps') return [0, 100];
  if (metric === 'score') return [0, 1];
  return [1, 5];
}

/** Summarises judgements by Easy / Medium / Hard (unrated apart) and by domain. Pure. */
export function summarizeJudgements(
  rubric: string,
  rows: readonly JudgedRow[],
  problems: readonly Problem[],
): JudgeSummary {
  const ok = rows.filter((r) => r.judgement.ok);
  const metrics = rubric === 'pps' ? ['pps', ...CRITERIA] : ['score'];
  const values = (list: readonly JudgedRow[], m: string): number[] =>
    list.map((r) => judgementMetrics(r.judgement)[m]).filter((v): v is number => v !== undefined);
  const group = (list: readonly JudgedRow[]): JudgeGroup =>
    Object.fromEntries(metrics.map((m) => [m, describe(values(list, m))]));
  const estimates = (list: readonly JudgedRow[]): EstimateGroup =>
    Object.fromEntries(metrics.map((m) => [m, scaledEstimate(values(list, m), metricScale(m))]));
  const { byDifficulty: orderedTiers, byDomain: domains } = groupByProblem(ok, problems);
  const map = <T>(groups: Map<string, JudgedRow[]>, f: (l: readonly JudgedRow[]) => T): Record<string, T> =>
    Object.fromEntries([...groups].map(([k, l]) => [k, f(l)]));
  const metricsBlock: EstimateMetrics = {
    unit: 'answer',
    interval: { level: 0.95, method: SCALED_INTERVAL_METHOD },
    overall: estimates(ok),
    by_difficulty: map(orderedTiers, estimates),
    by_domain: map(domains, estimates),
  };
  return {
    schema: SUMMARY_SCHEMA,
    kind: 'judge',
    rubric,
    judged: ok.length,
    failures: rows.length - ok.length,
    overall: group(ok),
    by_difficulty: map(orderedTiers, group),
    by_domain: map(domains, group),
    metrics: metricsBlock,
  };
}
