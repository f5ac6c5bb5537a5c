import type { Diagnostic } from '../core/diagnostic.js';

/** One part of a multimodal user message (OpenAI chat-completions content parts). */
export type ContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image_url'; readonly image_url: { readonly url: string } };

/** A chat message as sent to the server. */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string | readonly ContentPart[];
}

/** Sampling parameters of one request; they are part of the response cache key. */
export interface ChatParams {
  readonly model: string;
  readonly temperature?: number;
  /** Default 8096, as in the PRISM-Physics paper. */
  readonly maxTokens?: number;
  /** `low` | `medium` | `high` for reasoning models; sent as `reasoning_effort`. */
  readonly reasoningEffort?: string;
}

/** Token counts as reported by the server (zero when it reports none). */
export interface TokenUsage {
  readonly prompt: number;
  readonly completion: number;
  readonly total: number;
}

/** A successful completion. */
export interface ChatSuccess {
  readonly ok: true;
  readonly text: string;
  /** Reasoning text, when the server returns it separately (`reasoning_content`). */
  readonly reasoning?: string;
  readonly finishReason: string | null;
  readonly usage: TokenUsage;
  /** Wall time of the successful attempt, in milliseconds. */
  readonly latencyMs: number;
  readonly attempts: number;
}

/** A request that failed for good (after retries when retrying could help). */
export interface ChatFailure {
  readonly ok: false;
  readonly diagnostic: Diagnostic;
  readonly status?: number;
  readonly latencyMs: number;
  readonly attempts: number;
}

/** The outcome of one chat completion: a tagged union, never a thrown error for server trouble. */
export type ChatOutcome = ChatSuccess | ChatFailure;

/** An event the client reports while retrying (for progress displays and logs). */
export interface RetryEvent {
  readonly attempt: number;
  readonly code: string;
  readonly status?: number;
  readonly delayMs: number;
  readonly message: string;
}
