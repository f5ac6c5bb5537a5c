import type { Diagnostic } from '../core/diagnostic.js';
import type { EquivalenceMode } from '../equivalence/types.js';
import type { DroppedFragment, FormulaKind } from '../extract/types.js';
import type { ScorePolicy } from './step-credit.js';

/** How one reference node was credited. */
export interface NodeCredit {
  readonly index: number;
  /** `matched`: an answer formula is equivalent to it; `ancestor`: credited as an ancestor of a matched node. */
  readonly status: 'matched' | 'ancestor' | 'missed';
  /** The problem itself states this node (see `findGivenNodes`): under the `derived` policy it counts for nothing. */
  readonly given?: true;
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
  /**
   * The formula gives a quantity a value that another one beside it contradicts (`contradictory-values`):
   * it was not matched and earns nothing.
   */
  readonly contradictory?: true;
}

/** Step score of one sub-question (nodes carrying `subquestion`; under `derived`, its given nodes left out). */
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
  /**
   * The step score in [0, 1] under `policy`: `derived` (default) |Ach(M \ G) \ G| / |F \ G|, where G
   * are the nodes the problem states; `paper` |Ach(M)| / |F|.
   */
  readonly step_score: number;
  /** The paper's plain |Ach(M)| / |F| (givens counted), whatever the policy. */
  readonly paper_step_score: number;
  /**
   * Final-answer verdict; `null` when the problem has no checkable final answer. Without a
   * `final_answer` field: every final-answer node matched. With one: numerical and text-based answers
   * must pass the explicit check; algebraic ones pass it or have every final node matched.
   */
  readonly final_answer_correct: boolean | null;
  /** Indices of matched nodes (M), ascending. */
  readonly matched: readonly number[];
  /**
   * Indices of achieved nodes, ascending: matched plus ancestors (under `derived`, the closure of the
   * matched nodes that are not given: a given node's match credits no ancestor).
   */
  readonly achieved: readonly number[];
  readonly total_nodes: number;
  /** Nodes the problem itself states (given relations, definitions, values), ascending. */
  readonly given: readonly number[];
  /** How the step score counts given nodes. */
  readonly policy: ScorePolicy;
  readonly diagnostics: readonly Diagnostic[];
  /** Scorer and schema version stamp, e.g. `prism-physics/0.1.0 score-v3` (v2: matched_by, grader tolerance, work budgets; v3: given nodes, policies). */
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
