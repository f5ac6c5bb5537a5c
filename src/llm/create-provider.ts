import { createAnthropicProvider } from './anthropic-provider.js';
import { createChatClient } from './chat-client.js';
import type { ChatProvider, ProviderKind } from './chat-provider.js';
import type { TransportOptions } from './retrying-provider.js';

/** A provider's connection settings (the sampling parameters travel with each call). */
export interface ProviderConnection extends TransportOptions {
  readonly kind: ProviderKind;
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly tokenLimitField?: 'max_tokens' | 'max_completion_tokens';
}

/** The default base URL of each protocol's hosted API. */
export const HOSTED_BASE_URLS: Readonly<Record<ProviderKind, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

/** Creates the provider for a connection: the OpenAI-compatible client or the Anthropic one. */
export function createProvider(connection: ProviderConnection): ChatProvider {
  if (connection.kind === 'anthropic') return createAnthropicProvider(connection);
  return createChatClient(connection);
}

/** True for a base URL on a loopback or private-network host (a local server that needs no key). */
export function isLocalBaseUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.local') ||
    host === '::1' ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host === '0.0.0.0'
  );
}
