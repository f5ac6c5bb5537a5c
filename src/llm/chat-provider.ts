import type { ChatMessage, ChatOutcome, ChatParams } from './chat-types.js';

/** The wire protocols we speak. */
export type ProviderKind = 'openai' | 'anthropic';

/**
 * One interface for every chat model we call: send messages with sampling parameters, get a
 * {@link ChatOutcome} back (never a thrown error for server trouble). Retries, timeouts, the
 * concurrency limit and `Retry-After` live behind it; every implementation passes the one
 * conformance suite in `test/llm/conformance/`.
 */
export interface ChatProvider {
  readonly kind: ProviderKind;
  /** Base URL including the API prefix (`…/v1`); part of every cache key. */
  readonly baseUrl: string;
  complete(messages: readonly ChatMessage[], params: ChatParams, signal?: AbortSignal): Promise<ChatOutcome>;
}
