// The call layer: per-call cache and TTL, per-call resume, 429/5xx mid-pipeline, fatal stops, the lock.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  type CallRecord,
  createPipeline,
  createResponseCache,
  resolveRoles,
} from '../../src/pipeline/index.js';
import { runTechnique } from '../../src/runs/run-technique.js';
import { DEFAULT_TECHNIQUE_SETTINGS, multiAgentReview } from '../../src/techniques/index.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig, problemOf, verifierReply } from '../helpers/fake-roles.js';
import { syntheticProblems, tinyScorer } from '../runs/synthetic.js';

const fast = { backoff: { baseMs: 1, maxMs: 2 } };
const tmp = () => mkdtempSync(join(tmpdir(), 'prism-pipe-'));

function multiScript(req: LlmRequest): LlmBehaviour {
  if (req.model === 'solver-model')
    return { kind: 'answer', text: req.turns.length === 1 ? `s0 ${problemOf(req)}` : 'revised' };
  if (req.model.startsWith('verifier')) return verifierReply(3, ['a real mistake']);
  if (req.model === 'meta-model') return { kind: 'answer', text: '{"mistakes": ["a real mistake"]}' };
  return { kind: 'status', status: 404, message: 'unknown model' };
}

test('a call is cached by content: another pipeline asking the same is served without a request; TTL expires it', async () => {
  const server = await startFakeLlmServer(() => ({ kind: 'answer', text: 'forty-two' }));
  try {
    const dir = tmp();
    const cache = createResponseCache(join(dir, 'cache'));
    const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
    const spec = {
      step: 'solve',
      role: 'solver' as const,
      binding: roles.solver,
      messages: [{ role: 'user' as const, content: 'q' }],
      promptVersion: 'v1',
    };
    const p1 = createPipeline({ transcriptPath: join(dir, 't1.jsonl'), cache });
    const r1 = await p1.call('a#0', spec);
    assert.equal(r1.ok && r1.source, 'request');
    const p2 = createPipeline({ transcriptPath: join(dir, 't2.jsonl'), cache, cacheMaxAgeMs: 3_600_000 });
    const r2 = await p2.call('a#0', spec);
    assert.equal(r2.ok && r2.source, 'cache');
    assert.equal(r2.ok && r2.text, 'forty-two');
    assert.equal(server.log.length, 1);
    // Age every cache entry by two hours: a 1-hour TTL no longer uses it.
    const root = join(dir, 'cache', 'responses');
    for (const sub of readdirSync(root))
      for (const f of readdirSync(join(root, sub))) {
        const old = new Date(Date.now() - 2 * 3_600_000);
        utimesSync(join(root, sub, f), old, old);
      }
    const p3 = createPipeline({ transcriptPath: join(dir, 't3.jsonl'), cache, cacheMaxAgeMs: 3_600_000 });
    const r3 = await p3.call('a#0', spec);
    assert.equal(r3.ok && r3.source, 'request');
    // A different prompt version is a different call.
    const r4 = await p3.call('a#0', { ...spec, promptVersion: 'v2' });
    assert.equal(r4.ok && r4.source, 'request');
    // The same transcript again: resumed, not requested, not written twice.
    const p4 = createPipeline({ transcriptPath: join(dir, 't3.jsonl') });
    const r5 = await p4.call('a#0', spec);
    assert.equal(r5.ok && r5.source, 'transcript');
    assert.equal(readFileSync(join(dir, 't3.jsonl'), 'utf8').trim().split('\n').length, 2);
    assert.equal(server.log.length, 3);
    for (const p of [p1, p2, p3, p4]) p.close();
  } finally {
    await server.close();
  }
});

test('429 and 5xx in the middle of a multi-agent sample are retried; the transcript records the attempts', async () => {
  const seen = new Map<string, number>();
  const server = await startFakeLlmServer((req) => {
    const n = (seen.get(req.model) ?? 0) + 1;
    seen.set(req.model, n);
    if (req.model === 'verifier-2' && n === 1)
      return { kind: 'status', status: 429, retryAfter: '0', message: 'slow down' };
    if (req.model === 'meta-model' && n === 1) return { kind: 'status', status: 529, message: 'Overloaded' };
    if (req.model === 'verifier-3' && n === 1) return { kind: 'status', status: 500, message: 'oops' };
    return multiScript(req);
  });
  try {
    const dir = join(tmp(), 'run');
    const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {}, transport: fast });
    const result = await runTechnique({
      dir,
      problems: syntheticProblems(1),
      roles,
      technique: multiAgentReview,
      settings: DEFAULT_TECHNIQUE_SETTINGS,
      dataset: 's',
      scorer: tinyScorer,
    });
    assert.equal(result.failed, 0);
    assert.equal(result.report?.responses, 1);
    const calls = readFileSync(join(dir, 'transcripts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CallRecord);
    const attempts = Object.fromEntries(calls.map((c) => [c.step, c.attempts]));
    assert.deepEqual(attempts, {
      solve: 1,
      'verify-1-1': 1,
      'verify-1-2': 2,
      'verify-1-3': 2,
      'meta-1': 2,
      'revise-1': 1,
    });
    const row = JSON.parse(readFileSync(join(dir, 'responses.jsonl'), 'utf8'));
    assert.equal(row.response, 'revised');
    assert.equal(row.calls, 6);
  } finally {
    await server.close();
  }
});

