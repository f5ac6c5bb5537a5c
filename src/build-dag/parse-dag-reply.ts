import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';

/** Most nodes a built DAG may have (bounded work per problem). */
export const MAX_DAG_NODES = 200;

/**
 * Parses a stage-3 reply: `{"grading_standard": [...]}` (or a bare list in a ```json fence). The
 * entries are returned raw: their shape and the DAG rules are checked by `checkDagRules`, so every
 * problem is reported, not only the first.
 */
export function parseDagReply(text: string): ParseOutcome<unknown[]> {
  const json = extractJsonObject(text);
  let list: unknown;
  if (json.ok) list = json.value.grading_standard;
  else {
    const fence = /```(?:json)?\s*(\[[\s\S]*?\])\s*```/i.exec(text)?.[1] ?? text.trim();
    try {
      list = JSON.parse(fence);
    } catch {
      return { ok: false, error: 'no JSON object with "grading_standard" in the reply' };
    }
  }
  if (!Array.isArray(list)) return { ok: false, error: '"grading_standard" is missing or not a list' };
  if (list.length === 0) return { ok: false, error: '"grading_standard" is empty' };
  if (list.length > MAX_DAG_NODES) return { ok: false, error: `more than ${MAX_DAG_NODES} nodes` };
  return { ok: true, value: list };
}
