// prism build-dag's engine end to end against a scripted fake model (writer on the OpenAI protocol,
// reviewer on Anthropic's): acceptance, the witness repair, verbatim and cycle rules, bounded
// retries, and a build aborted mid-way that resumes without asking any finished call again.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runBuildDag } from '../../src/build-dag/index.js';
import type { Problem } from '../../src/dag/types.js';
import { loadDataset } from '../../src/dataset/index.js';
import type { CallRecord } from '../../src/pipeline/index.js';
import { resolveRoles } from '../../src/pipeline/index.js';
import { runCli } from '../helpers/cli.js';
import { startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig } from '../helpers/fake-roles.js';
import {
  CAPACITOR,
  capacitorDag,
  classify,
  FALL,
  fallClarified,
  fallDag,
  fallNormalized,
  GOOD,
  PENDULUM,
  type Playbook,
  playbookScript,
} from './fixtures.js';

function dataset(): { path: string; problems: Problem[]; tmp: string } {
  const tmp = mkdtempSync(join(tmpdir(), 'prism-build-dag-'));
  const path = join(tmp, 'imported.json');
  writeFileSync(path, JSON.stringify([PENDULUM, FALL, CAPACITOR]));
  const loaded = loadDataset(path);
  assert.equal(loaded.problems.length, 3, JSON.stringify(loaded.diagnostics));
  return { path, problems: loaded.problems, tmp };
}

async function build(
  books: Readonly<Record<string, Playbook>>,
  extra: { maxRetries?: number; only?: string[] } = {},
) {
  const server = await startFakeLlmServer(playbookScript(books));
  const { path, problems, tmp } = dataset();
  const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
  try {
    const result = await runBuildDag({
      dataset: path,
      problems: problems.filter((p) => extra.only === undefined || extra.only.includes(p.id)),
      dir: join(tmp, 'build'),
      writer: roles.solver,
      reviewer: roles.reviewer!,
      concurrency: 2,
      ...(extra.maxRetries === undefined ? {} : { maxRetries: extra.maxRetries }),
    });
    const byId = (id: string) => result.report.builds.find((b) => b.problem_id === id)!;
    return { result, byId, log: server.log, dir: join(tmp, 'build') };
  } finally {
    await server.close();
  }
}

test('well-behaved model: every problem accepted with its DAG and witness; the built dataset validates and loads', async () => {
  const { result, byId, dir } = await build(GOOD);
  assert.deepEqual(
    result.report.builds.map((b) => [b.problem_id, b.status]),
    [
      ['pendulum', 'accepted'],
      ['fall', 'accepted'],
      ['capacitor', 'accepted'],
    ],
  );
  // The capacitor goes through in one attempt per stage; its transitive edge 1 → 3 is reported, not rejected.
  assert.deepEqual(byId('capacitor').attempts, { normalize: 1, clarify: 1, dag: 1, witness: 1 });
  assert.deepEqual(
    byId('capacitor').warnings.map((w) => [w.code, w.where]),
    [['build-transitive-edge', 'problem capacitor node 3']],
  );
  // The output is a dataset our loader accepts, with the stage-2 fields, the DAG and the witness.
  const built = loadDataset(result.outPath);
  assert.equal(built.problems.length, 3);
  assert.equal(built.diagnostics.filter((d) => d.severity === 'error').length, 0);
  const cap = built.problems.find((p) => p.id === 'capacitor')!;
  assert.equal(cap.final_answer_form, 'algebraic');
  assert.equal(cap.grading_standard.length, 3);
  assert.deepEqual(cap.witness, [{ '\\varepsilon_0': 8.854e-12, A: 0.02, d: 0.001, V: 12 }]);
  assert.equal(cap.domain, 'electromagnetism');
  // `prism validate` finds nothing in it, witness walk included.
  const validated = await runCli(['validate', '--dataset', result.outPath]);
  assert.equal(validated.code, 0, validated.stdout);
  assert.match(validated.stdout, /3 problems, 3 witness-checked, 0 findings/);
  // report.json and report.md beside the transcript.
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
  assert.equal(report.accepted, 3);
  assert.match(
    readFileSync(join(dir, 'report.md'), 'utf8'),
    /\| capacitor \| accepted \| {2}\| 1\/1\/1\/1 \|/,
  );
});

