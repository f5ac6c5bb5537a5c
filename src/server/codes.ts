/** Diagnostic and error codes of the reward server, with their explanations. */
export const SERVER_CODES: Readonly<Record<string, string>> = {
  timeout:
    'The item was still being scored past --item-timeout-ms; its worker was terminated and replaced, and the item gets reward 0.',
  'bad-item':
    'The item is malformed (missing or non-string fields); it gets its own error, the batch goes on.',
  'worker-failed': 'The worker scoring the item crashed; it was replaced, and the item gets reward 0.',
  'bad-request': 'The request body is not the JSON shape the endpoint expects.',
  unauthorized: 'A token is configured (PRISM_SERVER_TOKEN) and the request carried none or a wrong one.',
  'payload-too-large': 'The request body is larger than --max-body-bytes.',
  busy: 'The request bodies in flight would pass --max-inflight-bytes; retry after Retry-After seconds.',
  'too-deep': 'The request body nests arrays and objects more than 64 levels deep.',
  'missing-label':
    'In /get_reward, a label is empty: the trainer sends no problem id (OpenRLHF: pass --data.label_key naming the dataset field that holds it).',
  'unknown-problem':
    'The problem id is not loaded in the server (a label or problem_id naming no problem of --dataset or POST /v1/problems).',
  'not-found': 'No such endpoint.',
  'method-not-allowed': 'The endpoint exists but not for this HTTP method.',
  'shutting-down':
    'The server received SIGTERM, drained (answering what still arrived until it was quiet) and now takes no new requests.',
  'problems-disabled':
    'POST /v1/problems changes what the server scores; it needs a token (PRISM_SERVER_TOKEN) even on loopback.',
  'invalid-problem': 'A problem sent to POST /v1/problems failed the structure checks of `prism validate`.',
  'prompt-not-prefix':
    'In /get_reward, prompts[i] is not a prefix of query[i]; the whole query was scored as the response.',
};
