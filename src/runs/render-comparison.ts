import type { PairedComparison, RunComparison } from './compare-runs.js';
import type { RunReport } from './run-report.js';

const pct = (v: number | null | undefined): string =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : (100 * v).toFixed(1);
const p = (v: number): string => (Number.isNaN(v) ? '–' : v < 1e-4 ? v.toExponential(1) : v.toFixed(4));
const num = (v: number, digits = 3): string =>
  Number.isNaN(v) ? '–' : Number.isFinite(v) ? v.toFixed(digits) : String(v);

/**
 * Markdown for `prism compare`: the models side by side (Table 1 averages), then for each run
 * against the first the paired tests on per-problem step scores and accuracies, and the problems
 * with the largest step-score differences.
 */
export function renderComparison(
  reports: readonly { label: string; report?: RunReport }[],
  comparisons: readonly RunComparison[],
  topDifferences = 5,
): string {
  const lines = [
    '| Run | Problems | Easy acc / step | Medium acc / step | Hard acc / step | Avg acc (%) | Avg step (%) | Time (s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { label, report: r } of reports) {
    if (r === undefined) {
      lines.push(`| ${label} | (not scored) | | | | | | |`);
      continue;
    }
    const d = r.by_difficulty;
    const both = (c: { accuracy: number | null; step_score: number | null }): string =>
      `${pct(c.accuracy)} / ${pct(c.step_score)}`;
    lines.push(
      `| ${label} | ${r.average.problems} | ${both(d.easy)} | ${both(d.medium)} | ${both(d.hard)} | ${pct(r.average.accuracy)} | ${pct(r.average.step_score)} | ${r.average.mean_time_s?.toFixed(2) ?? '–'} |`,
    );
  }
  for (const c of comparisons) {
    lines.push('', `### ${c.other} vs ${c.baseline} (paired by problem, B − A)`, '');
    lines.push(
      '| Metric | n | mean A | mean B | mean diff | t (df) | p (t) | sign +/− | p (sign) | W+ | p (Wilcoxon) | Kendall τ_b | p (τ) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      metricRow('Step score (%)', c.step),
      metricRow('Final-answer accuracy (%)', c.accuracy),
    );
    const top = Object.entries(c.step.differences)
      .filter(([, d]) => d !== 0)
      .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]) || x[0].localeCompare(y[0]))
      .slice(0, topDifferences);
    if (top.length > 0) {
      lines.push(
        '',
        `Largest step-score differences: ${top.map(([id, d]) => `${id} (${d > 0 ? '+' : ''}${pct(d)})`).join(', ')}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function metricRow(name: string, m: PairedComparison): string {
  return `| ${name} | ${m.n} | ${pct(m.meanA)} | ${pct(m.meanB)} | ${pct(m.meanDiff)} | ${num(m.tTest.t, 2)} (${m.tTest.df}) | ${p(m.tTest.p)} | ${m.signTest.positive}/${m.signTest.negative} | ${p(m.signTest.p)} | ${m.wilcoxon.wPlus} | ${p(m.wilcoxon.p)} | ${num(m.kendall.tau)} | ${p(m.kendall.p)} |`;
}
