import type { Diagnostic } from '../core/diagnostic.js';

/** Loading findings that mean a whole file was lost (unreadable, not JSON, nothing in it). */
const FILE_LEVEL = new Set(['file-unreadable', 'invalid-json', 'empty-dataset']);

/**
 * The findings that lost a whole dataset file. Commands that compute over a dataset (score, run,
 * stats) refuse to go on with part of it — a silent partial result reads as the whole — and exit 2;
 * `prism validate` reports them as findings instead. A JSONL line that is not JSON loses one problem,
 * which is reported the same way.
 */
export function fileLevelErrors(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error' && FILE_LEVEL.has(d.code));
}
