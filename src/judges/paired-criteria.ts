import { mean } from '../stats/describe.js';
import { type PairedTTest, pairedTTest } from '../stats/paired-t-test.js';
import { type JudgedRow, judgementMetrics } from './judge-summary.js';

/** One metric of Table 4: a paired two-sided t-test of a technique against the baseline. */
export interface PairedMetric {
  readonly metric: string;
  readonly n: number;
  readonly mean_baseline: number;
  readonly mean_other: number;
  readonly test: PairedTTest;
}

/** Per-problem means of every metric (each problem averaged over its judged samples). */
export function perProblemMetrics(rows: readonly JudgedRow[]): Map<string, Record<string, number>> {
  const lists = new Map<string, Record<string, number[]>>();
  for (const r of rows) {
    if (!r.judgement.ok) continue;
    const m = judgementMetrics(r.judgement);
    const entry = lists.get(r.problem_id) ?? {};
    for (const [k, v] of Object.entries(m)) entry[k] = [...(entry[k] ?? []), v];
    lists.set(r.problem_id, entry);
  }
  return new Map(
    [...lists].map(([id, e]) => [id, Object.fromEntries(Object.entries(e).map(([k, v]) => [k, mean(v)]))]),
  );
}

/**
 * PhysicsEval Table 4 (spec A8): for each metric, a paired two-sided t-test of `other` against
 * `baseline` over the problems judged in both (missing pairs are dropped: the spec leaves this
 * open), problems sorted by id. Pure.
 */
export function pairedCriteria(baseline: readonly JudgedRow[], other: readonly JudgedRow[]): PairedMetric[] {
  const a = perProblemMetrics(baseline);
  const b = perProblemMetrics(other);
  const ids = [...a.keys()].filter((id) => b.has(id)).sort();
  const metrics = ids.length === 0 ? [] : Object.keys(a.get(ids[0]!)!);
  return metrics.map((metric) => {
    const xs = ids.map((id) => a.get(id)![metric]!);
    const ys = ids.map((id) => b.get(id)![metric]!);
    return {
      metric,
      n: ids.length,
      mean_baseline: mean(xs),
      mean_other: mean(ys),
      test: pairedTTest(xs, ys),
    };
  });
}

const fmtP = (p: number): string =>
  Number.isNaN(p) ? '–' : p === 0 ? '0' : p < 0.001 ? p.toExponential(2) : p.toFixed(4);

/** Markdown of Table 4: metric, n, means, t, p, significant at α = 0.05. */
export function renderPairedCriteria(label: string, rows: readonly PairedMetric[]): string {
  return [
    `| ${label} | n | baseline | technique | t | p (two-sided) | sig (α=0.05) |`,
    '|---|---:|---:|---:|---:|---:|:---:|',
    ...rows.map(
      (r) =>
        `| ${r.metric} | ${r.n} | ${r.mean_baseline.toFixed(3)} | ${r.mean_other.toFixed(3)} | ${Number.isFinite(r.test.t) ? r.test.t.toFixed(2) : String(r.test.t)} | ${fmtP(r.test.p)} | ${r.test.p < 0.05 ? 'yes' : 'no'} |`,
    ),
    '',
  ].join('\n');
}
