import type { Problem } from '../dag/types.js';
import type { EquivalenceMode } from '../equivalence/types.js';
import type { ItemDetail, ItemOutcome } from './types.js';

/** What a new worker is built from (its `workerData`). */
export interface WorkerInit {
  readonly base: readonly Problem[];
  /** Problems added or replaced at runtime, applied over `base`. */
  readonly overlay: readonly Problem[];
  readonly mode: EquivalenceMode;
  /** Work budget of one response (work-meter units); undefined: the scorer's default. */
  readonly workBudget?: number;
  /** Answers scored before the worker says it is ready (JIT warm-up, see `warmupAnswers`). */
  readonly warmupItems?: number;
}

/** Pool → worker. */
export type WorkerRequest =
  | { readonly type: 'score'; readonly id: number; readonly item: unknown; readonly detail: ItemDetail }
  | { readonly type: 'problems'; readonly problems: readonly Problem[] };

/** Worker → pool. */
export type WorkerReply =
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly id: number; readonly outcome: ItemOutcome };
