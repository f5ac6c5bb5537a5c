import type { Summary, SummaryRow } from './summarize.js';
import { renderMetricsMarkdown } from './summary-metrics.js';

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}`);

function line(r: SummaryRow): string {
  const name = r.group.charAt(0).toUpperCase() + r.group.slice(1);
  return `| ${name} | ${r.responses} | ${r.problems} | ${pct(r.mean_step_score)} | ${pct(r.final_answer_accuracy)} | ${pct(r.mean_strict)} | ${pct(r.mean_prefix)} | ${pct(r.mean_strict_all_nodes)} | ${pct(r.mean_matched_run)} |`;
}

/** Renders a summary as a Markdown table (percentages, one decimal; `—` where nothing was checked). */
export function renderSummaryMarkdown(summary: Summary): string {
  const head = [
    '| Group | Responses | Problems | Step score % | Final answer % | Strict % | Prefix % | Strict all-nodes % | Matched run % |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const sections: string[] = [`## Overall\n\n${[...head, line(summary.overall)].join('\n')}`];
  if (summary.by_difficulty.length > 0) {
    sections.push(`## By difficulty\n\n${[...head, ...summary.by_difficulty.map(line)].join('\n')}`);
  }
  if (summary.by_domain.length > 0) {
    sections.push(`## By domain\n\n${[...head, ...summary.by_domain.map(line)].join('\n')}`);
  }
  const stamp =
    summary.scorer_version === null ? '' : `\n\n_${summary.scorer_version}, mode ${summary.mode}_`;
  if (summary.metrics !== undefined) sections.push(renderMetricsMarkdown(summary.metrics).trimEnd());
  return `# PRISM-DAG scores\n\n${sections.join('\n\n')}${stamp}\n`;
}

/** Renders a summary as pretty-printed JSON. */
export function renderSummaryJson(summary: Summary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}
