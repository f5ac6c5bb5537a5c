import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createChatClient } from '../../src/llm/index.js';
import {
  createResponseCache,
  loadResponses,
  type RunReport,
  runModel,
  scoreRun,
} from '../../src/runs/index.js';
import { type FakeBehaviour, type FakeServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { syntheticAnswer, syntheticProblems, tinyScorer } from './synthetic.js';

const problems = syntheticProblems(30);
const state = { healed: false };
let server: FakeServer;
const tmp = mkdtempSync(join(tmpdir(), 'prism-run-'));
const cacheDir = join(tmp, 'cache');

// Failure injection by problem: every kind the brief names, on the first request of each sample.
function behaviour(id: string, nth: number): FakeBehaviour {
  const ok: FakeBehaviour = { kind: 'answer', text: syntheticAnswer(id) };
  switch (id) {
    case 'p3':
      return nth <= 2 ? { kind: 'status', status: 429, retryAfter: '0.05' } : ok;
    case 'p4':
      return nth <= 2 ? { kind: 'status', status: 500 } : ok;
    case 'p5':
      return nth <= 2 ? { kind: 'answer', text: 'late', delayMs: 2000 } : ok;
    case 'p6':
      return nth <= 2 ? { kind: 'malformed' } : ok;
    case 'p7':
      return nth <= 2 ? { kind: 'drop' } : ok;
    case 'p8':
      return state.healed ? ok : { kind: 'status', status: 400 };
    case 'p9':
      return state.healed ? ok : { kind: 'status', status: 503 };
    default:
      return ok;
  }
}

before(async () => {
  server = await startFakeOpenAiServer((req) => behaviour(req.problemId, req.nth));
});
after(() => server.close());

const client = () =>
  createChatClient({
    baseUrl: server.url,
    concurrency: 4,
    timeoutMs: 800,
    maxAttempts: 4,
    backoff: { baseMs: 1, maxMs: 5 },
  });
const run = (dir: string, extra: Partial<Parameters<typeof runModel>[0]> = {}) =>
  runModel({
    dir,
    problems,
    client: client(),
    params: { model: 'fake-model', temperature: 0 },
    samples: 2,
    dataset: 'synthetic',
    cache: createResponseCache(cacheDir),
    scorer: tinyScorer,
    ...extra,
  });
const lines = (dir: string) =>
  readFileSync(join(dir, 'responses.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
const dirA = join(tmp, 'a');
let first: RunReport | undefined;

test('a run through 429s, 5xx, timeouts, malformed JSON and dropped connections records every sample once', async () => {
  const result = await run(dirA);
  assert.ok(result.ok && result.report);
  first = result.report;
  const rows = lines(dirA).map(
    (l) => JSON.parse(l) as { problem_id: string; sample: number; error: { code: string } | null },
  );
  assert.equal(rows.length, 60);
  assert.equal(new Set(rows.map((r) => `${r.problem_id}#${r.sample}`)).size, 60);
  const failed = rows
    .filter((r) => r.error !== null)
    .map((r) => `${r.problem_id}:${r.error?.code}`)
    .sort();
  assert.deepEqual(failed, [
    'p8:llm-client-error',
    'p8:llm-client-error',
    'p9:llm-server-error',
    'p9:llm-server-error',
  ]);
  for (const id of ['p3', 'p4', 'p5', 'p6', 'p7'])
    assert.equal(server.counts.get(id), 4, `${id}: 2 failures + 2 answers`);
  assert.equal(server.counts.get('p8'), 2, '400 is not retried');
  assert.equal(server.counts.get('p9'), 8, '503 is retried up to maxAttempts');
  assert.equal(result.report.errors, 4);
  assert.equal(result.report.responses, 56);
  assert.equal(result.report.unscored, 0);
  // Answers state the first (i mod 4) of 3 nodes: the mean step score is known.
  const expected = problems
    .filter((p) => !['p8', 'p9'].includes(p.id))
    .map((p) => Math.min(3, Number(p.id.slice(1)) % 4) / 3);
  assert.ok(
    Math.abs(result.report.average.step_score! - expected.reduce((a, b) => a + b) / expected.length) < 1e-12,
  );
  const config = JSON.parse(readFileSync(join(dirA, 'run.json'), 'utf8'));
  assert.equal(config.prompt_version, 'zero-shot-v1');
  assert.equal(config.max_tokens, 8096);
  assert.match(readFileSync(join(dirA, 'summary.md'), 'utf8'), /\| Step score \(%\) \|/);
  assert.equal(readFileSync(join(dirA, 'records.jsonl'), 'utf8').trim().split('\n').length, 56);
});

test('re-running the same run requests nothing and changes nothing', async () => {
  const before = server.total();
  const result = await run(dirA);
  assert.equal(server.total(), before);
  assert.equal(result.requested, 0);
  assert.equal(result.alreadyDone, 60);
  assert.equal(lines(dirA).length, 60);
  assert.deepEqual(result.report, first);
});

test('--retry-errors requests the failures only', async () => {
  state.healed = true;
  const before = server.total();
  const result = await run(dirA, { retryErrors: true });
  assert.equal(server.total() - before, 4);
  assert.equal(result.requested, 4);
  assert.equal(result.report?.errors, 0);
  assert.equal(loadResponses(join(dirA, 'responses.jsonl')).latest.size, 60);
});

test('a new run directory with the same parameters is served from the cache', async () => {
  const before = server.total();
  const result = await run(join(tmp, 'b'));
  assert.equal(server.total(), before);
  assert.equal(result.fromCache, 60);
  assert.deepEqual(result.report?.by_domain, (await run(dirA)).report?.by_domain);
});

test('other sampling parameters miss the cache', async () => {
  const before = server.total();
  const result = await run(join(tmp, 'c'), { params: { model: 'fake-model', temperature: 0.7 } });
  assert.equal(server.total() - before, 60);
  assert.equal(result.fromCache, 0);
});

test('the same base URL and model under another protocol misses the cache', async () => {
  const before = server.total();
  // The fake speaks OpenAI's protocol; only the client's declared kind differs, so a hit would be
  // an answer cached under the OpenAI protocol served to an Anthropic run.
  const other = { ...client(), kind: 'anthropic' as const };
  const result = await run(join(tmp, 'c-protocol'), { client: other });
  assert.equal(result.fromCache, 0);
  assert.equal(server.total() - before, 60);
});

test('a directory made with another model is refused, untouched', async () => {
  const result = await run(dirA, { params: { model: 'other', temperature: 0 } });
  assert.equal(result.ok, false);
  assert.equal(result.diagnostics[0]?.code, 'run-config-mismatch');
  assert.match(result.diagnostics[0]!.message, /model/);
});

test('a truncated last line is ignored, reported, cut off, and its sample requested again', async () => {
  const dir = join(tmp, 'd');
  await run(dir, {
    problems: problems.slice(0, 3),
    samples: 1,
    cache: createResponseCache(join(tmp, 'cache-d')),
  });
  appendFileSync(join(dir, 'responses.jsonl'), '{"problem_id":"p3","sample":0,"prompt_ha');
  const before = server.counts.get('p3') ?? 0;
  const result = await run(dir, {
    problems: problems.slice(0, 4),
    samples: 1,
    cache: createResponseCache(join(tmp, 'cache-d')),
  });
  assert.ok(result.diagnostics.some((d) => d.code === 'jsonl-truncated-line'));
  assert.equal((server.counts.get('p3') ?? 0) - before, 1);
  const rows = lines(dir).map((l) => JSON.parse(l) as { problem_id: string });
  assert.deepEqual(rows.map((r) => r.problem_id).sort(), ['p0', 'p1', 'p2', 'p3']);
});

test('an abort stops the run without recording the cancelled samples; the next run completes it', async () => {
  const dir = join(tmp, 'e');
  const slowServer = await startFakeOpenAiServer((req) => ({
    kind: 'answer',
    text: syntheticAnswer(req.problemId),
    delayMs: 20,
  }));
  try {
    const controller = new AbortController();
    const slowClient = createChatClient({ baseUrl: slowServer.url, concurrency: 2 });
    let responses = 0;
    const base = {
      dir,
      problems,
      client: slowClient,
      params: { model: 'slow' },
      dataset: 'synthetic',
      scorer: tinyScorer,
    };
    const interrupted = await runModel({
      ...base,
      concurrency: 2,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'response' && ++responses === 5) controller.abort();
      },
    });
    assert.equal(interrupted.interrupted, true);
    const keptIds = lines(dir).map((l) => (JSON.parse(l) as { problem_id: string }).problem_id);
    const kept = keptIds.length;
    assert.ok(kept >= 5 && kept < 30, `kept ${kept}`);
    const resumed = await runModel(base);
    assert.equal(resumed.alreadyDone, kept);
    assert.equal(resumed.requested, 30 - kept);
    assert.equal(lines(dir).length, 30);
    // Recorded samples were never requested again; cancelled ones were (once more).
    for (const id of keptIds) assert.equal(slowServer.counts.get(id), 1, id);
  } finally {
    await slowServer.close();
  }
});

test('rescoring uses the stored responses and the scorer given, with no request', async () => {
  const before = server.total();
  const strict = scoreRun({
    dir: dirA,
    problems,
    samples: 2,
    model: 'fake-model',
    scorer: (p, r) => ({ ...tinyScorer(p, r), step_score: 0 }),
  });
  assert.equal(server.total(), before);
  assert.equal(strict.records.length, 60);
  assert.equal(strict.report.average.step_score, 0);
});