test('a 5xx that never ends fails the sample (recorded), not the run; a 401 stops the run at once with the server message', async () => {
  const server = await startFakeLlmServer((req) => {
    if (req.model === 'meta-model' && problemOf(req) === 'p0')
      return { kind: 'status', status: 503, message: 'down for p0' };
    return multiScript(req);
  });
  try {
    const dir = join(tmp(), 'run');
    const { roles } = resolveRoles(fakeRolesConfig(server.url), {
      env: {},
      transport: { backoff: { baseMs: 1, maxMs: 1 } },
    });
    const result = await runTechnique({
      dir,
      problems: syntheticProblems(2),
      roles,
      technique: multiAgentReview,
      settings: DEFAULT_TECHNIQUE_SETTINGS,
      dataset: 's',
      scorer: tinyScorer,
      concurrency: 1,
    });
    assert.equal(result.failed, 1);
    assert.equal(result.report?.errors, 1);
    assert.equal(result.report?.responses, 1);
    const rows = readFileSync(join(dir, 'responses.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(rows.find((r) => r.problem_id === 'p0').error.code, 'llm-server-error');
  } finally {
    await server.close();
  }
  const denied = await startFakeLlmServer((req) =>
    req.model === 'verifier-2'
      ? { kind: 'status', status: 401, message: 'invalid x-api-key' }
      : multiScript(req),
  );
  try {
    const dir = join(tmp(), 'run');
    const { roles } = resolveRoles(fakeRolesConfig(denied.url), { env: {}, transport: fast });
    const result = await runTechnique({
      dir,
      problems: syntheticProblems(20),
      roles,
      technique: multiAgentReview,
      settings: DEFAULT_TECHNIQUE_SETTINGS,
      dataset: 's',
      scorer: tinyScorer,
      concurrency: 2,
    });
    assert.equal(result.fatal?.code, 'llm-auth-error');
    assert.match(result.fatal!.message, /HTTP 401 .*invalid x-api-key/);
    assert.match(result.fatal!.where!, /verifier v2 \(verifier-2\)/);
    assert.equal(result.report, undefined);
    assert.ok(denied.count('verifier-2') <= 2, `verifier-2 asked ${denied.count('verifier-2')} times`);
    assert.ok(denied.count('solver-model') <= 4, 'the run went on after the auth failure');
    assert.equal(readFileSync(join(dir, 'responses.jsonl'), 'utf8'), '', 'no sample blamed for the key');
  } finally {
    await denied.close();
  }
});

test('two runs on one run directory cannot interleave: the second gets run-locked naming the holder', async () => {
  const dir = join(tmp(), 'run');
  const server = await startFakeLlmServer(multiScript);
  try {
    const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
    const opts = {
      dir,
      problems: syntheticProblems(1),
      roles,
      technique: multiAgentReview,
      settings: DEFAULT_TECHNIQUE_SETTINGS,
      dataset: 's',
      scorer: tinyScorer,
    };
    await runTechnique(opts);
    // A live holder (this very process) → refused with a clear message.
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: process.pid, started_at: 'earlier' }));
    const second = await runTechnique(opts);
    assert.equal(second.ok, false);
    assert.equal(second.diagnostics[0]?.code, 'run-locked');
    assert.match(
      second.diagnostics[0]!.message,
      new RegExp(`another run \\(pid ${process.pid}, started earlier\\) is using this run directory`),
    );
    // A dead holder (a SIGKILLed run) → taken over.
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, started_at: 'long ago' }));
    const third = await runTechnique(opts);
    assert.equal(third.ok, true);
    // Concurrent starts: exactly one wins.
    const [a, b] = await Promise.all([
      runTechnique({ ...opts, dir: join(dir, 'x') }),
      runTechnique({ ...opts, dir: join(dir, 'x') }),
    ]);
    assert.equal([a.ok, b.ok].filter(Boolean).length, 1);
  } finally {
    await server.close();
  }
});
