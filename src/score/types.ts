import type { Diagnostic } from '../core/diagnostic.js';

/** How one reference node was credited. */
export interface NodeCredit {
  readonly index: number;
  /** `matched`: an answer formula is equivalent to it; `ancestor`: credited as an ancestor of a matched node. */
  readonly status: 'matched' | 'ancestor' | 'missed';
  /** For `matched`: indices (into `formulas`) of the answer formulas that matched this node. */
  readonly matchedBy?: readonly number[];
}

/** The per-response record `prism score` writes (one JSONL line). Field names are a contract. */
export interface ScoreRecord {
  readonly problem_id: string;
  readonly response_id?: string;
  /** |Ach(M)| / |F| over the whole problem, in [0, 1]. */
  readonly step_score: number;
  /** Final-answer verdict; `null` when the problem has no checkable final answer. */
  readonly final_answer_correct: boolean | null;
  /** Indices of matched nodes (M), ascending. */
  readonly matched: readonly number[];
  /** Indices of achieved nodes (Ach(M): matched plus ancestors), ascending. */
  readonly achieved: readonly number[];
  readonly total_nodes: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Scorer and schema version stamp, e.g. `prism-physics/0.1.0 score-v1`. */
  readonly scorer_version: string;
}
