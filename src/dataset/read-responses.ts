import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { parseJson } from './json-error.js';

/** One response to score. */
export interface ResponseRow {
  /** The dataset problem id (`02_cleaned_dag:1010` is read as `1010`). */
  readonly problem_id: string;
  readonly response: string;
  /** `answer_id`, `response_id` or `id` of the row, else `line N`. */
  readonly response_id: string;
  /** 1-based line in the file. */
  readonly line: number;
  /** Every other field of the row (e.g. `original_score`, `expected_nodes`). */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** Parsed responses and the findings about skipped lines. */
export interface ResponseFile {
  readonly responses: ResponseRow[];
  readonly diagnostics: Diagnostic[];
  readonly readable: boolean;
}

/**
 * Parses JSONL responses `{problem_id, response}` (also `model_response`; numeric ids; the
 * `<file stem>:<id>` form). An invalid line is reported with its line number and skipped.
 */
export function parseResponses(text: string, file = 'responses'): ResponseFile {
  const responses: ResponseRow[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const where = `${file}:${line}`;
    const parsed = parseJson(raw, file, i);
    if (!parsed.ok) {
      diagnostics.push(parsed.diagnostic);
      return;
    }
    const row = parsed.value;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      diagnostics.push({
        code: 'response-not-object',
        severity: 'error',
        message: 'line is not a JSON object',
        where,
      });
      return;
    }
    const { problem_id, response, model_response, ...meta } = row as Record<string, unknown>;
    const id =
      typeof problem_id === 'number'
        ? String(problem_id)
        : typeof problem_id === 'string'
          ? problem_id.trim()
          : '';
    if (id === '') {
      diagnostics.push({
        code: 'response-missing-problem-id',
        severity: 'error',
        message: 'no problem_id',
        where,
      });
      return;
    }
    const body =
      typeof response === 'string'
        ? response
        : typeof model_response === 'string'
          ? model_response
          : undefined;
    if (body === undefined) {
      diagnostics.push({
        code: 'response-missing-text',
        severity: 'error',
        message: 'no `response` or `model_response` string',
        where,
      });
      return;
    }
    const rid = meta.answer_id ?? meta.response_id ?? meta.id;
    responses.push({
      problem_id: id.includes(':') ? id.slice(id.lastIndexOf(':') + 1) : id,
      response: body,
      response_id: typeof rid === 'string' || typeof rid === 'number' ? String(rid) : `line ${line}`,
      line,
      meta,
    });
  });
  return { responses, diagnostics, readable: true };
}

/**
 * Reads a responses JSONL file, or every `*.jsonl` file of a directory (in name order, as
 * `data/answers/<domain>.jsonl`).
 */
export function readResponses(path: string): ResponseFile {
  let files: string[];
  try {
    files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((f) => f.endsWith('.jsonl'))
          .sort()
          .map((f) => `${path.replace(/\/$/, '')}/${f}`)
      : [path];
  } catch {
    return {
      responses: [],
      diagnostics: [
        { code: 'file-unreadable', severity: 'error', message: 'no such file or directory', where: path },
      ],
      readable: false,
    };
  }
  const responses: ResponseRow[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      diagnostics.push({ code: 'file-unreadable', severity: 'error', message: String(error), where: file });
      continue;
    }
    const parsed = parseResponses(text, basename(file));
    responses.push(...parsed.responses);
    diagnostics.push(...parsed.diagnostics);
  }
  if (files.length === 0)
    diagnostics.push({
      code: 'file-unreadable',
      severity: 'error',
      message: 'the folder holds no *.jsonl file of responses',
      where: path,
    });
  return { responses, diagnostics, readable: files.length > 0 };
}
