/** Every diagnostic code the LLM client emits, with the explanation shown by `--explain` and the docs. */
export const LLM_CODES: Readonly<Record<string, string>> = {
  'llm-timeout': 'The request did not complete within the timeout; it was retried, then given up.',
  'llm-rate-limited':
    'The server answered 429 (rate limited) on every attempt; lower --concurrency or retry later.',
  'llm-server-error': 'The server answered 5xx on every attempt.',
  'llm-network-error': 'The connection was dropped (reset, closed mid-response) on every attempt.',
  'llm-bad-response':
    'The server answered 2xx with a body that is not a chat-completion JSON (malformed or no choices).',
  'llm-auth-error':
    'The server rejected the API key (401/403); set PRISM_API_KEY or OPENAI_API_KEY. Not retried.',
  'llm-client-error':
    'The server rejected the request (4xx other than 408/409/429): a wrong model name, an unsupported parameter or a too-long prompt. Not retried.',
  'llm-not-found':
    'The server answered 404: an unknown model name, or a base URL without the API prefix (e.g. missing /v1). Not retried; the run stops.',
  'llm-connection-refused':
    'Nothing listens at the base URL (connection refused) or its host does not resolve: a wrong --base-url or a server that is not running. Not retried; the run stops.',
  'llm-quota-exceeded':
    'The server answered 429 because the account has no quota left (OpenAI insufficient_quota, Anthropic enforced_spend_limit_reached): waiting will not help. Not retried; the run stops.',
  'llm-empty-response': 'The model returned no text (empty content); the finish reason is in the message.',
  'llm-response-too-large':
    'The server sent a body larger than the cap (16 MiB by default): it is not read further and the request fails. Not retried.',
  'llm-aborted': 'The request was cancelled by the caller (for example on Ctrl-C).',
  'llm-image-missing':
    'A problem image listed in the dataset does not exist on disk; the prompt is sent without it.',
};
