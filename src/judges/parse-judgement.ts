import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';
import { CRITERIA, type Criterion } from '../pipeline/project-config.js';

/** A rubric judgement (spec A6). */
export interface PpsJudgement {
  readonly scores: Readonly<Record<Criterion, number>>;
  /** 0–10, collected but used in no reported number (as in the paper); null when absent. */
  readonly overall_correctness: number | null;
}

const isInt = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/** Strict: every criterion an integer 1–5 (a missing or out-of-range one rejects the reply). */
export function parsePpsJudgement(text: string): ParseOutcome<PpsJudgement> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const scores: Partial<Record<Criterion, number>> = {};
  for (const c of CRITERIA) {
    const v = json.value[c];
    if (!isInt(v, 1, 5))
      return { ok: false, error: `${c} must be an integer from 1 to 5, got ${JSON.stringify(v)}` };
    scores[c] = v;
  }
  const o = json.value.overall_correctness;
  if (o !== undefined && !isInt(o, 0, 10))
    return {
      ok: false,
      error: `overall_correctness must be an integer from 0 to 10, got ${JSON.stringify(o)}`,
    };
  return { ok: true, value: { scores: scores as Record<Criterion, number>, overall_correctness: o ?? null } };
}

/** `{"score": 0|1}` (also accepts true/false). */
export function parseBinaryJudgement(text: string): ParseOutcome<{ score: 0 | 1; reason?: string }> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const s = json.value.score;
  const score = s === 1 || s === true ? 1 : s === 0 || s === false ? 0 : undefined;
  if (score === undefined) return { ok: false, error: `score must be 0 or 1, got ${JSON.stringify(s)}` };
  const reason = json.value.reason;
  return { ok: true, value: typeof reason === 'string' ? { score, reason } : { score } };
}

/** `{"correct": true|false}` for one step. */
export function parseStepJudgement(text: string): ParseOutcome<{ correct: boolean }> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const c = json.value.correct;
  if (typeof c !== 'boolean')
    return { ok: false, error: `correct must be true or false, got ${JSON.stringify(c)}` };
  return { ok: true, value: { correct: c } };
}
