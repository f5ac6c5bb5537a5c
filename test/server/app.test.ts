import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { scoreCommand } from '../../src/cli/commands/score.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { createApp } from '../../src/server/create-app.js';
import { createWorkerPool } from '../../src/server/worker-pool.js';
import { runCommand } from '../helpers/cli.js';
import { bodyOf, bundledAnswers, bundledProblems, manyIntegralsAnswer, request } from './helpers.js';

// One real worker pool (one worker thread, the scorer loaded in it) shared by apps with different settings.
const problems = bundledProblems();
// The work meter now bounds every item well inside the deadline at the default budget; the deadline
// is the backstop for what a budget misses. To exercise it, this pool's budget is set past what the
// deadline allows, and the deadline (300 ms) is well under the slow answer's cost (≈ 0.7–1 s of CPU
// unbounded on this kind of machine, quiet) and well over a normal answer's once the worker is warm
// (≤ ~50 ms). Each worker (the first and every replacement) warms up on 40 bundled answers before it
// takes an item, as `prism serve` does with 200: a cold worker's first answers, still unoptimized,
// missed the 300 ms deadline on a loaded machine.
const pool = createWorkerPool({
  problems,
  workers: 1,
  warmupItems: 40,
  itemTimeoutMs: 300,
  maxQueue: 60,
  workBudget: Number.MAX_SAFE_INTEGER,
});
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
      query: [prompt + a!.response, prompt + b!.response, 42],
      prompts: [prompt, prompt, prompt],
      labels: [a!.problem_id, `${b!.problem_id}#3`, a!.problem_id],
    }),
  );
  assert.equal(r.status, 200, r.body);
  const body = bodyOf<RewardBody>(r);
  assert.equal(body.rewards.length, 3);
  assert.deepEqual(body.scores, body.rewards);
  for (const key of ['step_score', 'final_correct', 'timeout', 'error'])
    assert.equal(body.extra_logs[key]!.length, 3);
  // Reward = 0.5 * step + 0.5 * final, and the step scores are the CLI scorer's own.
  const scorer = createScorer(problems);
  for (const [i, answer] of [a!, b!].entries()) {
    const record = scorer.scoreResponse(answer.problem_id, answer.response);
    assert.equal(body.extra_logs.step_score![i], record.step_score);
    assert.equal(body.extra_logs.final_correct![i], record.final_answer_correct === true ? 1 : 0);
    const expected = 0.5 * record.step_score + 0.5 * (record.final_answer_correct === true ? 1 : 0);
    assert.ok(Math.abs(body.rewards[i]! - expected) < 1e-12);
  }
  assert.ok(body.extra_logs.step_score![0]! > 0, 'a sample answer earns step credit');
  // The non-string query fails on its own, with reward 0 and error 1 in the logs.
  assert.deepEqual(body.extra_logs.error, [0, 0, 1]);
  assert.equal(body.rewards[2], 0);
  assert.deepEqual(
    body.errors.map((e) => [e.index, e.code]),
    [[2, 'bad-item']],
  );
});

test('get_reward: an empty or unknown label is never a silent 0 — 400 naming the label key, in the status line too', async () => {
  const [a] = bundledAnswers('mechanics');
  const send = (labels: unknown[]) =>
    open.handle(
      request('POST', '/get_reward', {
        query: labels.map(() => a!.response),
        prompts: labels.map(() => ''),
        labels,
      }),
    );
  // What OpenRLHF sends without --data.label_key: empty strings.
  const empty = await send([a!.problem_id, '']);
  assert.equal(empty.status, 400);
  const e = bodyOf<{ error: { code: string; message: string } }>(empty).error;
  assert.equal(e.code, 'missing-label');
  assert.match(e.message, /labels\[1\] is empty.*--data\.label_key/);
  const unknown = await send([a!.problem_id, 'no-such-problem']);
  assert.equal(unknown.status, 400);
  const u = bodyOf<{ error: { code: string; message: string } }>(unknown).error;
  assert.equal(u.code, 'unknown-problem');
  assert.match(u.message, /labels\[1\] = "no-such-problem" names no problem/);
  // Near misses: a known id with an instance suffix and a numeric-looking label that is loaded pass.
  assert.equal((await send([`${a!.problem_id}#7`])).status, 200);
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
  // Its own pool with a deadline no normal answer meets even on a loaded machine: the shared pool's
  // 300 ms deadline (there to exercise timeouts) timed out cold optics answers under load.
  const roomy = createWorkerPool({ problems, workers: 1, itemTimeoutMs: 120_000, maxQueue: 60 });
  const r = await createApp({ backend: roomy, problems })
    .handle(request('POST', '/v1/score', { items }))
    .finally(() => roomy.close());
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

test('413 for a body past --max-body-bytes; a batch larger than the queue waits its turn (queued by items)', async () => {
  const app = createApp({ backend: pool, problems, maxBodyBytes: 1000 });
  const big = { query: ['x'.repeat(2000)], prompts: [''], labels: ['mech-01'] };
  const r = await app.handle(request('POST', '/get_reward', big));
  assert.equal(r.status, 413);
  assert.equal(bodyOf<{ error: { code: string } }>(r).error.code, 'payload-too-large');
  // A legacy OpenRLHF rollout (every sample in one request) larger than --max-queue (60): scored.
  const [a] = bundledAnswers('mechanics');
  const n = 150;
  const rollout = await open.handle(
    request('POST', '/get_reward', {
      query: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? a!.response : '$$F = ma$$')),
      prompts: Array.from({ length: n }, () => ''),
      labels: Array.from({ length: n }, () => a!.problem_id),
    }),
  );
  assert.equal(rollout.status, 200, rollout.body);
  const body = bodyOf<RewardBody>(rollout);
  assert.equal(body.rewards.length, n);
  const expected = createScorer(problems).scoreResponse(a!.problem_id, a!.response).step_score;
  assert.ok(body.extra_logs.step_score!.every((x, i) => (i % 2 === 0 ? x === expected : true)));
});

