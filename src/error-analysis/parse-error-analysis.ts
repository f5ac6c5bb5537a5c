import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';
import { ERROR_LABELS, type ErrorLabel, isErrorLabel } from './error-taxonomy.js';

/** A classifier's verdict on one answer (spec C4's strict JSON). */
export interface ErrorAnalysis {
  readonly primary_error: ErrorLabel;
  readonly secondary_errors: readonly ErrorLabel[];
  readonly incorrect_expressions: readonly string[];
  readonly related_correct_expressions: readonly string[];
  readonly rationale: string;
  readonly confidence: number;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Strict: `primary_error` one of the seven labels; `secondary_errors` a list of labels (the
 * primary, if repeated there, is dropped; duplicates are kept once); both expression lists lists of
 * strings; `rationale` a non-empty string; `confidence` a number in [0, 1]. Anything else rejects
 * the reply with the reason (the caller re-asks once).
 */
export function parseErrorAnalysis(text: string): ParseOutcome<ErrorAnalysis> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const v = json.value;
  const labels = ERROR_LABELS.join(', ');
  if (!isErrorLabel(v.primary_error))
    return {
      ok: false,
      error: `primary_error must be one of ${labels}, got ${JSON.stringify(v.primary_error)}`,
    };
  const secondary = v.secondary_errors ?? [];
  if (!Array.isArray(secondary) || !secondary.every(isErrorLabel))
    return {
      ok: false,
      error: `secondary_errors must be a list of labels from ${labels}, got ${JSON.stringify(secondary)}`,
    };
  for (const key of ['incorrect_expressions', 'related_correct_expressions'] as const)
    if (!isStringList(v[key] ?? []))
      return { ok: false, error: `${key} must be a list of strings, got ${JSON.stringify(v[key])}` };
  if (typeof v.rationale !== 'string' || v.rationale.trim() === '')
    return { ok: false, error: 'rationale must be a non-empty string' };
  const c = v.confidence;
  if (typeof c !== 'number' || !Number.isFinite(c) || c < 0 || c > 1)
    return { ok: false, error: `confidence must be a number from 0.0 to 1.0, got ${JSON.stringify(c)}` };
  const primary = v.primary_error;
  return {
    ok: true,
    value: {
      primary_error: primary,
      secondary_errors: [...new Set(secondary as ErrorLabel[])].filter((l) => l !== primary),
      incorrect_expressions: (v.incorrect_expressions as string[] | undefined) ?? [],
      related_correct_expressions: (v.related_correct_expressions as string[] | undefined) ?? [],
      rationale: v.rationale.trim(),
      confidence: c,
    },
  };
}
