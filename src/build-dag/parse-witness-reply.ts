import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';

/** One exact-text replacement the model asks for in a solution or a final answer. */
export interface TextEdit {
  readonly old: string;
  readonly new: string;
}

/** A witness proposal, possibly with repairs of the DAG, the solution or the final answers. */
export interface WitnessReply {
  readonly witness: Readonly<Record<string, number>>;
  /** A whole corrected DAG (raw entries, checked again by the rules). */
  readonly grading_standard?: readonly unknown[];
  readonly solution_edits?: readonly TextEdit[];
  readonly final_answer_edits?: readonly TextEdit[];
}

/** Most witness keys accepted. */
const MAX_KEYS = 100;

function readEdits(raw: unknown, name: string): { edits?: TextEdit[]; error?: string } {
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw)) return { error: `"${name}" is not a list` };
  const edits: TextEdit[] = [];
  for (const e of raw) {
    const o = e as Record<string, unknown>;
    if (
      typeof o !== 'object' ||
      o === null ||
      typeof o.old !== 'string' ||
      typeof o.new !== 'string' ||
      o.old === ''
    )
      return { error: `"${name}" entries must be {"old": "...", "new": "..."} with a non-empty old` };
    edits.push({ old: o.old, new: o.new });
  }
  return { edits };
}

/**
 * Parses `{"witness": {symbol: number, …}, "grading_standard"?, "solution_edits"?,
 * "final_answer_edits"?}`: at most 100 keys, every value a finite number. An empty witness is
 * allowed (a problem whose constants map fixes every given quantity).
 */
export function parseWitnessReply(text: string): ParseOutcome<WitnessReply> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const w = json.value.witness;
  if (typeof w !== 'object' || w === null || Array.isArray(w))
    return { ok: false, error: '"witness" must be an object {symbol: number}' };
  const entries = Object.entries(w as Record<string, unknown>);
  if (entries.length > MAX_KEYS) return { ok: false, error: `"witness" has more than ${MAX_KEYS} keys` };
  const witness: Record<string, number> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'number' || !Number.isFinite(v))
      return { ok: false, error: `witness value of ${k} is not a finite number` };
    witness[k] = v;
  }
  const dag = json.value.grading_standard;
  if (dag !== undefined && dag !== null && !Array.isArray(dag))
    return { ok: false, error: '"grading_standard" is not a list' };
  const sol = readEdits(json.value.solution_edits, 'solution_edits');
  const fin = readEdits(json.value.final_answer_edits, 'final_answer_edits');
  const error = sol.error ?? fin.error;
  if (error !== undefined) return { ok: false, error };
  return {
    ok: true,
    value: {
      witness,
      ...(Array.isArray(dag) ? { grading_standard: dag } : {}),
      ...(sol.edits === undefined ? {} : { solution_edits: sol.edits }),
      ...(fin.edits === undefined ? {} : { final_answer_edits: fin.edits }),
    },
  };
}
