import type { Level } from '../dag/structural-complexity.js';
import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';

/** A difficulty judge's reply (spec C5). */
export interface DifficultyJudgement {
  readonly c1: Level;
  readonly c2: Level;
  readonly rationales: { readonly C1: string; readonly C2: string };
  readonly reasoning: string;
  readonly confidence: number;
}

const isLevel = (v: unknown): v is Level => v === 1 || v === 2 || v === 3;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Strict: `scores.C1` and `scores.C2` integers 1–3, `rationales.C1` / `.C2` strings, `reasoning` a
 * string, `confidence` a number in [0, 1]. Anything missing or out of range rejects the reply
 * (the caller re-asks once). The rationales' 20-word limit is asked for, not enforced.
 */
export function parseDifficultyJudgement(text: string): ParseOutcome<DifficultyJudgement> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const { scores, rationales, reasoning, confidence } = json.value;
  if (!isObject(scores)) return { ok: false, error: 'scores must be an object {"C1": n, "C2": n}' };
  for (const k of ['C1', 'C2'] as const)
    if (!isLevel(scores[k]))
      return { ok: false, error: `scores.${k} must be 1, 2 or 3, got ${JSON.stringify(scores[k])}` };
  if (!isObject(rationales) || typeof rationales.C1 !== 'string' || typeof rationales.C2 !== 'string')
    return { ok: false, error: 'rationales must be an object with C1 and C2 strings' };
  if (typeof reasoning !== 'string') return { ok: false, error: 'reasoning must be a string' };
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1))
    return { ok: false, error: `confidence must be a number from 0 to 1, got ${JSON.stringify(confidence)}` };
  return {
    ok: true,
    value: {
      c1: scores.C1 as Level,
      c2: scores.C2 as Level,
      rationales: { C1: rationales.C1, C2: rationales.C2 },
      reasoning,
      confidence,
    },
  };
}
