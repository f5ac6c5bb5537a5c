// Every technique against a fake server scripted per role: the exact messages each role is sent.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { CallRecord } from '../../src/pipeline/index.js';
import { resolveRoles } from '../../src/pipeline/index.js';
import { runTechnique } from '../../src/runs/run-technique.js';
import { DEFAULT_TECHNIQUE_SETTINGS, TECHNIQUES } from '../../src/techniques/index.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig, problemOf, requestsOf, verifierReply } from '../helpers/fake-roles.js';
import { syntheticProblems, tinyScorer } from '../runs/synthetic.js';

const S0 = (id: string) => `First attempt for ${id}: $$x_{${id.slice(1)}} = 1$$`;
const S1 = (id: string) => `Revised for ${id}: $$x_{${id.slice(1)}} = 1$$ $$y_{${id.slice(1)}} = 2$$`;

/** p0: reviewers find mistakes; p1: nobody finds any. */
function script(req: LlmRequest): LlmBehaviour {
  const id = problemOf(req);
  const flawed = id === 'p0';
  switch (req.model) {
    case 'solver-model':
      return { kind: 'answer', text: req.turns.length === 1 ? S0(id) : S1(id) };
    case 'reviewer-model':
      return { kind: 'answer', text: JSON.stringify({ mistakes: flawed ? ['sign error in step 2'] : [] }) };
    case 'verifier-1':
      return verifierReply(
        flawed ? [1, 2, 3, 4, 5, 0] : 5,
        flawed ? ['V1: wrong formula', 'V1: nitpick'] : [],
      );
    case 'verifier-2':
      return verifierReply(flawed ? [5, 4, 3, 2, 1, 0] : 5, flawed ? ['V2: wrong formula'] : []);
    case 'verifier-3':
      return verifierReply(4, []);
    case 'meta-model':
      return {
        kind: 'answer',
        text: `\`\`\`json\n${JSON.stringify({ mistakes: flawed ? ['wrong formula in step 1'] : [] })}\n\`\`\``,
      };
    default:
      return { kind: 'status', status: 404, message: `model ${req.model} not found` };
  }
}

