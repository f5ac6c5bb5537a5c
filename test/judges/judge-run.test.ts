// prism judge's engine against a fake judge: re-ask, recorded failures, per-step independence, resume.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { prismReference } from '../../src/dataset/index.js';
import { resolveRoles } from '../../src/pipeline/index.js';
import { runJudge } from '../../src/runs/run-judge.js';
import { runTechnique } from '../../src/runs/run-technique.js';
import { scoreRun } from '../../src/runs/score-run.js';
import { DEFAULT_TECHNIQUE_SETTINGS, zeroShot } from '../../src/techniques/index.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig, problemOf } from '../helpers/fake-roles.js';
import { syntheticProblems, tinyScorer } from '../runs/synthetic.js';

const good = (s: number) =>
  JSON.stringify({
    problem_id: 'x',
    mathematical_accuracy: s,
    logical_consistency: s,
    completeness: s,
    clarity_and_coherence: s,
    formulas_principles: s,
    assumptions_made: s,
    overall_correctness: 8,
  });

/** p0: valid; p1: prose, then valid after the re-ask; p2: out of range twice → failure. */
function judgeScript(req: LlmRequest): LlmBehaviour {
  if (req.model === 'solver-model')
    return {
      kind: 'answer',
      text: `Step 1: $$a = 1$$\n\nStep 2: $$b = 2$$\n\nStep 3: done ${problemOf(req)}`,
    };
  const id = problemOf(req);
  const reask = req.turns.length === 3;
  const text = req.turns[0]!.text;
  if (text.includes('Step 1 of 3') || text.includes('Step 2 of 3') || text.includes('Step 3 of 3'))
    return { kind: 'answer', text: JSON.stringify({ correct: !text.includes('Step 2 of 3'), reason: 'r' }) };
  if (text.includes('"score": 0 or 1'))
    return { kind: 'answer', text: JSON.stringify({ score: id === 'p0' ? 1 : 0 }) };
  if (id === 'p0') return { kind: 'answer', text: good(5) };
  if (id === 'p1') return { kind: 'answer', text: reask ? good(3) : 'I think it is quite good, maybe a 4.' };
  return { kind: 'answer', text: good(7) };
}

async function setup() {
  const server = await startFakeLlmServer(judgeScript);
  const dir = join(mkdtempSync(join(tmpdir(), 'prism-judge-')), 'run');
  const problems = syntheticProblems(3);
  const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
  await runTechnique({
    dir,
    problems,
    roles,
    technique: zeroShot,
    settings: DEFAULT_TECHNIQUE_SETTINGS,
    dataset: 'synthetic',
    scorer: tinyScorer,
  });
  const references = new Map(problems.map((p) => [p.id, prismReference(p)]));
  const judge = (rubric: 'pps' | 'binary' | 'steps') =>
    runJudge({ dir, problems, references, rubric, binding: roles.judge! });
  return { server, dir, problems, judge };
}

test('pps: a malformed reply is re-asked once in the same chat; a second failure is recorded, never a 0', async () => {
  const { server, dir, judge } = await setup();
  try {
    const result = await judge('pps');
    assert.equal(result.judged, 3);
    assert.equal(result.failures, 1);
    const rows = readFileSync(join(dir, 'judgements-pps.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const by = (id: string) => rows.find((r) => r.problem_id === id).judgement;
    assert.equal(by('p0').pps, 100);
    assert.equal(by('p0').reasked, false);
    assert.equal(by('p1').pps, 50);
    assert.equal(by('p1').reasked, true);
    assert.equal(by('p2').ok, false);
    assert.equal(by('p2').error.code, 'judge-unparseable');
    assert.match(by('p2').error.message, /mathematical_accuracy must be an integer from 1 to 5, got 7/);
    assert.equal(by('p2').pps, undefined);
    // The re-ask continues the chat: the bad reply as the assistant turn, then a user turn.
    const reask = server.log.filter((r) => r.model === 'judge-model' && problemOf(r) === 'p1')[1]!;
    assert.deepEqual(
      reask.turns.map((t) => t.role),
      ['user', 'assistant', 'user'],
    );
    assert.equal(reask.turns[1]!.text, 'I think it is quite good, maybe a 4.');
    // The judge sees the ground truth and the answer.
    const first = server.log.find((r) => r.model === 'judge-model')!;
    assert.match(first.turns[0]!.text, /Ground truth \(reference correct solution\):/);
    assert.match(first.turns[0]!.text, /AI solution:\nStep 1:/);
    // Summary: failures excluded from the means, counted apart.
    assert.equal(result.summary!.failures, 1);
    assert.equal(result.summary!.overall.pps!.n, 2);
    assert.equal(result.summary!.overall.pps!.mean, 75);
    // Re-running judges nothing and requests nothing.
    const before = server.log.length;
    const again = await judge('pps');
    assert.equal(again.judged, 0);
    assert.equal(again.alreadyDone, 3);
    assert.equal(server.log.length, before);
    // prism rescore keeps the judgements.
    const text = readFileSync(join(dir, 'judgements-pps.jsonl'), 'utf8');
    scoreRun({ dir, problems: syntheticProblems(3), samples: 1, model: 'solver-model', scorer: tinyScorer });
    assert.equal(readFileSync(join(dir, 'judgements-pps.jsonl'), 'utf8'), text);
  } finally {
    await server.close();
  }
});

test('binary: 0/1 per answer; steps: each step judged on its own, score = correct / steps', async () => {
  const { server, judge } = await setup();
  try {
    const binary = await judge('binary');
    assert.equal(binary.summary!.overall.score!.mean, 1 / 3);
    const steps = await judge('steps');
    assert.equal(steps.failures, 0);
    assert.ok(Math.abs(steps.summary!.overall.score!.mean! - 2 / 3) < 1e-12);
    const stepCalls = server.log.filter((r) => /Step \d of 3/.test(r.turns[0]?.text ?? ''));
    assert.equal(stepCalls.length, 9);
    for (const c of stepCalls) {
      const shown = c.turns[0]!.text.split('of the AI solution:\n')[1]!;
      assert.equal((shown.match(/Step \d:/g) ?? []).length, 1, 'a step call saw more than its own step');
    }
  } finally {
    await server.close();
  }
});
