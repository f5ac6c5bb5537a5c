import type { RetryEvent } from '../llm/chat-types.js';

/** What a run reports while it works (progress displays and `--jsonl` consume these). */
export type RunEvent =
  | {
      readonly type: 'start';
      readonly total: number;
      /** Samples already finished (or failed, without --retry-errors) before this invocation. */
      readonly done: number;
      readonly todo: number;
    }
  | {
      readonly type: 'response';
      readonly problem_id: string;
      readonly sample: number;
      readonly ok: boolean;
      readonly cached: boolean;
      readonly latency_ms: number;
      readonly tokens: number;
      readonly error?: string;
    }
  | ({ readonly type: 'retry' } & RetryEvent)
  | { readonly type: 'scored'; readonly records: number; readonly unscored: number }
  | { readonly type: 'interrupted'; readonly pending: number };
