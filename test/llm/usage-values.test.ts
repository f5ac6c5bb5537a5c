import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAnthropicResponse } from '../../src/llm/parse-anthropic-response.js';
import { parseChatResponse } from '../../src/llm/parse-chat-response.js';
import { tokenCount } from '../../src/llm/token-count.js';
import type { CallRecord } from '../../src/pipeline/call-record.js';
import { summarizeCalls } from '../../src/pipeline/summarize-calls.js';

const chat = (usage: unknown) =>
  JSON.stringify({ choices: [{ message: { content: 'x' }, finish_reason: 'stop' }], usage });

test('usage values that are not token counts are read as 0 (unknown), plausible ones kept', () => {
  for (const bad of [1e308, -5, 1.5, Number.NaN, '12', null, 2e9])
    assert.equal(tokenCount(bad), 0, String(bad));
  for (const good of [0, 1, 8096, 1e9]) assert.equal(tokenCount(good), good);
  const r = parseChatResponse(chat({ prompt_tokens: 1e308, completion_tokens: -5, total_tokens: 1e308 }));
  assert.ok(r.ok);
  assert.deepEqual(r.value.usage, { prompt: 0, completion: 0, total: 0 });
  const near = parseChatResponse(chat({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 3 }));
  assert.ok(near.ok);
  assert.deepEqual(near.value.usage, { prompt: 10, completion: 5, total: 15 }, 'a total below its parts');
  const kept = parseChatResponse(chat({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 20 }));
  assert.ok(kept.ok);
  assert.equal(kept.value.usage.total, 20, 'a total above its parts (reasoning tokens) is kept');
  const a = parseAnthropicResponse(
    JSON.stringify({
      type: 'message',
      content: [{ type: 'text', text: 'x' }],
      usage: { input_tokens: -5, output_tokens: 1e308 },
    }),
  );
  assert.ok(a.ok);
  assert.deepEqual(a.value.usage, { prompt: 0, completion: 0, total: 0 });
});

test('a cost summary of edited records stays finite and non-negative', () => {
  const record = (usage: unknown, latency: unknown) =>
    ({
      sample: 'p#0',
      role: 'solver',
      usage,
      latency_ms: latency,
      response: 'x',
      error: null,
      cached: false,
    }) as unknown as CallRecord;
  const s = summarizeCalls([
    record({ prompt: 1e308, completion: -5, total: 0 }, -3),
    record({ prompt: 7, completion: 3, total: 10 }, 120),
    record(undefined, Number.POSITIVE_INFINITY),
  ]);
  assert.equal(s.total.prompt_tokens, 7);
  assert.equal(s.total.completion_tokens, 3);
  assert.equal(s.total.latency_ms, 120);
  assert.equal(s.total.calls, 3);
});
