/** Diagnostic and error codes of the reward server, with their explanations. */
export const SERVER_CODES: Readonly<Record<string, string>> = {
  timeout:
    'The item was still being scored past --item-timeout-ms; its worker was terminated and replaced, and the item gets reward 0.',
  'bad-item':
    'The item is malformed (missing or non-string fields); it gets its own error, the batch goes on.',
  'worker-failed': 'The worker scoring the item crashed; it was replaced, and the item gets reward 0.',
  'bad-request': 'The request body is not the JSON shape the endpoint expects.',
  unauthorized: 'A token is configured (PRISM_SERVER_TOKEN) and the request carried none or a wrong one.',
  'payload-too-large':
    'The request body is larger than --max-body-bytes, or the batch larger than --max-queue.',
  overloaded:
    'The queue of items waiting for a worker is full (--max-queue); retry after Retry-After seconds.',
  'not-found': 'No such endpoint.',
  'method-not-allowed': 'The endpoint exists but not for this HTTP method.',
  'shutting-down': 'The server received SIGTERM and drains its in-flight requests; it takes no new ones.',
  'problems-disabled':
    'POST /v1/problems changes what the server scores; it needs a token (PRISM_SERVER_TOKEN) even on loopback.',
  'invalid-problem': 'A problem sent to POST /v1/problems failed the structure checks of `prism validate`.',
  'prompt-not-prefix':
    'In /get_reward, prompts[i] is not a prefix of query[i]; the whole query was scored as the response.',
};