test('a paraphrased formula is flagged as not verbatim and sent back; the copied one is accepted', async () => {
  const { byId, log } = await build(GOOD, { only: ['pendulum'] });
  const b = byId('pendulum');
  assert.equal(b.status, 'accepted');
  const first = b.history.find((h) => h.stage === 'dag' && h.attempt === 1)!;
  assert.equal(first.outcome, 'checks-failed');
  assert.deepEqual(first.codes, ['build-formula-not-verbatim']);
  assert.match(first.detail!, /node 2: \$\$T = 2\\pi\\sqrt\{\\frac\{L\}\{g\}\}\$\$ is not copied verbatim/);
  // Rules come before review: the paraphrased DAG never reached the reviewer.
  const reviews = log.filter((r) => classify(r).kind === 'review' && classify(r).stage === 'dag');
  assert.equal(reviews.length, 1);
  // The redo continued the writer's chat with the finding as feedback.
  const redo = log.find((r) => classify(r).kind === 'dag' && classify(r).attempt === 2)!;
  assert.match(redo.turns[2]!.text, /build-formula-not-verbatim/);
  assert.equal(b.attempts.dag, 2);
});

test('a wrong formula is caught by the witness (node and both values sent back) and repaired by an edit', async () => {
  const books: Record<string, Playbook> = {
    fall: {
      normalize: () => fallNormalized(true),
      clarify: () => fallClarified(true),
      dag: () => fallDag(true),
      witness: (n) =>
        n === 1
          ? { witness: { m: 2, g: 9.81, h: 20.0 } }
          : {
              witness: { m: 2, g: 9.81, h: 20.0 },
              solution_edits: [{ old: 'v = \\sqrt{gh}', new: 'v = \\sqrt{2gh}' }],
              grading_standard: fallDag(false).grading_standard,
            },
    },
  };
  const { result, byId, log } = await build(books, { only: ['fall'] });
  const b = byId('fall');
  assert.equal(b.status, 'accepted', b.reason);
  assert.equal(b.attempts.witness, 2);
  const failed = b.history.find((h) => h.stage === 'witness' && h.attempt === 1)!;
  assert.equal(failed.outcome, 'witness-failed');
  assert.ok(failed.codes!.includes('witness-violated'));
  // The feedback the model got names node 2 and both values of the quantity it disagrees on.
  const repair = log.find((r) => classify(r).kind === 'witness' && classify(r).attempt === 2)!;
  assert.match(
    repair.turns[2]!.text,
    /node 2: v = \\sqrt\{gh\} gives g = 19\.62\d*, but the witness .* has g = 9\.81/,
  );
  // The accepted problem carries the corrected formula in its solution and its DAG.
  const fall = result.accepted[0]!;
  assert.equal(fall.grading_standard[1]!.formula, '$$v = \\sqrt{2gh}$$');
  assert.match(fall.solution!, /v = \\sqrt\{2gh\}/);
  assert.deepEqual(fall.witness, [{ m: 2, g: 9.81, h: 20.0 }]);
});

test('a witness that never holds ends in a rejection at the witness stage, after 1 + max-retries proposals', async () => {
  const books: Record<string, Playbook> = {
    fall: {
      ...GOOD.fall!,
      normalize: () => fallNormalized(true),
      clarify: () => fallClarified(true),
      dag: () => fallDag(true),
    },
  };
  const { byId, log } = await build(books, { only: ['fall'], maxRetries: 1 });
  const b = byId('fall');
  assert.equal(b.status, 'rejected');
  assert.equal(b.stage, 'witness');
  assert.match(b.reason!, /after 2 proposal\(s\).*witness-violated/s);
  assert.equal(log.filter((r) => classify(r).kind === 'witness').length, 2);
});

test('a cyclic DAG is rejected at the dag stage (rules, never reviewed) once the retries are spent', async () => {
  const books: Record<string, Playbook> = {
    capacitor: { ...GOOD.capacitor!, dag: () => capacitorDag(true) },
  };
  const { byId, log } = await build(books, { only: ['capacitor'], maxRetries: 2 });
  const b = byId('capacitor');
  assert.equal(b.status, 'rejected');
  assert.equal(b.stage, 'dag');
  assert.match(b.reason!, /dag-cycle/);
  assert.equal(b.attempts.dag, 3);
  assert.ok(b.history.filter((h) => h.stage === 'dag').every((h) => h.codes?.includes('dag-cycle')));
  assert.equal(log.filter((r) => classify(r).kind === 'review' && classify(r).stage === 'dag').length, 0);
  assert.equal(log.filter((r) => classify(r).kind === 'witness').length, 0);
});

