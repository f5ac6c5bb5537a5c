/**
 * The data model the viewer app reads (embedded in the HTML report, or served by `prism view`).
 * JSON-safe and versioned; optional fields leave room for judges (PPS), technique transcripts and
 * PRiSM instances without a schema break.
 */

/** One row of the Table 1 layout (null: not measured). */
export interface ViewerTableRow {
  readonly group: string;
  readonly problems: number | null;
  readonly responses: number | null;
  readonly accuracy: number | null;
  readonly step_score: number | null;
  readonly mean_time_s: number | null;
}

/** The overview numbers, exactly as in the run's summary.json (normalized to one shape). */
export interface ViewerTable {
  readonly by_difficulty: readonly ViewerTableRow[];
  readonly average: ViewerTableRow;
  readonly by_domain: readonly ViewerTableRow[];
  readonly at_k?: unknown;
}

/** One response in the browse list (compact: 10,000 of them load at once). */
export interface ViewerItem {
  readonly i: number;
  readonly problem_id: string;
  readonly response_id?: string;
  readonly sample?: number;
  readonly domain: string;
  readonly difficulty: string;
  readonly step_score: number;
  readonly final: boolean | null;
  readonly matched: number;
  readonly nodes: number;
  readonly time_s?: number;
}

/** A reference node with its layer (1-based, longest path from a source). */
export interface ViewerNode {
  readonly index: number;
  readonly formula: string;
  readonly deps: readonly number[];
  readonly final: boolean;
  readonly layer: number;
}

/** A problem as the viewer draws it. */
export interface ViewerProblem {
  readonly id: string;
  readonly domain: string;
  readonly difficulty: string;
  readonly context: string;
  /** Sub-questions' text (letter and statement), when the problem has parts. */
  readonly subquestions?: readonly { readonly letter: string; readonly text: string }[];
  readonly nodes: readonly ViewerNode[];
  readonly final_answer?: readonly string[];
}

/** One call of a technique's transcript (`transcripts.jsonl`), reduced to what a reader needs. */
export interface ViewerTranscriptCall {
  /** The step inside the sample: `solve`, `review-1`, `verify-2`, `meta-1`, `revise-1`, … */
  readonly step: string;
  readonly role: string;
  readonly model: string;
  /** The turn this call added (the last message sent): the prompt or feedback the model answered. */
  readonly prompt: string;
  /** How many messages the call sent (more than two: the chat continued). */
  readonly turns: number;
  readonly response: string | null;
  /** What the step's parser read (a review's mistakes, a verifier's scores), when it has one. */
  readonly parsed?: unknown;
  readonly parse_error?: string;
  readonly error?: string;
  readonly latency_ms: number;
  readonly tokens: number;
  readonly cached: boolean;
}

/** A PRiSM instance's own numbers, and how the answer fared against them. */
export interface ViewerInstance {
  /** The parameterized problem this instance was drawn from. */
  readonly instance_of: string;
  readonly instance: number;
  /** Parameter name → value in its unit, as the text shows it. */
  readonly parameter_values: Readonly<Record<string, number>>;
  /** The computed ground truth per stated final answer. */
  readonly ground_truth: readonly {
    readonly quantity: string;
    readonly latex: string;
    readonly value_si: number;
    readonly value?: number;
    readonly unit?: string;
    readonly figures?: number;
  }[];
}

/** A PRiSM task's results in a run directory (`prism.json`, `prism-iii.json`, `prism-iv.json`, `prism-v.json`). */
export interface ViewerPrismTask {
  readonly task: 'I' | 'III' | 'IV' | 'V';
  /** The robustness report (metrics, step-score profile, per problem each instance's correctness). */
  readonly report?: unknown;
  /** Per instance: III's injected error and behaviour, IV's code outcome, V's label. */
  readonly outcomes?: readonly unknown[];
  /** Label shares (III behaviour, V labels), in %. */
  readonly shares?: Readonly<Record<string, number>>;
  readonly unmaskable?: readonly unknown[];
}

/** Why an answer formula did or did not match a node (from checkEquivalence, at report time). */
export interface ViewerEvidence {
  /** Index into the detail's `formulas`. */
  readonly formula: number;
  readonly shared_variables: readonly string[];
  readonly verdict: string;
  readonly canonical_answer?: string;
  readonly canonical_node?: string;
  readonly shortcut?: string;
  readonly n_eq: number;
  readonly n_neq: number;
  readonly n_fail: number;
  readonly counterexample?: unknown;
  readonly diagnostics: readonly string[];
}

/** Everything about one response, loaded lazily when it is opened. */
export interface ViewerDetail {
  readonly response: string | null;
  readonly formulas: readonly {
    readonly latex: string;
    readonly offset: number;
    readonly kind: string;
    readonly matches: readonly number[];
    readonly prepared: boolean;
  }[];
  readonly nodes: readonly {
    readonly index: number;
    readonly status: string;
    readonly matched_by?: readonly number[];
    /** The problem itself states the node: under the default policy it earns nothing. */
    readonly given?: boolean;
  }[];
  /** Missed node index → the nearest answer formulas with their evidence. */
  readonly evidence: Readonly<Record<string, readonly ViewerEvidence[]>>;
  readonly dropped: readonly unknown[];
  readonly final_answer: unknown;
  readonly diagnostics: readonly unknown[];
  /** The LLM judges' verdicts by rubric (pps, binary, steps). */
  readonly judge?: unknown;
  /** The technique's calls for this sample, in order (runs on the call layer). */
  readonly transcript?: readonly ViewerTranscriptCall[];
  /** The PRiSM instance this response answered. */
  readonly instance?: ViewerInstance;
  /**
   * Per expected numerical answer (same order as `final_answer.answers`): the answer's value and its
   * relative error against the reference, (got − expected)/|expected|; null where not numerical or
   * no value was found.
   */
  readonly relative_errors?: readonly ({
    readonly got: string;
    readonly value: number;
    readonly expected_value: number;
    readonly relative_error: number;
  } | null)[];
}

/** One run (a run directory or a score output). */
export interface ViewerRun {
  readonly name: string;
  readonly source: string;
  readonly config?: unknown;
  readonly table: ViewerTable;
  readonly items: readonly ViewerItem[];
  /** PRiSM task results found in the run directory. */
  readonly prism?: readonly ViewerPrismTask[];
  /** `prism judge`'s summaries by rubric (`judgements-<rubric>.summary.json`). */
  readonly judge_summaries?: Readonly<Record<string, unknown>>;
  /** `prism errors`' summary (`errors.summary.json`). */
  readonly errors?: unknown;
}

/** The whole payload; `details[r][i]` belongs to `runs[r].items[i]` (absent when served lazily). */
export interface ViewerData {
  readonly schema: 'prism-viewer-v1';
  readonly runs: readonly ViewerRun[];
  readonly problems: Readonly<Record<string, ViewerProblem>>;
  /** With two runs or more: each run against the first, as `prism compare` computes it. */
  readonly compare?: readonly unknown[];
}