test('batches beyond the queue wait for room instead of failing; both are scored', async () => {
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
      [1, 2, 3, 4, 5].map(() => ({ problem_id: 'mech-01', response: '$$F = ma$$' })),
    ),
  );
  assert.equal(second.status, 200);
  const done = bodyOf<{ results: { status: string }[] }>(await first);
  assert.equal(done.results.length, 58);
  assert.equal(done.results[0]!.status, 'timeout');
  assert.ok(done.results.slice(1).every((x) => x.status === 'ok'));
  const later = bodyOf<{ results: { status: string; reward: number }[] }>(second).results;
  assert.deepEqual(
    later.map((x) => x.status),
    ['ok', 'ok', 'ok', 'ok', 'ok'],
  );
});

test('400 for a body nested past 64 levels (a 100,000-deep body too), not a 500', async () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  for (const path of ['/get_reward', '/v1/score']) {
    const r = await open.handle(request('POST', path, deep));
    assert.equal(r.status, 400, path);
    assert.equal(bodyOf<{ error: { code: string } }>(r).error.code, 'too-deep');
  }
  const sixtyFive = `{"items": ${'['.repeat(64)}${']'.repeat(64)}}`;
  assert.equal((await open.handle(request('POST', '/v1/score', sixtyFive))).status, 400);
  // Near misses: brackets inside strings do not count; 64 levels are fine (then the shape is judged).
  const inString = { items: [{ problem_id: 'mech-01', response: `$$F = ma$$ ${'['.repeat(500)}"\\` }] };
  assert.equal((await open.handle(request('POST', '/v1/score', inString))).status, 200);
  const sixtyFour = `{"items": ${'['.repeat(63)}${']'.repeat(63)}}`;
  const shallow = await open.handle(request('POST', '/v1/score', sixtyFour));
  assert.equal(shallow.status, 200);
  const { results } = bodyOf<{ results: { reward: number | null; error: { code: string } }[] }>(shallow);
  assert.deepEqual(
    results.map((x) => [x.reward, x.error.code]),
    [[null, 'bad-item']],
  );
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

test('metrics: Prometheus text with the values of what was served', async () => {
  const app = createApp({ backend: pool, problems });
  const [a] = bundledAnswers('mechanics');
  // The shared pool's 300 ms deadline can time out an answer on a loaded machine: such an item is
  // counted as a timeout, not ok (seen once in CI under load: 3 ok instead of 4).
  const timeoutsBefore = pool.stats().timeouts;
  const ok = {
    query: [a!.response, '$$F = ma$$', 7],
    prompts: ['', '', ''],
    labels: Array(3).fill(a!.problem_id),
  };
  for (let i = 0; i < 2; i++)
    assert.equal((await app.handle(request('POST', '/get_reward', ok))).status, 200);
  assert.equal((await app.handle(request('POST', '/get_reward', '{not json'))).status, 400);
  assert.equal(
    (await app.handle(request('POST', '/v1/score', [{ problem_id: 'nope', response: '' }]))).status,
    200,
  );
  const r = await app.handle(request('GET', '/metrics'));
  assert.equal(r.status, 200);
  assert.match(r.headers['content-type']!, /text\/plain/);
  const values = new Map(
    r.body
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))] as const),
  );
  const stats = pool.stats();
  const timedOut = stats.timeouts - timeoutsBefore;
  assert.equal(values.get('prism_items_total{status="timeout"}') ?? 0, timedOut);
  const expected: [string, number][] = [
    ['prism_requests_total{route="/get_reward",status="200"}', 2],
    ['prism_requests_total{route="/get_reward",status="400"}', 1],
    ['prism_requests_total{route="/v1/score",status="200"}', 1],
    ['prism_items_total{status="ok"}', 4 - timedOut],
    ['prism_items_total{status="error"}', 3],
    ['prism_request_duration_seconds_count{route="/get_reward"}', 3],
    ['prism_request_duration_seconds_bucket{route="/get_reward",le="+Inf"}', 3],
    ['prism_item_timeouts_total', stats.timeouts],
    ['prism_worker_restarts_total', stats.restarts],
    ['prism_queue_depth', 0],
    ['prism_workers{state="ready"}', 1],
  ];
  for (const [name, value] of expected) assert.equal(values.get(name), value, name);
  assert.ok(stats.timeouts >= 1, 'the slow answer above timed out');
  // The histogram is cumulative: every bucket count is at most the next.
  const buckets = [...values].filter(([k]) =>
    k.startsWith('prism_request_duration_seconds_bucket{route="/get_reward"'),
  );
  for (let i = 1; i < buckets.length; i++) assert.ok(buckets[i - 1]![1] <= buckets[i]![1]);
});
