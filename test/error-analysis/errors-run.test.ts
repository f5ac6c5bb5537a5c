// prism errors end to end: runs made by `prism run` against the fake server (real scorer), then the
// error classifier scripted per problem: labels aggregated, re-ask, recorded failures, perfect
// answers skipped, resume, several runs in one table, bad input.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createErrorsCommand } from '../../src/cli/commands/errors.js';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { loadAnyDataset } from '../../src/dataset/load-any-dataset.js';
import { resolveRoles } from '../../src/pipeline/resolve-roles.js';
import { loadRun } from '../../src/runs/load-run.js';
import { runErrors } from '../../src/runs/run-errors.js';
import { runCommand } from '../helpers/cli.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig, problemOf } from '../helpers/fake-roles.js';
import { validateJsonSchema } from '../helpers/json-schema.js';

const summarySchema = JSON.parse(
  readFileSync(new URL('../../schema/prism.summary.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const tmp = mkdtempSync(join(tmpdir(), 'prism-errors-'));
const env = { PRISM_CACHE_DIR: join(tmp, 'cache') };
const transport = { backoff: { baseMs: 1, maxMs: 2 } };
const run = createRunCommand({ env, onInterrupt: () => () => {}, transport });
const errors = createErrorsCommand({ env, transport });

/** Six falling-body problems with the same 3-node DAG: v = gt → h = ½gt² → E = mgh (final). */
const dataset = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'].map((id) => ({
  id,
  context: `PROBLEM-ID:${id} A ball of mass $m$ falls from rest for a time $t$. Find the kinetic energy it gained.`,
  difficulty: 'easy',
  domain: 'mechanics',
  solution: 'Free fall.',
  final_answer_form: 'algebraic',
  final_answer: ['E = \\frac{1}{2} m g^2 t^2'],
  grading_standard: [
    { index: 1, formula: '$$v = g t$$', dependency: [] },
    { index: 2, formula: '$$h = \\frac{1}{2} g t^2$$', dependency: [1] },
    { index: 3, formula: '$$E = \\frac{1}{2} m g^2 t^2$$', dependency: [2], is_final_answer: true },
  ],
}));

/** The solver: e1 perfect; e2 a wrong final step; e3 nothing right; e4–e6 only the first step. */
const ANSWERS: Record<string, string> = {
  e1: '$$v = g t$$\n$$h = \\frac{1}{2} g t^2$$\n$$E = \\frac{1}{2} m g^2 t^2$$',
  e2: '$$v = g t$$\n$$h = \\frac{1}{2} g t^2$$\n$$E = m g^2 t^2$$',
  e3: '$$v = 2 g t$$\n$$E = m g t$$',
  e4: '$$v = g t$$\n$$E = m g t^2$$',
  e5: '$$v = g t$$\n$$E = 3 m g t$$',
  e6: '$$v = g t$$\n$$E = 2 m g t^2$$',
};

const reply = (primary: string, secondary: string[] = []) =>
  JSON.stringify({
    primary_error: primary,
    secondary_errors: secondary,
    incorrect_expressions: ['E = m g^2 t^2'],
    related_correct_expressions: ['E = \\frac{1}{2} m g^2 t^2'],
    rationale: 'The factor one half of the kinetic energy was dropped. Everything after follows from it.',
    confidence: 0.8,
  });

/**
 * Classifier: e2 DCE (+UDE); e3 MPUE (+CAE, DCE); e4 prose first, DCE after the re-ask; e5 broken
 * JSON twice (a failure); e6 a label's name instead of the label first, VRE after the re-ask.
 */
function script(req: LlmRequest): LlmBehaviour {
  const id = problemOf(req);
  if (req.model !== 'judge-model') return { kind: 'answer', text: ANSWERS[id] ?? 'no idea' };
  const reask = req.turns.length === 3;
  if (id === 'e2') return { kind: 'answer', text: reply('DCE', ['UDE']) };
  if (id === 'e3') return { kind: 'answer', text: reply('MPUE', ['CAE', 'DCE', 'MPUE']) };
  if (id === 'e4')
    return { kind: 'answer', text: reask ? reply('DCE') : 'Mostly an algebra slip, I would say.' };
  if (id === 'e1') return { kind: 'answer', text: reply('VRE') };
  if (id === 'e6') return { kind: 'answer', text: reply(reask ? 'VRE' : 'Variable Relationship Error') };
  return { kind: 'answer', text: reply('DCE').slice(0, 60) };
}

