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
  /**
   * Our extension: whether the problem itself states this node (a given relation, definition or
   * value), overriding the automatic detection (`findGivenNodes`) either way.
   */
  readonly given?: boolean;
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
export interface Problem extends ParameterizedFields {
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

/**
 * PRiSM: one given quantity of a problem declared as a parameter, so that instances can vary it.
 * Values are written in `unit` (the number the text shows); SI value = value × the unit's scale.
 */
export interface Parameter {
  /** Placeholder name: the text writes `{{name}}` where the value (with its unit) appears. */
  readonly name: string;
  /** The DAG symbol it sets (LaTeX, e.g. `\theta`): a constants-map key or a witness key. */
  readonly symbol: string;
  /** The value of the problem as written (its witness, or constants-map value, in `unit`). */
  readonly value: number;
  /** Range sampled uniformly (in `unit`), both bounds inclusive. */
  readonly min?: number;
  readonly max?: number;
  /** Or a list of values to choose from. */
  readonly values?: readonly number[];
  /** LaTeX unit written after the number (`\text{kg}`, `^\circ`, `\text{nm}`); absent: the SI value. */
  readonly unit?: string;
  /** Significant figures the value is rendered and rounded to (default 3). */
  readonly figures?: number;
  /** Whether the value is an integer (a quantum number, a count). */
  readonly integer?: boolean;
}

/** The raw text of a parameterized problem, with `{{name}}` placeholders (rendered into the problem). */
export interface ProblemTemplate {
  readonly context: string;
  readonly final_answer_instructions?: string;
  readonly subquestions?: readonly {
    readonly letter: string;
    readonly subproblem: string;
    readonly final_answer_instructions?: string;
  }[];
}

/** The PRiSM fields of a problem (our extension): parameters, constraints and the text template. */
export interface ParameterizedFields {
  readonly parameters?: readonly Parameter[];
  /**
   * Relations every instance must satisfy, over parameters and solved quantities (`v < c`,
   * `T_3 > T_1`, `\Delta t > 0`): an instance breaking one is rejected and drawn again.
   */
  readonly constraints?: readonly string[];
  /** Set by the loader when the problem has parameters: the text before rendering. */
  readonly template?: ProblemTemplate;
}
