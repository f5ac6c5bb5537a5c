/** A problem in our dataset format as an importer writes it (validated again when loaded). */
export interface ImportedProblem {
  readonly id: string;
  readonly context: string;
  readonly source: string;
  readonly domain?: string;
  readonly solution?: string;
  readonly final_answer?: readonly string[];
  readonly final_answer_form?: ImportedForm;
  readonly final_answer_instructions?: string;
  readonly significant_figures?: number;
  /** A source's own difficulty, as our tiers (PhysicsEval 1–4 / 5–7 / 8–10). */
  readonly difficulty?: 'easy' | 'medium' | 'hard';
  readonly subquestions?: readonly {
    readonly letter: string;
    readonly subproblem: string;
    readonly solution: string;
    readonly final_answer: readonly string[];
    readonly final_answer_form: ImportedForm;
    readonly final_answer_instructions?: string;
    readonly significant_figures?: number;
  }[];
  readonly images?: readonly { readonly location: string }[];
  /** Always `[]`: imported problems have no reference DAG until `prism build-dag` makes one. */
  readonly grading_standard: readonly never[];
  /** Source fields our schema has no place for, kept as they were. */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** The answer forms importers write (`text-based`: a phrase, e.g. PhysicsEval's "attractive"). */
export type ImportedForm = 'algebraic' | 'numerical' | 'text-based';

/** An item the importer did not convert, and why. */
export interface SkippedItem {
  readonly id: string;
  readonly reason: string;
}

/** What an importer returns: the problems, the skipped items with reasons, and notes per problem. */
export interface ImportResult {
  readonly format: ImportFormat;
  readonly problems: ImportedProblem[];
  readonly skipped: SkippedItem[];
  /** Things kept with a caveat (e.g. a unit we could not read, left in the instructions). */
  readonly notes: SkippedItem[];
}

/** The source formats `prism import` reads. */
export type ImportFormat = 'olympiadbench' | 'phybench' | 'scibench' | 'physicseval';
