import type { Level } from '../dag/structural-complexity.js';
import type { C12 } from './difficulty-row.js';

/** A `--c12` file read into C1/C2 per problem id, with the lines that could not be used. */
export interface C12File {
  readonly byId: ReadonlyMap<string, C12>;
  /** `line N: why`, for every bad line (the CLI stops on the first). */
  readonly errors: readonly string[];
}

const isLevel = (v: unknown): v is Level => v === 1 || v === 2 || v === 3;

/**
 * Reads previously recorded C1/C2 (JSONL, one object per line; blank lines skipped): each line
 * has `problem_id` and the two levels as `c1`/`c2` (a `difficulty.jsonl` of an earlier run),
 * `C1`/`C2`, or `scores.C1`/`scores.C2` (a judge's raw reply with the id added). A later line for
 * the same id wins. A row of an earlier run that recorded a failure (`c1: null` with `error`) is
 * kept as that failure.
 */
export function parseC12File(text: string): C12File {
  const byId = new Map<string, C12>();
  const errors: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      errors.push(`line ${i + 1}: not JSON`);
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push(`line ${i + 1}: not a JSON object`);
      continue;
    }
    const o = value as Record<string, unknown>;
    const id = typeof o.problem_id === 'number' ? String(o.problem_id) : o.problem_id;
    if (typeof id !== 'string' || id === '') {
      errors.push(`line ${i + 1}: no problem_id`);
      continue;
    }
    const scores =
      typeof o.scores === 'object' && o.scores !== null ? (o.scores as Record<string, unknown>) : {};
    const pick = (k: 'C1' | 'C2'): unknown => {
      const lower = k.toLowerCase();
      return lower in o ? o[lower] : k in o ? o[k] : scores[k];
    };
    const c1 = pick('C1');
    const c2 = pick('C2');
    if (c1 === null && c2 === null && typeof o.error === 'object' && o.error !== null) {
      const e = o.error as { code?: unknown; message?: unknown };
      byId.set(id, {
        ok: false,
        error: {
          code: typeof e.code === 'string' ? e.code : 'difficulty-c12-missing',
          message: typeof e.message === 'string' ? e.message : 'recorded as a failure',
        },
      });
      continue;
    }
    if (!isLevel(c1) || !isLevel(c2)) {
      errors.push(
        `line ${i + 1}: C1 and C2 must be 1, 2 or 3 (got ${JSON.stringify(c1)}, ${JSON.stringify(c2)})`,
      );
      continue;
    }
    byId.set(id, { ok: true, c1, c2 });
  }
  return { byId, errors };
}