async function runWith(name: string, extra: { rounds?: number } = {}) {
  const server = await startFakeLlmServer(script);
  const dir = join(mkdtempSync(join(tmpdir(), `prism-tech-${name}-`)), 'run');
  const { roles } = resolveRoles(fakeRolesConfig(server.url), {
    env: {},
    transport: { backoff: { baseMs: 1, maxMs: 2 } },
  });
  const result = await runTechnique({
    dir,
    problems: syntheticProblems(2),
    roles,
    technique: TECHNIQUES[name]!,
    settings: {
      ...DEFAULT_TECHNIQUE_SETTINGS,
      ...(extra.rounds === undefined ? {} : { rounds: extra.rounds }),
    },
    dataset: 'synthetic',
    scorer: tinyScorer,
  });
  await server.close();
  const rows = readFileSync(join(dir, 'responses.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const final = (id: string) =>
    rows.find((r: { problem_id: string }) => r.problem_id === id).response as string;
  const roundsOf = (id: string) =>
    rows.find((r: { problem_id: string }) => r.problem_id === id).rounds as {
      round: number;
      mistakes: string[];
      revised: boolean;
    }[];
  return { log: server.log, result, final, dir, roundsOf };
}

test('zero-shot: one solver call with the zero-shot prompt, nothing else', async () => {
  const { log, final } = await runWith('zero-shot');
  assert.deepEqual(
    log.map((r) => r.model),
    ['solver-model', 'solver-model'],
  );
  assert.equal(log[0]!.turns.length, 1);
  assert.match(log[0]!.turns[0]!.text, /Solve the following physics problem step by step/);
  assert.equal(final('p0'), S0('p0'));
});

test('self-refine: the same chat continues with the professor instruction, unconditionally', async () => {
  const { log, final, roundsOf } = await runWith('self-refine');
  assert.deepEqual(roundsOf('p0'), [{ round: 1, mistakes: [], revised: true }]);
  for (const id of ['p0', 'p1']) {
    const calls = requestsOf(log, 'solver-model', id);
    assert.equal(calls.length, 2);
    const second = calls[1]!.turns;
    assert.deepEqual(
      second.map((t) => t.role),
      ['user', 'assistant', 'user'],
    );
    assert.equal(second[0]!.text, calls[0]!.turns[0]!.text);
    assert.equal(second[1]!.text, S0(id));
    assert.match(second[2]!.text, /^You are a Physics Professor\. Outline the physics principles/);
    assert.equal(final(id), S1(id));
  }
  assert.equal(log.filter((r) => r.model !== 'solver-model').length, 0);
});

test('single-agent-review: the reviewer sees problem and solution; revision only on a non-empty list', async () => {
  const { log, final, roundsOf } = await runWith('single-agent-review');
  assert.deepEqual(roundsOf('p0'), [{ round: 1, mistakes: ['sign error in step 2'], revised: true }]);
  assert.deepEqual(roundsOf('p1'), [{ round: 1, mistakes: [], revised: false }]);
  const review = requestsOf(log, 'reviewer-model', 'p0')[0]!;
  assert.equal(review.protocol, 'anthropic');
  assert.match(review.system, /reviewer/);
  assert.match(review.turns[0]!.text, /Problem:\nPROBLEM-ID:p0/);
  assert.match(review.turns[0]!.text, /Proposed solution:\nFirst attempt for p0/);
  assert.doesNotMatch(review.turns[0]!.text, /Solve the following physics problem/);
  const p0 = requestsOf(log, 'solver-model', 'p0');
  assert.equal(p0.length, 2);
  const fb = p0[1]!.turns[2]!.text;
  assert.match(fb, /^I have some feedback\.\n\n1\. sign error in step 2\n/);
  assert.match(fb, /LaTeX/);
  assert.equal(final('p0'), S1('p0'));
  // Empty list: no revision, s0 is final.
  assert.equal(requestsOf(log, 'solver-model', 'p1').length, 1);
  assert.equal(final('p1'), S0('p1'));
});

test('multi-agent-review: verifiers in parallel see only problem + solution; meta sees all; feedback carries only filtered mistakes', async () => {
  const { log, final, dir } = await runWith('multi-agent-review');
  const verifiers = ['verifier-1', 'verifier-2', 'verifier-3'].map((m) => requestsOf(log, m, 'p0'));
  for (const [v] of verifiers) {
    assert.ok(v !== undefined);
    assert.equal(v.turns.length, 1);
    assert.match(v.turns[0]!.text, /Proposed solution:\nFirst attempt for p0/);
    assert.doesNotMatch(v.turns[0]!.text, /V[123]:/, 'a verifier saw another verifier');
  }
  const meta = requestsOf(log, 'meta-model', 'p0')[0]!;
  for (const m of ['V1: wrong formula', 'V1: nitpick', 'V2: wrong formula'])
    assert.ok(meta.turns[0]!.text.includes(m));
  assert.match(meta.turns[0]!.text, /Verifier 3:/);
  const solver = requestsOf(log, 'solver-model', 'p0');
  assert.equal(solver.length, 2);
  const turns = solver[1]!.turns;
  assert.deepEqual(
    turns.map((t) => t.role),
    ['user', 'assistant', 'user'],
  );
  assert.equal(turns[1]!.text, S0('p0'));
  assert.equal(
    turns[2]!.text.split('\n').slice(0, 3).join('\n'),
    'I have some feedback.\n\n1. wrong formula in step 1',
  );
  assert.doesNotMatch(turns[2]!.text, /nitpick|V1|score/i);
  assert.equal(final('p0'), S1('p0'));
  // p1: meta keeps nothing → no revision.
  assert.equal(requestsOf(log, 'solver-model', 'p1').length, 1);
  assert.equal(final('p1'), S0('p1'));
  // Order inside a sample: solve, then the three verifiers, then meta, then the revision.
  const p0 = log.filter((r) => problemOf(r) === 'p0').map((r) => r.model);
  assert.equal(p0[0], 'solver-model');
  assert.deepEqual(p0.slice(1, 4).sort(), ['verifier-1', 'verifier-2', 'verifier-3']);
  assert.deepEqual(p0.slice(4), ['meta-model', 'solver-model']);
  // §4.1.2's verifier weights (numerical .30, formulation .25, logical .25, completeness .10,
  // assumptions .05, clarity .05), by hand: verifier 1 scored (1, 2, 3, 4, 5, 0) → .3 + .5 + .75 +
  // .4 + .25 + 0 = 2.2; verifier 2 (5, 4, 3, 2, 1, 0) → 1.5 + 1 + .75 + .2 + .05 + 0 = 3.5;
  // verifier 3 all 4 → 4. Eq. 2: 0.5·2.2 + 0.3·3.5 + 0.2·4 = 2.95.
  const row = readFileSync(join(dir, 'responses.jsonl'), 'utf8')
    .split('\n')
    .find((l) => l.includes('"p0"'))!;
  const round = JSON.parse(row).rounds[0];
  const expected = [2.2, 3.5, 4];
  round.verifier_scores.forEach((v: number, i: number) => {
    assert.ok(Math.abs(v - expected[i]!) < 1e-12, `verifier ${i + 1}: ${v}`);
  });
  assert.ok(Math.abs(round.aggregated_score - 2.95) < 1e-12, String(round.aggregated_score));
  // The transcript has every call of the sample, each with role, model, messages, usage and latency.
  const calls = readFileSync(join(dir, 'transcripts.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as CallRecord);
  const steps = calls
    .filter((c) => c.sample === 'p0#0')
    .map((c) => c.step)
    .sort();
  assert.deepEqual(steps, ['meta-1', 'revise-1', 'solve', 'verify-1-1', 'verify-1-2', 'verify-1-3']);
  const v1 = calls.find((c) => c.step === 'verify-1-1' && c.sample === 'p0#0')!;
  assert.equal(v1.role, 'verifier');
  assert.equal(v1.model, 'verifier-1');
  assert.ok(v1.usage.total > 0 && v1.latency_ms >= 0);
  assert.deepEqual((v1.parsed as { mistakes: string[] }).mistakes, ['V1: wrong formula', 'V1: nitpick']);
});

test('rounds: a second round reviews the revised solution and continues the same chat', async () => {
  const { log } = await runWith('single-agent-review', { rounds: 2 });
  const p0 = requestsOf(log, 'solver-model', 'p0');
  assert.equal(p0.length, 3);
  assert.deepEqual(
    p0[2]!.turns.map((t) => t.role),
    ['user', 'assistant', 'user', 'assistant', 'user'],
  );
  const reviews = requestsOf(log, 'reviewer-model', 'p0');
  assert.match(reviews[1]!.turns[0]!.text, /Proposed solution:\nRevised for p0/);
});
