import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createChatClient } from '../../src/llm/index.js';
import {
  type FakeBehaviour,
  type FakeRequest,
  type FakeServer,
  startFakeOpenAiServer,
} from '../helpers/fake-openai-server.js';

// Each test uses its own PROBLEM-ID, and the script below reads the wanted behaviour sequence from it.
const plans: Record<string, FakeBehaviour[]> = {
  ok: [{ kind: 'answer', text: 'E = mc^2' }],
  r429: [
    { kind: 'status', status: 429, retryAfter: '0.2' },
    { kind: 'answer', text: 'after 429' },
  ],
  r500: [
    { kind: 'status', status: 500 },
    { kind: 'status', status: 503 },
    { kind: 'answer', text: 'after 5xx' },
  ],
  slow: [
    { kind: 'answer', text: 'too late', delayMs: 2000 },
    { kind: 'answer', text: 'in time' },
  ],
  malformed: [{ kind: 'malformed' }, { kind: 'answer', text: 'well formed' }],
  drop: [{ kind: 'drop' }, { kind: 'answer', text: 'after drop' }],
  bad400: [{ kind: 'status', status: 400, body: '{"error":{"message":"model `nope` does not exist"}}' }],
  auth: [{ kind: 'status', status: 401 }],
  always429: [{ kind: 'status', status: 429 }],
  hang: [{ kind: 'hang' }],
  conc: [{ kind: 'answer', text: 'x', delayMs: 30 }],
};
let server: FakeServer;
const seen: FakeRequest[] = [];

before(async () => {
  server = await startFakeOpenAiServer((req) => {
    seen.push(req);
    const plan = plans[req.problemId] ?? [{ kind: 'status', status: 404 }];
    return plan[Math.min(req.nth, plan.length) - 1]!;
  });
});
after(() => server.close());

const fast = { baseMs: 1, maxMs: 5 };
const msg = (id: string) => [{ role: 'user' as const, content: `PROBLEM-ID:${id} solve it` }];

test('a scripted answer comes back with usage, and the request carries model, token limit and key', async () => {
  const client = createChatClient({ baseUrl: server.url, apiKey: 'sk-test', backoff: fast });
  const out = await client.complete(msg('ok'), { model: 'm1', temperature: 0.3, reasoningEffort: 'high' });
  assert.ok(out.ok);
  assert.equal(out.text, 'E = mc^2');
  assert.equal(out.usage.total, 15);
  assert.equal(out.attempts, 1);
  const req = seen.find((r) => r.problemId === 'ok')!;
  assert.equal(req.body.model, 'm1');
  assert.equal(req.body.max_tokens, 8096);
  assert.equal(req.body.temperature, 0.3);
  assert.equal(req.body.reasoning_effort, 'high');
  assert.equal(req.headers.authorization, 'Bearer sk-test');
});

test('429 with Retry-After is retried no sooner than the server asked', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast });
  const t0 = performance.now();
  const out = await client.complete(msg('r429'), { model: 'm' });
  assert.ok(out.ok);
  assert.equal(out.text, 'after 429');
  assert.equal(out.attempts, 2);
  assert.ok(performance.now() - t0 >= 195, `waited only ${performance.now() - t0} ms`);
});

test('5xx answers are retried with backoff, and retries are reported', async () => {
  const retries: string[] = [];
  const client = createChatClient({
    baseUrl: server.url,
    backoff: fast,
    onRetry: (e) => retries.push(`${e.code}:${e.status}`),
  });
  const out = await client.complete(msg('r500'), { model: 'm' });
  assert.ok(out.ok);
  assert.equal(out.attempts, 3);
  assert.deepEqual(retries, ['llm-server-error:500', 'llm-server-error:503']);
});

test('a response slower than the timeout is abandoned and retried', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast, timeoutMs: 800 });
  const out = await client.complete(msg('slow'), { model: 'm' });
  assert.ok(out.ok, JSON.stringify(out));
  assert.equal(out.text, 'in time');
  assert.equal(out.attempts, 2);
});

test('malformed JSON with status 200 is retried', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast });
  const out = await client.complete(msg('malformed'), { model: 'm' });
  assert.ok(out.ok);
  assert.equal(out.text, 'well formed');
});

test('a connection dropped mid-response is retried', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast });
  const out = await client.complete(msg('drop'), { model: 'm' });
  assert.ok(out.ok, JSON.stringify(out));
  assert.equal(out.text, 'after drop');
  assert.equal(out.attempts, 2);
});

test('a 400 is not retried and carries the server message', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast });
  const out = await client.complete(msg('bad400'), { model: 'nope' });
  assert.equal(out.ok, false);
  assert.ok(!out.ok);
  assert.equal(out.diagnostic.code, 'llm-client-error');
  assert.equal(out.attempts, 1);
  assert.equal(out.status, 400);
  assert.match(out.diagnostic.message, /model `nope` does not exist/);
});

test('a 401 is an auth error, not retried', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast });
  const out = await client.complete(msg('auth'), { model: 'm' });
  assert.ok(!out.ok);
  assert.equal(out.diagnostic.code, 'llm-auth-error');
  assert.equal(out.attempts, 1);
});

test('persistent 429 gives up after maxAttempts with llm-rate-limited', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast, maxAttempts: 3 });
  const before429 = server.counts.get('always429') ?? 0;
  const out = await client.complete(msg('always429'), { model: 'm' });
  assert.ok(!out.ok);
  assert.equal(out.diagnostic.code, 'llm-rate-limited');
  assert.equal(out.attempts, 3);
  assert.equal((server.counts.get('always429') ?? 0) - before429, 3);
});

test('a hung server times out on every attempt with llm-timeout', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast, maxAttempts: 2, timeoutMs: 60 });
  const out = await client.complete(msg('hang'), { model: 'm' });
  assert.ok(!out.ok);
  assert.equal(out.diagnostic.code, 'llm-timeout');
});

test('an abort from the caller ends the request as llm-aborted without retrying', async () => {
  const client = createChatClient({ baseUrl: server.url, backoff: fast, timeoutMs: 5000 });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 40);
  const out = await client.complete(msg('hang'), { model: 'm' }, controller.signal);
  assert.ok(!out.ok);
  assert.equal(out.diagnostic.code, 'llm-aborted');
  assert.equal(out.attempts, 1);
});

test('a refused connection fails at once (a wrong base URL is not worth retrying)', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const client = createChatClient({ baseUrl: `http://127.0.0.1:${port}/v1`, backoff: fast, maxAttempts: 2 });
  const out = await client.complete(msg('ok'), { model: 'm' });
  assert.ok(!out.ok);
  assert.equal(out.diagnostic.code, 'llm-connection-refused');
  assert.equal(out.attempts, 1);
  assert.match(out.diagnostic.message, /ECONNREFUSED/);
});

test('the concurrency limit bounds requests in flight', async () => {
  let inFlight = 0;
  let peak = 0;
  const counting: typeof fetch = async (input, init) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    try {
      const res = await fetch(input, init);
      await res.clone().text();
      return res;
    } finally {
      inFlight--;
    }
  };
  const client = createChatClient({ baseUrl: server.url, concurrency: 3, fetch: counting });
  const outs = await Promise.all(
    Array.from({ length: 12 }, () => client.complete(msg('conc'), { model: 'm' })),
  );
  assert.ok(outs.every((o) => o.ok));
  assert.equal(peak, 3);
});
