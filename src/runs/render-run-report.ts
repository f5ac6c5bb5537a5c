import type { CallCost, CostSummary } from '../pipeline/summarize-calls.js';
import { renderMetricsMarkdown } from '../report/summary-metrics.js';
import type { ReportCell, RunReport } from './run-report.js';

const pct = (v: number | null): string => (v === null ? '–' : (100 * v).toFixed(1));
const secs = (v: number | null): string => (v === null ? '–' : v.toFixed(2));

/**
 * Markdown of a run report: the PRISM-Physics Table 1 layout (final-answer accuracy, step score and
 * mean response time by Easy / Medium / Hard and average), then per domain, then @K metrics.
 */
export function renderRunReport(report: RunReport): string {
  const d = report.by_difficulty;
  const columns: [string, ReportCell][] = [
    ['Easy', d.easy],
    ['Medium', d.medium],
    ['Hard', d.hard],
  ];
  if (d.unrated.problems > 0) columns.push(['Unrated', d.unrated]);
  columns.push(['Avg', report.average]);
  const row = (label: string, f: (c: ReportCell) => string): string =>
    `| ${label} | ${columns.map(([, c]) => f(c)).join(' | ')} |`;
  const lines = [
    `## ${report.model}${report.technique === undefined ? '' : ` · ${report.technique}`}`,
    '',
    `${report.problems} problems × ${report.samples} sample(s): ${report.responses} responses, ${report.errors} failed requests, ${report.unscored} unscored.`,
    '',
    `| ${report.samples > 1 ? `mean@${report.samples}` : 'metric'} | ${columns.map(([n]) => n).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    row('Final-answer accuracy (%)', (c) => pct(c.accuracy)),
    row('Step score (%)', (c) => pct(c.step_score)),
    row('Mean response time (s)', (c) => secs(c.mean_time_s)),
    row('Problems', (c) => String(c.problems)),
    '',
    '| Domain | Problems | Accuracy (%) | Step score (%) | Time (s) |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(report.by_domain).map(
      ([name, c]) =>
        `| ${name} | ${c.problems} | ${pct(c.accuracy)} | ${pct(c.step_score)} | ${secs(c.mean_time_s)} |`,
    ),
  ];
  if (report.at_k !== undefined) {
    const ks = Object.keys(report.at_k.pass_at_k);
    lines.push(
      '',
      `| pass@k (final answer, unbiased) | ${ks.map((k) => `k=${k}`).join(' | ')} |`,
      `|---|${ks.map(() => '---:').join('|')}|`,
      `| % | ${ks.map((k) => pct(report.at_k?.pass_at_k[k] ?? null)).join(' | ')} |`,
    );
  }
  if (report.metrics !== undefined) lines.push('', renderMetricsMarkdown(report.metrics).trimEnd());
  if (report.cost !== undefined) lines.push('', ...renderCost(report.cost));
  return `${lines.join('\n')}\n`;
}

/** The cost table: calls, cached calls, tokens and summed latency per role, and the total per sample. */
export function renderCost(cost: CostSummary): string[] {
  const row = (name: string, c: CallCost): string =>
    `| ${name} | ${c.calls} | ${c.cached} | ${c.failed} | ${c.prompt_tokens} | ${c.completion_tokens} | ${(c.latency_ms / 1000).toFixed(2)} |`;
  const per = cost.samples === 0 ? 0 : cost.total.calls / cost.samples;
  return [
    `Cost: ${cost.total.calls} calls over ${cost.samples} sample(s) (${per.toFixed(2)} per sample).`,
    '',
    '| Role | Calls | Cached | Failed | Prompt tokens | Completion tokens | Model time (s) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(cost.by_role).map(([role, c]) => row(role, c)),
    row('total', cost.total),
  ];
}
