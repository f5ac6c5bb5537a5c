import type { Diagnostic } from '../core/diagnostic.js';
import type { EquivalenceMode } from '../equivalence/types.js';
import type { DroppedFragment, FormulaKind } from '../extract/types.js';

/** How one reference node was credited. */
export interface NodeCredit {
  readonly index: number;
  /** `matched`: an answer formula is equivalent to it; `ancestor`: credited as an ancestor of a matched node. */
  readonly status: 'matched' | 'ancestor' | 'missed';
  /** For `matched`: indices (into `formulas`) of the answer formulas that matched this node. */
  readonly matched_by?: readonly number[];
  /**
   * For a final node met by the answer's final statement rather than by an equivalent formula (a
   * renamed quantity `v_f = …`, a bare boxed value): the answer text that met it.
   */
  readonly final_answer_by?: string;
}

/** An answer formula as the record keeps it. */
export interface RecordFormula {
  readonly latex: string;
  readonly offset: number;
  /** Just past the formula's last character: `[offset, end)` is its span in the response (UTF-16). */
  readonly end: number;
  readonly kind: FormulaKind;
  /** Node indices this formula matched (empty when none). */
  readonly matches: readonly number[];
  /** False when the formula could not be prepared (normalization or evaluation problem). */
  readonly prepared: boolean;
}

/** Step score of one sub-question (nodes carrying `subquestion`). */
export interface SubquestionScore {
  readonly letter: string;
  readonly step_score: number;
  readonly achieved: readonly number[];
  readonly total_nodes: number;
}

/**
 * The naive policies of spec C1 beside the closure score (see `baselines.ts`): `strict` = |M|/|F|,
 * `strict_all_nodes` = 1 iff M = F, `prefix` = every formula up to the last matched one over |F|
 * (strict ≤ step score ≤ prefix), and our `matched_run` = the longest run F_1..F_k all matched, over |F|.
 */
export interface Baselines {
  readonly strict: number;
  readonly strict_all_nodes: 0 | 1;
  readonly prefix: number;
  readonly matched_run: number;
}

/** How the final answer was judged. */
export interface FinalAnswerCheck {
  /** All `is_final_answer` nodes matched (`null`: the DAG marks none). */
  readonly nodes: boolean | null;
  /** The `final_answer` field check (`null`: no `final_answer` given). */
  readonly explicit: boolean | null;
  /** Per expected answer: its form and whether a candidate matched it (and which). */
  readonly answers: readonly {
    readonly expected: string;
    readonly form: string;
    readonly correct: boolean;
    readonly by?: string;
  }[];
}

/** The per-response record `prism score` writes (one JSONL line). Field names are a contract. */
export interface ScoreRecord {
  readonly problem_id: string;
  readonly response_id?: string;
  /** |Ach(M)| / |F| over the whole problem, in [0, 1]. */
  readonly step_score: number;
  /**
   * Final-answer verdict; `null` when the problem has no checkable final answer. Without a
   * `final_answer` field: every final-answer node matched. With one: numerical and text-based answers
   * must pass the explicit check; algebraic ones pass it or have every final node matched.
   */
  readonly final_answer_correct: boolean | null;
  /** Indices of matched nodes (M), ascending. */
  readonly matched: readonly number[];
  /** Indices of achieved nodes (Ach(M): matched plus ancestors), ascending. */
  readonly achieved: readonly number[];
  readonly total_nodes: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Scorer and schema version stamp, e.g. `prism-physics/0.1.0 score-v2` (v2: matched_by, grader tolerance, work budgets). */
  readonly scorer_version: string;
  /** Equivalence mode the verdicts were made in. */
  readonly mode: EquivalenceMode;
  /** Every node with its status, in index order. */
  readonly nodes: readonly NodeCredit[];
  /** The extracted answer formulas, in reading order (indices used by `matched_by`). */
  readonly formulas: readonly RecordFormula[];
  readonly dropped: readonly DroppedFragment[];
  /** Present when nodes carry `subquestion`. */
  readonly subquestions?: readonly SubquestionScore[];
  readonly baselines: Baselines;
  readonly final_answer: FinalAnswerCheck;
}
