import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffDelay, parseChatResponse, parseRetryAfter, resolveEndpoint } from '../../src/llm/index.js';

const NOW = Date.parse('2024-05-01T12:00:00Z');
const retryAfterCases: [string | null, number | undefined][] = [
  ['3', 3000],
  ['0', 0],
  ['1.5', 1500],
  ['Wed, 01 May 2024 12:00:10 GMT', 10_000],
  ['Wed, 01 May 2024 11:59:00 GMT', 0],
  ['soon', undefined],
  ['', undefined],
  [null, undefined],
  ['-5', undefined],
];
for (const [header, expected] of retryAfterCases) {
  test(`Retry-After ${JSON.stringify(header)} → ${expected}`, () =>
    assert.equal(parseRetryAfter(header, NOW), expected));
}

test('backoff doubles up to the cap, with jitter in [half, full]', () => {
  const opts = { baseMs: 100, maxMs: 1000 };
  assert.equal(
    backoffDelay(1, opts, () => 0),
    50,
  );
  assert.equal(
    backoffDelay(1, opts, () => 1),
    100,
  );
  assert.equal(
    backoffDelay(3, opts, () => 1),
    400,
  );
  assert.equal(
    backoffDelay(10, opts, () => 1),
    1000,
  );
  assert.equal(
    backoffDelay(10, opts, () => 0),
    500,
  );
});

test('Retry-After is a floor of the delay and is clamped', () => {
  assert.equal(
    backoffDelay(1, { baseMs: 100 }, () => 0, 2000),
    2000,
  );
  assert.equal(
    backoffDelay(1, { baseMs: 100 }, () => 1, 2000),
    2200,
  );
  assert.equal(
    backoffDelay(1, { baseMs: 100, maxRetryAfterMs: 500 }, () => 0, 60_000),
    500,
  );
});

test('endpoint: flag beats PRISM_BASE_URL beats OPENAI_BASE_URL; PRISM_API_KEY beats OPENAI_API_KEY', () => {
  const env = {
    PRISM_BASE_URL: 'http://p/v1',
    OPENAI_BASE_URL: 'http://o/v1',
    OPENAI_API_KEY: 'o',
    PRISM_API_KEY: 'p',
  };
  assert.deepEqual(resolveEndpoint({ baseUrl: 'http://flag/v1' }, env), {
    baseUrl: 'http://flag/v1',
    apiKey: 'p',
  });
  assert.deepEqual(resolveEndpoint({}, env), { baseUrl: 'http://p/v1', apiKey: 'p' });
  assert.deepEqual(resolveEndpoint({}, { OPENAI_BASE_URL: 'http://o/v1', OPENAI_API_KEY: 'o' }), {
    baseUrl: 'http://o/v1',
    apiKey: 'o',
  });
  assert.deepEqual(resolveEndpoint({}, { PRISM_API_KEY: ' ' }), { baseUrl: 'https://api.openai.com/v1' });
});

test('chat bodies: string, null and part-list content; reasoning_content; missing usage', () => {
  const a = parseChatResponse(
    '{"choices":[{"message":{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}],"reasoning_content":"think"},"finish_reason":"length"}]}',
  );
  assert.ok(a.ok);
  assert.equal(a.value.text, 'ab');
  assert.equal(a.value.reasoning, 'think');
  assert.equal(a.value.finishReason, 'length');
  assert.deepEqual(a.value.usage, { prompt: 0, completion: 0, total: 0 });
  const b = parseChatResponse('{"choices":[{"message":{"content":null}}]}');
  assert.ok(b.ok && b.value.text === '');
  assert.equal(parseChatResponse('{"choices":[]}').ok, false);
  assert.equal(parseChatResponse('<html>').ok, false);
});
