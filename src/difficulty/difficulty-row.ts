import { type Level, structuralComplexity } from '../dag/structural-complexity.js';
import type { Difficulty, Problem } from '../dag/types.js';
import type { CutPoints } from '../stats/calibrate-cut-points.js';
import { tierFromScore } from './difficulty-tier.js';

/** Where a problem's C1/C2 came from. */
export type C12Source = 'judge' | 'proxy' | 'file';

/** C1/C2 for one problem as a source gave them, or why there are none. */
export type C12 =
  | {
      readonly ok: true;
      readonly c1: Level;
      readonly c2: Level;
      /** The judge's rationales, reasoning and confidence; the proxy's counts. */
      readonly detail?: Readonly<Record<string, unknown>>;
    }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** One line of `difficulty.jsonl` (snake_case keys, as every file the CLI writes). */
export interface DifficultyRow {
  readonly problem_id: string;
  readonly domain: string | null;
  /** The dataset's own `difficulty` field (the authors' label), if any. */
  readonly label: Difficulty | null;
  readonly c12_source: C12Source;
  readonly c1: Level | null;
  readonly c2: Level | null;
  /** Null for a problem without a reference DAG (an imported final-answer-only problem). */
  readonly c3: Level | null;
  /** DAG entropy e in nats, rounded to 1e-6. */
  readonly entropy: number;
  readonly widths: readonly number[];
  /** S = C1 + C2 + C3 (null when C1/C2 are missing). */
  readonly s: number | null;
  readonly tier: Difficulty | null;
  readonly detail?: Readonly<Record<string, unknown>>;
  readonly error?: { readonly code: string; readonly message: string };
}

/** The failure recorded for a problem with no reference DAG: C3 (hence S) is undefined. */
export const NO_DAG_ERROR = {
  code: 'difficulty-no-dag',
  message: 'the problem has no reference DAG (grading_standard is empty), so C3 and S are undefined',
} as const;

/**
 * Combines a problem's C1/C2 with its C3 into S and a tier under the given cut-points. A problem
 * without a DAG, or without C1/C2, gets no S and no tier, and says why.
 */
export function difficultyRow(
  problem: Problem,
  source: C12Source,
  c12: C12,
  cuts?: CutPoints,
): DifficultyRow {
  const base = {
    problem_id: problem.id,
    domain: problem.domain ?? null,
    label: problem.difficulty ?? null,
    c12_source: source,
  };
  if (problem.grading_standard.length === 0)
    return {
      ...base,
      c1: null,
      c2: null,
      c3: null,
      entropy: 0,
      widths: [],
      s: null,
      tier: null,
      error: NO_DAG_ERROR,
    };
  const { entropy, widths, c3 } = structuralComplexity(problem.grading_standard);
  const structure = { c3, entropy: Math.round(entropy * 1e6) / 1e6, widths };
  if (!c12.ok) return { ...base, c1: null, c2: null, ...structure, s: null, tier: null, error: c12.error };
  const s = c12.c1 + c12.c2 + c3;
  return {
    ...base,
    c1: c12.c1,
    c2: c12.c2,
    ...structure,
    s,
    tier: tierFromScore(s, cuts),
    ...(c12.detail === undefined ? {} : { detail: c12.detail }),
  };
}
