import type { ScoreRecord } from '../score/types.js';

/** One response to score: which problem, and the answer text. */
export interface ScoreItem {
  readonly problem_id: string;
  readonly response: string;
}

/** What a caller wants back per item: the small summary (rewards) or the full record with dense credit. */
export type ItemDetail = 'summary' | 'full';

/**
 * The credit one answer formula added, in response order: the nodes it newly achieved (its matches
 * and their ancestors not achieved by an earlier formula) over all nodes. Credits sum to the step
 * score, so a trainer can put reward on the tokens of `[start, end)`.
 */
export interface DenseCredit {
  /** Index into the record's `formulas`. */
  readonly formula: number;
  readonly latex: string;
  /** UTF-16 span of the formula in the response. */
  readonly start: number;
  readonly end: number;
  /** Node indices this formula newly achieved, ascending. */
  readonly nodes: readonly number[];
  /** `nodes.length / total_nodes`. */
  readonly credit: number;
}

/** The outcome of one item: scored, rejected on its own, or cut off at its deadline. */
export type ItemOutcome =
  | {
      readonly status: 'ok';
      readonly step_score: number;
      readonly final_answer_correct: boolean | null;
      /** Only for `full` detail. */
      readonly record?: ScoreRecord;
      readonly dense?: readonly DenseCredit[];
      /** Milliseconds the worker spent on it. */
      readonly ms: number;
    }
  | {
      readonly status: 'error' | 'timeout';
      /** A code in `SERVER_CODES`. */
      readonly code: string;
      readonly message: string;
      readonly ms: number;
    };
