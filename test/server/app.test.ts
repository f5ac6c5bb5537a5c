import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { scoreCommand } from '../../src/cli/commands/score.js';
import { createApp } from '../../src/server/create-app.js';
import { createWorkerPool } from '../../src/server/worker-pool.js';
import { runCommand } from '../helpers/cli.js';
import { bodyOf, bundledAnswers, bundledProblems, manyIntegralsAnswer, request } from './helpers.js';

// One real worker pool (one worker thread, the scorer loaded in it) shared by apps with different settings.
const problems = bundledProblems();
const pool = createWorkerPool({ problems, workers: 1, itemTimeoutMs: 1500, maxQueue: 60 });
after(() => pool.close());
const open = createApp({ backend: pool, problems });

const CART = {
  id: 'cart-1',
  context: 'A cart of mass m reaches speed v from rest in time t under a constant force F. Find F.',
  final_answer_form: 'algebraic',
  final_answer: ['F = \\frac{m v}{t}'],
  grading_standard: [
    { index: 1, formula: '$$F = m a$$', dependency: [] },
    { index: 2, formula: '$$a = \\frac{v}{t}$$', dependency: [] },
    { index: 3, formula: '$$F = \\frac{m v}{t}$$', dependency: [1, 2], is_final_answer: true },
  ],
};

interface RewardBody {
  rewards: number[];
  scores: number[];
  extra_logs: Record<string, number[]>;
  errors: { index: number; code: string }[];
}

test('get_reward: OpenRLHF contract — prompt prefix cut, labels name problems, one reward per query', async () => {
  const [a, b] = bundledAnswers('mechanics');
  const prompt = '<|im_start|>user\nSolve the problem.<|im_end|>\n<|im_start|>assistant\n';
  const r = await open.handle(
    request('POST', '/get_reward', {
      query: [prompt + a!.response, prompt + b!.response, prompt, 42],
      prompts: [prompt, prompt, prompt, prompt],
      labels: [a!.problem_id, `${b!.problem_id}#3`, 'no-such-problem', a!.problem_id],
    }),
  );
  assert.equal(r.status, 200, r.body);
  const body = bodyOf<RewardBody>(r);
  assert.equal(body.rewards.length, 4);
  assert.deepEqual(body.scores, body.rewards);
  for (const key of ['step_score', 'final_correct', 'timeout', 'error'])
    assert.equal(body.extra_logs[key]!.length, 4);
  // Reward = 0.5 * step + 0.5 * final, from the same scorer the CLI uses.
  for (const i of [0, 1]) {
    const expected = 0.5 * body.extra_logs.step_score![i]! + 0.5 * body.extra_logs.final_correct![i]!;
    assert.ok(Math.abs(body.rewards[i]! - expected) < 1e-12);
  }
  assert.ok(body.extra_logs.step_score![0]! > 0, 'a sample answer earns step credit');
  // The unknown problem and the non-string query fail on their own, with reward 0.
  assert.deepEqual(body.extra_logs.error, [0, 0, 1, 1]);
  assert.deepEqual([body.rewards[2], body.rewards[3]], [0, 0]);
  assert.deepEqual(
    body.errors.map((e) => [e.index, e.code]),
    [
      [2, 'unknown-problem'],
      [3, 'bad-item'],
    ],
  );
});

test('v1/score: the same scores as prism score on the same inputs, with dense rewards that sum to the step score', async () => {
  const out = mkdtempSync(join(tmpdir(), 'prism-serve-'));
  const answersPath = new URL('../../data/answers/optics.jsonl', import.meta.url).pathname;
  const cli = await runCommand(scoreCommand, ['--responses', answersPath, '--out', out, '--quiet']);
  assert.equal(cli.code, 0, cli.stderr);
  const expected = readFileSync(join(out, 'records.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          response_id: string;
          step_score: number;
          final_answer_correct: boolean;
          matched: number[];
        },
    );
  const items = bundledAnswers('optics');
  const r = await open.handle(request('POST', '/v1/score', { items }));
  assert.equal(r.status, 200, r.body.slice(0, 300));
  const { results } = bodyOf<{
    results: {
      response_id: string;
      status: string;
      step_score: number;
      final_answer_correct: boolean;
      record: { matched: number[]; formulas: { latex: string }[] };
      dense: { start: number; end: number; credit: number; nodes: number[]; formula: number }[];
    }[];
  }>(r);
  assert.equal(results.length, expected.length);
  results.forEach((got, i) => {
    const want = expected[i]!;
    assert.equal(got.status, 'ok');
    assert.equal(got.response_id, want.response_id);
    assert.equal(got.step_score, want.step_score, want.response_id);
    assert.equal(got.final_answer_correct, want.final_answer_correct, want.response_id);
    assert.deepEqual(got.record.matched, want.matched);
    const sum = got.dense.reduce((s, d) => s + d.credit, 0);
    assert.ok(
      Math.abs(sum - got.step_score) < 1e-9,
      `${want.response_id}: dense credits sum ${sum} ≠ ${got.step_score}`,
    );
    const text = items[i]!.response;
    for (const d of got.dense) {
      assert.ok(d.start < d.end && d.end <= text.length);
      // The span holds the formula (spacing and chain middles aside): its first and last characters.
      const latex = got.record.formulas[d.formula]!.latex;
      assert.equal(text[d.start], latex[0]);
      assert.equal(text[d.end - 1], latex[latex.length - 1]);
    }
  });
});

