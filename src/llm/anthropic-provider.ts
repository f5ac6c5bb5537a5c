import { DEFAULT_MAX_TOKENS } from './chat-client.js';
import type { ChatProvider } from './chat-provider.js';
import type { ChatMessage, ChatParams, ContentPart } from './chat-types.js';
import { parseAnthropicResponse } from './parse-anthropic-response.js';
import { createRetryingProvider, jsonErrorMessage, type TransportOptions } from './retrying-provider.js';
import { thinkingBudget } from './thinking-budget.js';

/** The `anthropic-version` header we speak. */
export const ANTHROPIC_VERSION = '2023-06-01';

/** How to reach the Anthropic Messages API (or a server speaking it). */
export interface AnthropicProviderOptions extends TransportOptions {
  /** Base URL, with or without `/v1` (`https://api.anthropic.com` or `…/v1`); `/v1/messages` is reached. */
  readonly baseUrl: string;
  readonly apiKey?: string;
}

/**
 * The API root of an Anthropic base URL: as given when it ends in `/v1`, else with `/v1` added, as
 * Anthropic's own SDKs take `https://api.anthropic.com` (a proxy's `https://host/anthropic` too).
 */
export function anthropicApiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/**
 * A native Anthropic Messages provider: `POST {base}/messages` with `x-api-key` and
 * `anthropic-version`; system messages become the top-level `system` field; `max_tokens` is always
 * sent (the API requires it); image parts become base64 `image` blocks; 429 and 529 (overloaded)
 * are retried honouring `retry-after`. `reasoningEffort` turns on extended thinking with a budget
 * that is a share of `max_tokens` ({@link thinkingBudget}); temperature is then not sent (the API
 * refuses one with thinking).
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): ChatProvider {
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (options.apiKey !== undefined && options.apiKey !== '') headers['x-api-key'] = options.apiKey;
  const encode = (messages: readonly ChatMessage[], params: ChatParams): string => {
    const system = messages
      .filter((m) => m.role === 'system')
      .map((m) => textOf(m.content))
      .join('\n\n');
    const payload: Record<string, unknown> = {
      model: params.model,
      max_tokens: params.maxTokens ?? DEFAULT_MAX_TOKENS,
      messages: messages
        .filter((m) => m.role !== 'system')
        .map((m) => ({ role: m.role, content: blocksOf(m.content) })),
    };
    if (system !== '') payload.system = system;
    const budget =
      params.reasoningEffort === undefined
        ? undefined
        : thinkingBudget(params.reasoningEffort, params.maxTokens ?? DEFAULT_MAX_TOKENS);
    if (budget !== undefined) payload.thinking = { type: 'enabled', budget_tokens: budget };
    else if (params.temperature !== undefined) payload.temperature = params.temperature;
    return JSON.stringify(payload);
  };
  return createRetryingProvider(
    {
      kind: 'anthropic',
      baseUrl: options.baseUrl,
      url: `${anthropicApiBase(options.baseUrl)}/messages`,
      headers,
      encode,
      decode: parseAnthropicResponse,
      errorMessage: jsonErrorMessage,
    },
    options,
  );
}

function textOf(content: ChatMessage['content']): string {
  return typeof content === 'string'
    ? content
    : content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

function blocksOf(content: ChatMessage['content']): string | unknown[] {
  if (typeof content === 'string') return content;
  return content.map((p: ContentPart) => {
    if (p.type === 'text') return { type: 'text', text: p.text };
    const m = /^data:([^;]+);base64,(.*)$/s.exec(p.image_url.url);
    return m === null
      ? { type: 'image', source: { type: 'url', url: p.image_url.url } }
      : { type: 'image', source: { type: 'base64', media_type: m[1], data: m[2] } };
  });
}