test('retries are bounded: a reviewer that always says invalid ends in a rejection naming the stage', async () => {
  const books: Record<string, Playbook> = {
    pendulum: { ...GOOD.pendulum!, review: (stage) => stage !== 'clarify' },
  };
  const { byId, log } = await build(books, { only: ['pendulum'], maxRetries: 2 });
  const b = byId('pendulum');
  assert.equal(b.status, 'rejected');
  assert.equal(b.stage, 'clarify');
  assert.match(b.reason!, /after 3 attempt\(s\); last: the reviewer judged it invalid: clarify attempt 3/);
  // Exactly 1 + 2 clarify attempts and reviews; nothing after the rejected stage.
  const count = (kind: string, stage?: string) =>
    log.filter((r) => classify(r).kind === kind && (stage === undefined || classify(r).stage === stage))
      .length;
  assert.equal(count('clarify'), 3);
  assert.equal(count('review', 'clarify'), 3);
  assert.equal(count('dag') + count('witness'), 0);
  // Each redo carries the reviewer's reason.
  const third = log.find((r) => classify(r).kind === 'clarify' && classify(r).attempt === 3)!;
  assert.match(third.turns[4]!.text, /clarify attempt 2 is not acceptable/);
});

test('instructions that state the answer are sent back (stage 2 must not hint)', async () => {
  const leaky = (n: number) => ({
    ...fallClarified(false),
    final_answer_instructions:
      n === 1
        ? 'Express $v$ as a numerical value (about 19.8 m/s) to 3 significant figures.'
        : fallClarified(false).final_answer_instructions,
  });
  const { byId } = await build({ fall: { ...GOOD.fall!, clarify: leaky } }, { only: ['fall'] });
  const b = byId('fall');
  assert.equal(b.status, 'accepted');
  assert.deepEqual(b.history.find((h) => h.stage === 'clarify')!.codes, ['build-answer-hint']);
});

test('a build aborted after 7 calls resumes: no finished call is requested again, results as uninterrupted', async () => {
  const server = await startFakeLlmServer(playbookScript(GOOD));
  const { path, problems, tmp } = dataset();
  const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
  const run = (dir: string, signal?: AbortSignal, onCall?: () => void) =>
    runBuildDag({
      dataset: path,
      problems,
      dir,
      writer: roles.solver,
      reviewer: roles.reviewer!,
      concurrency: 1,
      ...(signal === undefined ? {} : { signal }),
      ...(onCall === undefined ? {} : { onCall }),
    });
  try {
    const dir = join(tmp, 'killed');
    const controller = new AbortController();
    let calls = 0;
    const first = await run(dir, controller.signal, () => {
      if (++calls === 7) controller.abort();
    });
    assert.equal(first.report.interrupted, true);
    // The problem in progress stops with an error; no later problem is started.
    assert.deepEqual(
      first.report.builds.map((b) => [b.problem_id, b.status]),
      [['pendulum', 'error']],
    );
    assert.match(first.report.builds[0]!.reason!, /^interrupted/);
    assert.equal(server.log.length, 7);
    const second = await run(dir);
    assert.equal(second.report.interrupted, false);
    assert.equal(second.report.calls.resumed, 7);
    const transcript = readFileSync(join(dir, 'transcripts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CallRecord);
    const keys = transcript.map((c) => `${c.sample}|${c.step}`);
    assert.equal(new Set(keys).size, keys.length, 'a call was recorded twice');
    // Every request the server saw is one transcript line: nothing finished was asked again.
    assert.equal(server.log.length, transcript.length);
    assert.equal(second.report.calls.requested, transcript.length - 7);
    // Same outcome as a build that was never interrupted.
    const clean = await run(join(tmp, 'clean'));
    const strip = (r: typeof clean.report) => r.builds;
    assert.deepEqual(strip(second.report), strip(clean.report));
    assert.deepEqual(second.accepted, clean.accepted);
  } finally {
    await server.close();
  }
});

test('a second build in a build directory in use is refused (run-locked), the first untouched', async () => {
  const { runBuildDag } = await import('../../src/build-dag/run-build-dag.js');
  const { lockRunDir } = await import('../../src/pipeline/run-lock.js');
  const { mkdtempSync, readdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join: joinPath } = await import('node:path');
  const dir = mkdtempSync(joinPath(tmpdir(), 'prism-build-lock-'));
  const held = lockRunDir(dir);
  assert.ok(held.lock);
  await assert.rejects(
    runBuildDag({ dir, dataset: 'x', problems: [] } as unknown as Parameters<typeof runBuildDag>[0]),
    (e: Error & { code?: string }) => e.code === 'run-locked' && /another run \(pid \d+/.test(e.message),
  );
  assert.deepEqual(readdirSync(dir), ['.lock']);
  held.lock.release();
});
