import type { Diagnostic } from '../core/diagnostic.js';
import type { TokenUsage } from '../llm/chat-types.js';
import { readJsonLines } from './jsonl-file.js';

/** One line of `responses.jsonl`: one attempt-to-completion of one sample of one problem. */
export interface ResponseRow {
  readonly problem_id: string;
  readonly sample: number;
  readonly prompt_hash: string;
  /** The model's text; null when the request failed. */
  readonly response: string | null;
  readonly reasoning?: string;
  readonly finish_reason: string | null;
  readonly latency_ms: number;
  readonly usage: TokenUsage;
  readonly attempts: number;
  readonly error: { readonly code: string; readonly message: string; readonly status?: number } | null;
  /** True when the response came from the cache (no API call). */
  readonly cached: boolean;
  readonly at: string;
  /** Technique runs: the technique, its first solution and what each review round did. */
  readonly technique?: string;
  readonly initial_response?: string;
  readonly rounds?: readonly unknown[];
  /** Technique runs: calls made for this sample (all roles). */
  readonly calls?: number;
}

/** The key of a sample: `problem_id#sample`. */
export function sampleKey(problemId: string, sample: number): string {
  return `${problemId}#${sample}`;
}

function isRow(value: unknown): value is ResponseRow {
  const r = value as Partial<ResponseRow> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.problem_id === 'string' &&
    Number.isInteger(r.sample) &&
    typeof r.prompt_hash === 'string' &&
    (typeof r.response === 'string' || r.response === null)
  );
}

/**
 * Loads `responses.jsonl`: every valid row in file order, and the latest row per sample (a later
 * row supersedes an earlier failure retried with `--retry-errors`).
 */
export function loadResponses(path: string): {
  rows: ResponseRow[];
  latest: Map<string, ResponseRow>;
  diagnostics: Diagnostic[];
  truncated: boolean;
} {
  const read = readJsonLines(path);
  const diagnostics = [...read.diagnostics];
  const rows: ResponseRow[] = [];
  read.rows.forEach((row, i) => {
    if (isRow(row)) rows.push(row);
    else {
      diagnostics.push({
        code: 'jsonl-invalid-line',
        severity: 'warning',
        message: 'not a response row, skipped',
        where: `${path}:${read.lineNumbers[i]}`,
      });
    }
  });
  const latest = new Map<string, ResponseRow>();
  for (const row of rows) latest.set(sampleKey(row.problem_id, row.sample), row);
  return { rows, latest, diagnostics, truncated: read.truncated };
}
