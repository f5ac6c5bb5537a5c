/**
 * The dataset schema: the PRISM-Physics JSON as released, plus our optional `constants`, `domain`,
 * `difficulty` and `witness` fields. These are the *validated* shapes; `load-dataset.ts` turns
 * untrusted JSON into them with diagnostics.
 */

/** One node of a reference DAG (`grading_standard` entry). */
export interface DagNode {
  /** 1-based, equal to the position in the list. */
  readonly index: number;
  /** LaTeX, usually wrapped as `$$…$$` in the released data. */
  readonly formula: string;
  /** Indices of the nodes this one is derived from (all smaller than `index`). */
  readonly dependency: readonly number[];
  readonly is_final_answer?: boolean;
  /** Our extension: which sub-question (letter) this node belongs to, when the problem has several. */
  readonly subquestion?: string;
}

/** Answer forms as in the released data. */
export type AnswerForm = 'algebraic' | 'numerical' | 'text-based' | (string & {});

/** One sub-question of a multi-part problem. */
export interface Subquestion {
  readonly letter: string;
  readonly subproblem: string;
  readonly solution: string;
  readonly final_answer_form?: AnswerForm;
  readonly final_answer_instructions?: string;
  /** Our extension: the final answer(s) as LaTeX, for final-answer checks. */
  readonly final_answer?: readonly string[];
  readonly significant_figures?: number;
}

/** Paper domains (PRISM-Physics Table 1 grouping). */
export type Domain =
  | 'mechanics'
  | 'electromagnetism'
  | 'optics'
  | 'atomic-nuclear-particle'
  | 'thermodynamics-statistical'
  | 'quantum'
  | 'solid-state-misc'
  | (string & {});

export type Difficulty = 'easy' | 'medium' | 'hard';

/** A problem with its reference DAG. */
export interface Problem {
  readonly id: string;
  readonly context: string;
  readonly source?: string;
  readonly images?: readonly { readonly caption?: string; readonly location?: string }[];
  readonly subquestions?: readonly Subquestion[];
  readonly solution?: string;
  readonly final_answer_form?: AnswerForm;
  readonly final_answer_instructions?: string;
  /** Our extension: the final answer(s) as LaTeX (top-level problems). */
  readonly final_answer?: readonly string[];
  readonly significant_figures?: number;
  readonly grading_standard: readonly DagNode[];
  /** Symbol (LaTeX) → value (LaTeX number or expression, may reference named physical constants). */
  readonly constants?: Readonly<Record<string, string>>;
  /**
   * `natural`: the problem sets c = 1, so `v = 0.8c` is `v = 0.8` and `GeV/c` is `GeV` (loading adds
   * `c: "1"` to `constants`). Default SI.
   */
  readonly units?: 'SI' | 'natural';
  readonly domain?: Domain;
  readonly difficulty?: Difficulty;
  /**
   * Assignments of the given quantities (symbol LaTeX → SI value) under which every DAG formula
   * holds once the unknowns are solved forward; may also pin intermediate quantities.
   */
  readonly witness?: readonly Readonly<Record<string, number>>[];
  /**
   * Our extension: fields an importer carried over from the source dataset that our schema has no
   * place for (e.g. OlympiadBench's absolute `error` tolerance), kept as they were.
   */
  readonly meta?: Readonly<Record<string, unknown>>;
}
