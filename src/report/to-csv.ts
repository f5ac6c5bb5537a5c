import type { MeanEstimate } from '../stats/mean-estimate.js';
import type { MetricSet, SummaryMetrics } from './summary-metrics.js';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading = + - @ is
 * prefixed with ' so that a spreadsheet does not run dataset text as a formula. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: readonly unknown[]): string => `${values.map(field).join(',')}\r\n`;

/** The columns of records.csv: one row per scored response. */
export const RECORD_COLUMNS = [
  'response_id',
  'problem_id',
  'sample',
  'step_score',
  'final_answer_correct',
  'matched',
  'achieved',
  'total_nodes',
  'scorer_version',
] as const;

/**
 * Score records as CSV (header row, CRLF lines): ids, step score, final-answer verdict, counts of
 * matched and achieved nodes. Fields records gain later are left out, so the columns stay fixed.
 */
export function recordsCsv(records: readonly Readonly<Record<string, unknown>>[]): string {
  const count = (v: unknown): unknown => (Array.isArray(v) ? v.length : v);
  return (
    line(RECORD_COLUMNS) +
    records
      .map((r) =>
        line([
          r.response_id,
          r.problem_id,
          r.sample ?? 0,
          r.step_score,
          r.final_answer_correct,
          count(r.matched),
          count(r.achieved),
          r.total_nodes,
          r.scorer_version,
        ]),
      )
      .join('')
  );
}

/** The columns of summary.csv: one row per group and metric. */
export const SUMMARY_COLUMNS = [
  'grouping',
  'group',
  'metric',
  'mean',
  'n',
  'stderr',
  'ci95_low',
  'ci95_high',
  'ci_method',
] as const;

/** A summary's metrics as CSV: overall, by difficulty and by domain, each metric with its uncertainty. */
export function summaryCsv(metrics: SummaryMetrics): string {
  const rows: string[] = [line(SUMMARY_COLUMNS)];
  const add = (grouping: string, group: string, s: MetricSet): void => {
    for (const [metric, e] of [
      ['step_score', s.step_score],
      ['final_answer_accuracy', s.final_answer_accuracy],
    ] as [string, MeanEstimate][])
      rows.push(
        line([grouping, group, metric, e.mean, e.n, e.stderr, e.ci95?.[0], e.ci95?.[1], e.ci_method]),
      );
  };
  add('overall', 'overall', metrics.overall);
  for (const [k, s] of Object.entries(metrics.by_difficulty)) add('difficulty', k, s);
  for (const [k, s] of Object.entries(metrics.by_domain)) add('domain', k, s);
  return rows.join('');
}
