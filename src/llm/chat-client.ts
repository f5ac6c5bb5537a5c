import type { ChatProvider } from './chat-provider.js';
import type { ChatMessage, ChatParams } from './chat-types.js';
import { parseChatResponse } from './parse-chat-response.js';
import { createRetryingProvider, jsonErrorMessage, type TransportOptions } from './retrying-provider.js';

/** The PRISM-Physics paper's generation limit, our default `max_tokens`. */
export const DEFAULT_MAX_TOKENS = 8096;

/** How to reach an OpenAI-compatible server and how hard to try. */
export interface ChatClientOptions extends TransportOptions {
  /** Base URL including the API prefix, e.g. `http://localhost:11434/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** Field carrying the token limit: `max_tokens` (default) or `max_completion_tokens` (OpenAI o-series). */
  readonly tokenLimitField?: 'max_tokens' | 'max_completion_tokens';
}

/** A chat-completions client with retries, timeouts and a concurrency limit (the OpenAI provider). */
export type ChatClient = ChatProvider;

/** Creates a provider for an OpenAI-compatible `/chat/completions` endpoint using the global `fetch`. */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const headers: Record<string, string> = {};
  if (options.apiKey !== undefined && options.apiKey !== '')
    headers.authorization = `Bearer ${options.apiKey}`;
  const encode = (messages: readonly ChatMessage[], params: ChatParams): string => {
    const payload: Record<string, unknown> = { model: params.model, messages, stream: false };
    if (params.temperature !== undefined) payload.temperature = params.temperature;
    payload[options.tokenLimitField ?? 'max_tokens'] = params.maxTokens ?? DEFAULT_MAX_TOKENS;
    if (params.reasoningEffort !== undefined) payload.reasoning_effort = params.reasoningEffort;
    return JSON.stringify(payload);
  };
  return createRetryingProvider(
    {
      kind: 'openai',
      baseUrl: options.baseUrl,
      url: `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`,
      headers,
      encode,
      decode: parseChatResponse,
      errorMessage: jsonErrorMessage,
    },
    options,
  );
}