test('tokens: 401 for a missing or wrong token, Bearer and Basic (token as password) accepted, /health open', async () => {
  const app = createApp({ backend: pool, problems, token: 's3cret-token' });
  const item = { query: ['$$F = ma$$'], prompts: [''], labels: [problems[0]!.id] };
  assert.equal((await app.handle(request('POST', '/get_reward', item))).status, 401);
  const wrong = await app.handle(request('POST', '/get_reward', item, { authorization: 'Bearer nope' }));
  assert.equal(wrong.status, 401);
  assert.equal(bodyOf<{ error: { code: string } }>(wrong).error.code, 'unauthorized');
  assert.equal(
    (await app.handle(request('POST', '/v1/score', [], { authorization: 'Bearer s3cret-tokeN' }))).status,
    401,
  );
  assert.equal(
    (await app.handle(request('POST', '/get_reward', item, { authorization: 'Bearer s3cret-token' }))).status,
    200,
  );
  const basic = `Basic ${Buffer.from('prism:s3cret-token').toString('base64')}`;
  assert.equal(
    (await app.handle(request('POST', '/get_reward', item, { authorization: basic }))).status,
    200,
  );
  assert.equal((await app.handle(request('GET', '/health'))).status, 200);
});

test('413 for a body past --max-body-bytes and for a batch larger than the queue', async () => {
  const app = createApp({ backend: pool, problems, maxBodyBytes: 1000 });
  const big = { query: ['x'.repeat(2000)], prompts: [''], labels: ['mech-01'] };
  const r = await app.handle(request('POST', '/get_reward', big));
  assert.equal(r.status, 413);
  assert.equal(bodyOf<{ error: { code: string } }>(r).error.code, 'payload-too-large');
  const many = Array.from({ length: 61 }, () => ({ problem_id: 'mech-01', response: '' }));
  assert.equal((await open.handle(request('POST', '/v1/score', many))).status, 413);
});

test('503 with Retry-After when the queue is full; the accepted batch is unaffected', async () => {
  const slow = [manyIntegralsAnswer()];
  const first = open.handle(
    request('POST', '/v1/score', {
      detail: 'summary',
      items: Array.from({ length: 58 }, (_, i) => ({
        problem_id: 'mech-01',
        response: i === 0 ? slow[0] : '$$F = ma$$',
      })),
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  const second = await open.handle(
    request(
      'POST',
      '/v1/score',
      [1, 2, 3, 4, 5].map(() => ({ problem_id: 'mech-01', response: '' })),
    ),
  );
  assert.equal(second.status, 503);
  assert.equal(second.headers['retry-after'], '1');
  const done = bodyOf<{ results: { status: string }[] }>(await first);
  assert.equal(done.results.length, 58);
  assert.equal(done.results[0]!.status, 'timeout');
  assert.ok(done.results.slice(1).every((x) => x.status === 'ok'));
});

test('malformed requests and items: 400 for the body, a per-item error otherwise; 404 and 405', async () => {
  assert.equal((await open.handle(request('POST', '/get_reward', '{not json'))).status, 400);
  assert.equal((await open.handle(request('POST', '/get_reward', { query: ['a'], labels: [] }))).status, 400);
  assert.equal((await open.handle(request('POST', '/v1/score', { items: 'x' }))).status, 400);
  const r = await open.handle(
    request('POST', '/v1/score', [
      null,
      { problem_id: 'mech-01' },
      { response: 'x' },
      { problem_id: 'mech-01', response: '$$F = ma$$' },
    ]),
  );
  assert.equal(r.status, 200);
  const { results } = bodyOf<{ results: { status: string; error?: { code: string } }[] }>(r);
  assert.deepEqual(
    results.map((x) => x.error?.code ?? x.status),
    ['bad-item', 'bad-item', 'bad-item', 'ok'],
  );
  assert.equal((await open.handle(request('GET', '/nope'))).status, 404);
  assert.equal((await open.handle(request('GET', '/get_reward'))).status, 405);
});

test('v1/problems: refused without a configured token; validated; added problems are scored by the workers', async () => {
  assert.equal((await open.handle(request('POST', '/v1/problems', [CART]))).status, 403);
  const auth = { authorization: 'Bearer admin-token' };
  const app = createApp({ backend: pool, problems, token: 'admin-token' });
  assert.equal((await app.handle(request('POST', '/v1/problems', [CART]))).status, 401);
  const bad = {
    ...CART,
    id: 'cart-2',
    grading_standard: [{ index: 1, formula: '$$F = $$', dependency: [3] }],
  };
  const rejected = await app.handle(request('POST', '/v1/problems', [bad], auth));
  assert.equal(rejected.status, 422);
  const ok = await app.handle(request('POST', '/v1/problems', { problems: [CART] }, auth));
  assert.equal(ok.status, 200, ok.body);
  assert.equal(bodyOf<{ added: number }>(ok).added, 1);
  const scored = await app.handle(
    request(
      'POST',
      '/get_reward',
      { query: ['$$F = m a$$ and $$a = v/t$$ so $$F = \\frac{mv}{t}$$'], prompts: [''], labels: ['cart-1'] },
      auth,
    ),
  );
  const body = bodyOf<RewardBody>(scored);
  assert.deepEqual(body.extra_logs.step_score, [1]);
  assert.deepEqual(body.rewards, [1]);
});

test('metrics: Prometheus text with requests, items, latency histogram, timeouts, queue depth, restarts', async () => {
  const r = await open.handle(request('GET', '/metrics'));
  assert.equal(r.status, 200);
  assert.match(r.headers['content-type']!, /text\/plain/);
  for (const name of [
    'prism_requests_total{route="/get_reward",status="200"}',
    'prism_items_total{status="ok"}',
    'prism_request_duration_seconds_bucket{route="/v1/score",le="+Inf"}',
    'prism_item_timeouts_total',
    'prism_queue_depth 0',
    'prism_worker_restarts_total',
  ])
    assert.ok(r.body.includes(name), name);
});
