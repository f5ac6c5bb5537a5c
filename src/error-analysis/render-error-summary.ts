import type { ErrorSummary } from './error-summary.js';
import { ERROR_TAXONOMY } from './error-taxonomy.js';

const pct = (share: number): string => `${(100 * share).toFixed(1)}%`;

/** A column header per summary: the model, with the technique when two columns would read the same. */
function headers(summaries: readonly ErrorSummary[]): string[] {
  const plain = summaries.map((s) => s.model);
  return summaries.map((s, i) =>
    plain.filter((m) => m === plain[i]).length > 1 ? `${s.model} · ${s.technique}` : s.model,
  );
}

/**
 * The error distribution as Markdown: one row per label (count and share of the classified
 * answers, secondary mentions in brackets), one column per model; then the answers classified,
 * the perfect ones left out and the failures. One summary gives one column.
 */
export function renderErrorSummary(summaries: readonly ErrorSummary[]): string {
  const cols = headers(summaries);
  const lines = [
    `## Error analysis: primary error per ${summaries.every((s) => s.included === 'all') ? '' : 'imperfect '}answer (secondary mentions in brackets)`,
    '',
    `| Error class | ${cols.join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
  ];
  for (const c of ERROR_TAXONOMY) {
    const cells = summaries.map((s) => {
      const p = s.primary[c.label];
      return `${p.count} (${pct(p.share)}) [${s.secondary[c.label]}]`;
    });
    lines.push(`| ${c.label} — ${c.name} | ${cells.join(' | ')} |`);
  }
  lines.push(`| classified | ${summaries.map((s) => s.classified).join(' | ')} |`);
  lines.push(`| failures (not counted) | ${summaries.map((s) => s.failures).join(' | ')} |`);
  lines.push(`| perfect, left out | ${summaries.map((s) => s.perfect_skipped).join(' | ')} |`);
  lines.push(`| answers in the run | ${summaries.map((s) => s.answers).join(' | ')} |`);
  lines.push(
    '',
    'Share of the classified answers with its 95% interval (Wilson; n = classified):',
    '',
    `| Error class | ${cols.join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
  );
  for (const c of ERROR_TAXONOMY) {
    const cells = summaries.map((s) => {
      const e = s.metrics?.overall[c.label];
      if (e === undefined || e.mean === null || e.ci95 === null) return '–';
      return `${pct(e.mean)} [${(100 * e.ci95[0]).toFixed(1)}, ${(100 * e.ci95[1]).toFixed(1)}]`;
    });
    lines.push(`| ${c.label} | ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
