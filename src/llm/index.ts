/** The LLM edge: providers (OpenAI-compatible, Anthropic) behind one interface, endpoint resolution and versioned prompts. */
export {
  ANTHROPIC_VERSION,
  type AnthropicProviderOptions,
  createAnthropicProvider,
} from './anthropic-provider.js';
export { type BackoffOptions, backoffDelay } from './backoff-delay.js';
export {
  type ChatClient,
  type ChatClientOptions,
  createChatClient,
  DEFAULT_MAX_TOKENS,
} from './chat-client.js';
export type { ChatProvider, ProviderKind } from './chat-provider.js';
export type {
  ChatFailure,
  ChatMessage,
  ChatOutcome,
  ChatParams,
  ChatSuccess,
  ContentPart,
  RetryEvent,
  TokenUsage,
} from './chat-types.js';
export { LLM_CODES } from './codes.js';
export { type ConcurrencyLimiter, createLimiter } from './concurrency-limiter.js';
export {
  createProvider,
  HOSTED_BASE_URLS,
  isLocalBaseUrl,
  type ProviderConnection,
} from './create-provider.js';
export { createImageLoader } from './image-loader.js';
export { parseAnthropicResponse } from './parse-anthropic-response.js';
export { type ParsedChat, parseChatResponse } from './parse-chat-response.js';
export { parseRetryAfter } from './parse-retry-after.js';
export type { PromptTemplate } from './prompts/prompt-template.js';
export { ZERO_SHOT_PROMPT } from './prompts/zero-shot.js';
export { type RenderedPrompt, type RenderOptions, renderPrompt } from './render-prompt.js';
export { DEFAULT_BASE_URL, type Endpoint, resolveEndpoint } from './resolve-endpoint.js';
export { createRetryingProvider, type ProtocolSpec, type TransportOptions } from './retrying-provider.js';
