/**
 * The HTTP edge's limits, over real sockets: the cap on request bytes in flight, the header and
 * body timeouts (a slow sender is cut off), and the status line carrying an error's reason.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { createApp } from '../../src/server/create-app.js';
import { type RunningServer, serveHttp } from '../../src/server/serve-http.js';
import type { ItemOutcome } from '../../src/server/types.js';
import type { ScoreBackend } from '../../src/server/worker-pool.js';

/** A backend that holds every batch until `release()`: requests stay in flight as long as a test needs. */
function heldBackend(): ScoreBackend & { release(): void; waiting(): number } {
  let gates: (() => void)[] = [];
  return {
    async score(items) {
      await new Promise<void>((resolve) => gates.push(resolve));
      return items.map(
        (): ItemOutcome => ({ status: 'ok', step_score: 0.5, final_answer_correct: true, ms: 1 }),
      );
    },
    upsertProblems() {},
    stats: () => ({ workers: 1, ready: 1, busy: 0, queued: 0, timeouts: 0, restarts: 0, crashes: 0 }),
    async close() {},
    release() {
      for (const g of gates) g();
      gates = [];
    },
    waiting: () => gates.length,
  };
}

const PROBLEM = {
  id: 'p1',
  context: 'c',
  final_answer_form: 'algebraic' as const,
  grading_standard: [{ index: 1, formula: '$$F = m a$$', dependency: [] }],
};

async function serve(
  backend: ScoreBackend,
  limits: Partial<Parameters<typeof serveHttp>[1]>,
): Promise<RunningServer> {
  const app = createApp({ backend, problems: [PROBLEM], maxBodyBytes: limits.maxBodyBytes ?? 1000 });
  return serveHttp(app, { host: '127.0.0.1', port: 0, maxBodyBytes: 1000, ...limits });
}

function body(bytes: number): string {
  const head = '{"items":[{"problem_id":"p1","response":"';
  const tail = '"}]}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

test('request bytes in flight are capped: 503 busy with Retry-After, and room again once answered', async () => {
  const backend = heldBackend();
  const server = await serve(backend, { maxBodyBytes: 1000, maxInFlightBytes: 1500 });
  try {
    const post = (b: string) => fetch(`${server.url}/v1/score`, { method: 'POST', body: b });
    const first = post(body(900));
    for (let i = 0; i < 100 && backend.waiting() < 1; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(server.inFlightBytes(), 900);
    const second = await post(body(900));
    assert.equal(second.status, 503);
    assert.equal(second.headers.get('retry-after'), '1');
    assert.equal(((await second.json()) as { error: { code: string } }).error.code, 'busy');
    // A small one still fits beside the first (900 + 500 ≤ 1500).
    const small = post(body(500));
    for (let i = 0; i < 100 && backend.waiting() < 2; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(server.inFlightBytes(), 1400);
    backend.release();
    const done = await first;
    assert.equal(done.status, 200);
    assert.deepEqual(
      ((await done.json()) as { results: { reward: number }[] }).results.map((r) => r.reward),
      [0.75],
    );
    assert.equal((await small).status, 200);
    for (let i = 0; i < 50 && server.inFlightBytes() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(server.inFlightBytes(), 0);
    // One request alone may always use the whole body limit, even past the in-flight cap.
    const alone = await serve(backend, { maxBodyBytes: 1000, maxInFlightBytes: 500 });
    const r = fetch(`${alone.url}/v1/score`, { method: 'POST', body: body(900) });
    for (let i = 0; i < 100 && backend.waiting() < 1; i++) await new Promise((res) => setTimeout(res, 20));
    backend.release();
    assert.equal((await r).status, 200);
    await alone.close();
  } finally {
    backend.release();
    await server.close();
  }
});

/** Sends raw bytes and resolves with what the server wrote before closing, and how long it took. */
function raw(url: string, chunks: string[]): Promise<{ text: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const start = performance.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('utf8');
    });
    socket.on('close', () => resolve({ text, ms: performance.now() - start }));
    socket.on('error', () => {});
    for (const c of chunks) socket.write(c);
  });
}

test('a slow sender is cut off: headers and body each have a deadline (no request waits forever)', async () => {
  const server = await serve(heldBackend(), { headersTimeoutMs: 400, requestTimeoutMs: 800 });
  try {
    const headersOnly = await raw(server.url, ['POST /v1/score HTTP/1.1\r\nHost: x\r\n']);
    assert.match(headersOnly.text, /^HTTP\/1\.1 408/);
    const slowBody = await raw(server.url, [
      'POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"items":',
    ]);
    assert.match(slowBody.text, /^HTTP\/1\.1 408/);
    assert.ok(slowBody.ms < 5000, `${slowBody.ms} ms`);
  } finally {
    await server.close();
  }
});

test('an error’s reason is in the status line (clients that log only the status line say what is wrong)', async () => {
  const server = await serve(heldBackend(), {});
  try {
    const r = await raw(server.url, [
      'POST /get_reward HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 41\r\nConnection: close\r\n\r\n{"query":["a"],"prompts":[""],"labels":[""]}'.replace(
        'Content-Length: 41',
        `Content-Length: ${'{"query":["a"],"prompts":[""],"labels":[""]}'.length}`,
      ),
    ]);
    assert.match(r.text, /^HTTP\/1\.1 400 labels\[0\] is empty: .*--data\.label_key/);
  } finally {
    await server.close();
  }
});
