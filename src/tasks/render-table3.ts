import type { RobustnessReport } from './robustness-report.js';

const fmt = (x: number | undefined, digits = 1): string =>
  x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits);

/**
 * PRiSM's Table 3 layout in Markdown: one row per task and metric (Overall Acc ↑, TRUE ↑,
 * Volatility ↓, TFR ↓), one column per model; then our step-score rows (mean, mean of per-problem
 * minima, mean spread across instances), which the paper does not report.
 */
export function renderTable3(reports: readonly RobustnessReport[]): string {
  const models = [...new Set(reports.map((r) => r.model))];
  const tasks = [...new Set(reports.map((r) => r.task))];
  const lines = [
    `| Task | Metric | ${models.join(' | ')} |`,
    `|---|---|${models.map(() => '---').join('|')}|`,
  ];
  const cell = (task: string, model: string) => reports.find((r) => r.task === task && r.model === model);
  for (const task of tasks) {
    const t = cell(task, models[0]!)?.metrics.t ?? 90;
    const rows: [string, (r: RobustnessReport) => string][] = [
      ['Overall Acc ↑', (r) => fmt(r.metrics.overall_accuracy)],
      [`TRUE@${t} ↑`, (r) => fmt(r.metrics.true_at_t)],
      ['Volatility ↓', (r) => fmt(r.metrics.volatility)],
      ['TFR ↓', (r) => fmt(r.metrics.total_failure_rate)],
      ['Step score mean ↑', (r) => fmt(r.steps?.mean, 3)],
      ['Step score min (mean over problems) ↑', (r) => fmt(r.steps?.mean_min, 3)],
      ['Step score spread ↓', (r) => fmt(r.steps?.mean_spread, 3)],
    ];
    for (const [name, get] of rows) {
      if (name.startsWith('Step') && models.every((m) => cell(task, m)?.steps === undefined)) continue;
      const values = models.map((m) => {
        const r = cell(task, m);
        return r === undefined ? '–' : get(r);
      });
      lines.push(`| ${task} | ${name} | ${values.join(' | ')} |`);
    }
  }
  const counts = reports
    .map((r) => `${r.task}/${r.model}: ${r.metrics.problems} problems, ${r.metrics.instances} instances`)
    .join('; ');
  return `${lines.join('\n')}\n\n${counts}\n`;
}
