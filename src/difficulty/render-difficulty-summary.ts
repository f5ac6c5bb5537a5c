import type { DifficultySummary } from './summarize-difficulty.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
/** ` [lo, hi]` in percent: the 95% interval of a share in the summary's metrics, when it has one. */
const ci = (summary: DifficultySummary, key: string): string => {
  const e = summary.metrics?.overall[key];
  return e?.ci95 ? ` [95% ${(100 * e.ci95[0]).toFixed(1)}–${(100 * e.ci95[1]).toFixed(1)}]` : '';
};
const num = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : '–');
const SOURCES: Readonly<Record<string, string>> = {
  judge: 'C1/C2 from the difficulty judge',
  proxy:
    'C1/C2 from the rule-based proxy (DAG sources + sub-questions; DAG nodes + calculus operators), not from a model',
  file: 'C1/C2 from a recorded file (--c12)',
};

/** Markdown: sources and thresholds, tiers and S counts, and — with labels — the comparison with them. */
export function renderDifficultySummary(summary: DifficultySummary, title: string): string {
  const { cuts } = summary;
  const lines = [
    `## Difficulty · ${title}`,
    '',
    `${summary.problems} problems, ${summary.scored} with a tier, ${summary.failures} without (recorded failures, no guessed tier). ${SOURCES[summary.c12_source] ?? summary.c12_source}; C3 from the DAG entropy e (nats) with τ1 = ${num(summary.c3_thresholds.tau1)} (ln 3), τ2 = ${num(summary.c3_thresholds.tau2)} (ln 6). S = C1 + C2 + C3: Easy ≤ ${cuts.a} < Medium ≤ ${cuts.b} < Hard.`,
    '',
    '| S | 3 | 4 | 5 | 6 | 7 | 8 | 9 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| problems | ${[3, 4, 5, 6, 7, 8, 9].map((s) => summary.by_s[String(s)] ?? 0).join(' | ')} |`,
    '',
    `Tiers: ${summary.tiers.easy} easy, ${summary.tiers.medium} medium, ${summary.tiers.hard} hard.`,
    '',
  ];
  const a = summary.agreement;
  if (a === undefined) return `${lines.join('\n')}\n`;
  const names = ['easy', 'medium', 'hard'];
  lines.push(
    `### Against the dataset's own labels (${a.n} problems)`,
    '',
    '| label \\ computed | easy | medium | hard |',
    '|---|---:|---:|---:|',
    ...a.confusion.map((row, i) => `| ${names[i]} | ${row.join(' | ')} |`),
    '',
    `Exact ${pct(a.exact)}${ci(summary, 'exact')}, within one tier ${pct(a.within_one)}${ci(summary, 'within_one')}, Kendall τ_b ${num(a.tau_b)} (p ${a.p.toExponential(1)}). τ_b of S itself ${num(a.tau_b_s)}; of C1 ${num(a.tau_b_components.c1)}, C2 ${num(a.tau_b_components.c2)}, C3 ${num(a.tau_b_components.c3)}.`,
    '',
    `Best cut-points for these labels (${a.best.candidates} monotone pairs, most exact matches, then τ_b): Easy ≤ ${a.best.cuts.a} < Medium ≤ ${a.best.cuts.b} < Hard, exact ${pct(a.best.exact)} in sample; leave-one-out (each problem's cut-points calibrated on the others) ${pct(a.loo_exact)}${ci(summary, 'loo_exact')}.`,
    '',
  );
  return `${lines.join('\n')}\n`;
}