test('one call per imperfect answer: labels aggregated, re-ask once, failures recorded apart, resume asks nothing', async () => {
  const server = await startFakeLlmServer(script);
  try {
    const cfg = join(tmp, 'prism.config.json');
    writeFileSync(cfg, JSON.stringify(fakeRolesConfig(server.url)));
    const ds = join(tmp, 'falls.json');
    writeFileSync(ds, JSON.stringify(dataset));
    const out = join(tmp, 'run-a');
    const r = await runCommand(run, ['--config', cfg, '--dataset', ds, '--out', out, '--quiet']);
    assert.equal(r.code, 0, r.stderr);
    const records = readFileSync(join(out, 'records.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const score = (id: string) => records.find((x) => x.problem_id === id).step_score;
    assert.equal(score('e1'), 1);
    assert.ok(Math.abs(score('e2') - 2 / 3) < 1e-12);

    const e = await runCommand(errors, [out, '--config', cfg]);
    assert.equal(e.code, 1, e.stderr); // one recorded failure
    const calls = server.log.filter((q) => q.model === 'judge-model');
    // e1 is perfect: never sent. e2, e3 one call each; e4, e5, e6 re-asked once.
    assert.deepEqual(calls.map(problemOf).sort(), ['e2', 'e3', 'e4', 'e4', 'e5', 'e5', 'e6', 'e6']);
    const rows = readFileSync(join(out, 'errors.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(rows.length, 5);
    const by = (id: string) => rows.find((x) => x.problem_id === id).result;
    assert.equal(by('e2').primary_error, 'DCE');
    assert.deepEqual(by('e3').secondary_errors, ['CAE', 'DCE'], 'the primary is not repeated as a secondary');
    assert.equal(by('e4').reasked, true);
    assert.equal(by('e5').ok, false);
    assert.equal(by('e5').error.code, 'errors-unparseable');
    assert.match(by('e5').error.message, /no JSON object in the reply/);
    assert.equal(by('e6').primary_error, 'VRE');
    assert.equal(by('e6').reasked, true);
    const e6 = calls.filter((q) => problemOf(q) === 'e6')[1]!;
    assert.match(
      e6.turns[2]!.text,
      /primary_error must be one of DAE, PTAE, MPUE, CAE, VRE, DCE, UDE, got "Variable Relationship Error"/,
    );
    // The re-ask continues the chat with the bad reply.
    const reask = calls.filter((q) => problemOf(q) === 'e4')[1]!;
    assert.deepEqual(
      reask.turns.map((t) => t.role),
      ['user', 'assistant', 'user'],
    );

    // The classifier saw the problem, the answer, our matches and the score to 3 decimals.
    const seen = calls.find((q) => problemOf(q) === 'e2')!.turns[0]!.text;
    assert.match(seen, /STUDENT ANSWER:\n\$\$v = g t\$\$/);
    assert.match(seen, /\[1\] ✓ \$v = g t\$ {2}← answer: `v = g t`/);
    assert.match(seen, /\[3\] ✗ \$E = \\frac\{1\}\{2\} m g\^2 t\^2\$ \(from 2\) \[final answer\]/);
    assert.match(seen, /Answer formulas that match no reference step \(1\):\n- `E = m g\^2 t\^2`/);
    assert.match(seen, /SCORE: 0\.667/);
    assert.match(seen, /earliest fundamental cause/i);
    assert.match(seen, /do not assume its content/);

    // The distribution: failures not counted; shares of the 4 classified answers.
    const summary = JSON.parse(readFileSync(join(out, 'errors.summary.json'), 'utf8'));
    assert.equal(summary.classified, 4);
    assert.equal(summary.failures, 1);
    assert.equal(summary.perfect_skipped, 1);
    assert.equal(summary.answers, 6);
    assert.deepEqual(summary.labels, ['DAE', 'PTAE', 'MPUE', 'CAE', 'VRE', 'DCE', 'UDE']);
    assert.equal(summary.primary.DCE.count, 2);
    assert.equal(summary.primary.DCE.share, 0.5);
    // The one summary format: each class's share with n and its Wilson 95% interval (2 of 4:
    // [0.1500, 0.8500], Newcombe's method 3 by hand).
    assert.deepEqual(validateJsonSchema(summarySchema, summary), []);
    assert.equal(summary.kind, 'errors');
    assert.equal(summary.metrics.overall.DCE.n, 4);
    assert.equal(summary.metrics.overall.DCE.mean, 0.5);
    assert.ok(
      Math.abs(summary.metrics.overall.DCE.ci95[0] - 0.15) < 1e-4,
      String(summary.metrics.overall.DCE.ci95),
    );
    assert.ok(Math.abs(summary.metrics.overall.DCE.ci95[1] - 0.85) < 1e-4);
    assert.equal(summary.primary.MPUE.count, 1);
    assert.equal(summary.primary.VRE.count, 1);
    assert.equal(summary.primary.DAE.count, 0);
    assert.deepEqual(summary.secondary, { DAE: 0, PTAE: 0, MPUE: 0, CAE: 1, VRE: 0, DCE: 1, UDE: 1 });
    const md = readFileSync(join(out, 'errors.summary.md'), 'utf8');
    assert.match(md, /\| DCE — Derivation and Computation Error \| 2 \(50\.0%\) \[1\] \|/);
    assert.match(e.stdout, /\| failures \(not counted\) \| 1 \|/);

    // Resume: nothing is asked again, the summary is the same.
    const before = server.log.length;
    const again = await runCommand(errors, [out, '--config', cfg]);
    assert.equal(again.code, 1);
    assert.equal(server.log.length, before);
    assert.match(again.stderr, /0 classified now, 5 already classified, 1 perfect left out/);
    assert.deepEqual(JSON.parse(readFileSync(join(out, 'errors.summary.json'), 'utf8')), summary);

    // --all sends the perfect answer too; a second run (another solver) gives a second column.
    const b = join(tmp, 'run-b');
    const rb = await runCommand(run, [
      '--model',
      'other-solver',
      '--base-url',
      server.url,
      '--dataset',
      ds,
      '--out',
      b,
      '--quiet',
    ]);
    assert.equal(rb.code, 0, rb.stderr);
    const both = await runCommand(errors, [out, b, '--config', cfg, '--all', '--json']);
    const sums = JSON.parse(both.stdout);
    assert.equal(sums.length, 2);
    assert.equal(sums[0].included, 'all');
    assert.equal(sums[0].perfect_skipped, 0);
    assert.equal(sums[0].primary.VRE.count, 2);
    // run-b's answers are the same texts: its calls are the same calls, served by the cache.
    assert.equal(sums[1].primary.VRE.count, 2);
    assert.equal(sums[1].classified, 5);
    assert.equal(server.log.filter((q) => q.model === 'judge-model' && problemOf(q) === 'e1').length, 1);
    const table = await runCommand(errors, [out, b, '--config', cfg]);
    assert.match(table.stdout, /\| Error class \| solver-model \| other-solver \|/);
  } finally {
    await server.close();
  }
});

test('bad input: exit 2 with one line', async () => {
  const missing = await runCommand(errors, [
    join(tmp, 'no-such-run'),
    '--model',
    'm',
    '--base-url',
    'http://127.0.0.1:9/v1',
  ]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /is not a run directory \(no run\.json\)/);
  const none = await runCommand(errors, []);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /name at least one run directory/);
});

test('interrupted after two classifications, the next pass asks only the rest', async () => {
  const server = await startFakeLlmServer(script);
  try {
    const ds = join(tmp, 'falls-kill.json');
    writeFileSync(ds, JSON.stringify(dataset));
    const out = join(tmp, 'run-kill');
    const r = await runCommand(run, [
      '--model',
      'kill-solver',
      '--base-url',
      server.url,
      '--dataset',
      ds,
      '--out',
      out,
      '--quiet',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const binding = resolveRoles(fakeRolesConfig(server.url), { env: {} }).roles.judge!;
    const problems = loadAnyDataset(ds).problems;
    const controller = new AbortController();
    const first = await runErrors({
      run: loadRun(out).run!,
      problems,
      binding,
      concurrency: 1,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 2) controller.abort();
      },
    });
    assert.equal(first.interrupted, true);
    assert.equal(first.classified, 2);
    const asked = server.log.filter((q) => q.model === 'judge-model').length;
    const second = await runErrors({ run: loadRun(out).run!, problems, binding, concurrency: 1 });
    assert.equal(second.alreadyDone, 2);
    assert.equal(second.classified, 3);
    // The two answers done before the interruption were not asked again.
    const again = server.log
      .filter((q) => q.model === 'judge-model')
      .slice(asked)
      .map(problemOf);
    const before = server.log
      .filter((q) => q.model === 'judge-model')
      .slice(0, asked)
      .map(problemOf);
    assert.deepEqual(before, ['e2', 'e3']);
    assert.deepEqual(again, ['e4', 'e4', 'e5', 'e5', 'e6', 'e6']);
    assert.equal(second.summary!.classified + second.summary!.failures, 5);
  } finally {
    await server.close();
  }
});

test('a run directory without scored answers, or with a damaged run.json: exit 2 with one line', async () => {
  const empty = join(tmp, 'unscored');
  mkdirSync(empty, { recursive: true });
  writeFileSync(join(empty, 'run.json'), JSON.stringify({ model: 'm', dataset: 'x' }));
  const r = await runCommand(errors, [empty, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /has no scored answers \(records\.jsonl\); run prism rescore/);
  const damaged = join(tmp, 'damaged');
  mkdirSync(damaged, { recursive: true });
  writeFileSync(join(damaged, 'run.json'), '{"model": ');
  const d = await runCommand(errors, [damaged, '--model', 'm', '--base-url', 'http://127.0.0.1:9/v1']);
  assert.equal(d.code, 2);
  assert.match(d.stderr, /is not a valid run\.json/);
});
