// SIGKILL in the middle of a multi-agent run, then re-run: no finished call is requested twice
// (counted per role), every transcript is complete, and the results equal an uninterrupted run.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import type { Problem } from '../../src/dag/types.js';
import { loadDataset } from '../../src/dataset/index.js';
import type { CallRecord } from '../../src/pipeline/index.js';
import { resolveRoles } from '../../src/pipeline/index.js';
import { runTechnique } from '../../src/runs/run-technique.js';
import { DEFAULT_TECHNIQUE_SETTINGS, multiAgentReview } from '../../src/techniques/index.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig, verifierReply } from '../helpers/fake-roles.js';
import { tinyScorer } from './synthetic.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const child = fileURLToPath(new URL('./kill-child-technique.ts', import.meta.url));

// The first 24 problems of the bundled benchmark (their prompts, their DAGs).
const problems: Problem[] = loadDataset(bundledDatasetPath()).problems.slice(0, 24);
const indexOf = (req: LlmRequest): number => {
  const text = req.turns[0]?.text ?? '';
  return problems.findIndex((p) => text.includes(p.context.trim()));
};
const nodes = (p: Problem, k: number): string =>
  p.grading_standard
    .slice(0, k)
    .map((n) => n.formula)
    .join('\n');

/** Deterministic per problem: the first answer states some DAG nodes; odd problems get a mistake and a revision stating them all. */
function script(req: LlmRequest): LlmBehaviour {
  const i = indexOf(req);
  const p = problems[i]!;
  const delayMs = 6;
  switch (req.model) {
    case 'solver-model':
      return req.turns.length === 1
        ? { kind: 'answer', text: `First.\n${nodes(p, i % 3)}`, delayMs }
        : { kind: 'answer', text: `Revised.\n${nodes(p, p.grading_standard.length)}`, delayMs };
    case 'meta-model':
      return {
        kind: 'answer',
        text: JSON.stringify({ mistakes: i % 2 === 1 ? ['step missing'] : [] }),
        delayMs: 30,
      };
    default:
      return { ...verifierReply(i % 6, i % 2 === 1 ? ['step missing'] : []), delayMs };
  }
}

const lines = (path: string): string[] => {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((l) => l !== '');
};
const exited = (p: ChildProcess) =>
  new Promise<NodeJS.Signals | number | null>((r) => p.on('exit', (c, s) => r(s ?? c)));

test('SIGKILL between verifiers and meta-verifier on the bundled benchmark, then re-run: no finished call requested twice, results as uninterrupted', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'prism-kill-ma-'));
  assert.equal(problems.length, 24);
  const datasetPath = join(tmp, 'dataset.json');
  writeFileSync(datasetPath, JSON.stringify(problems));
  const server = await startFakeLlmServer(script);
  try {
    const dir = join(tmp, 'run');
    const transcripts = join(dir, 'transcripts.jsonl');
    const args = ['--import', 'tsx', child, datasetPath, server.url, dir, join(tmp, 'cache')];
    const first = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
    const firstExit = exited(first);
    // Kill once some sample has all three verifier calls on disk and no meta call yet.
    const killPoint = (): boolean => {
      const calls = lines(transcripts).map((l) => JSON.parse(l) as CallRecord);
      const done = (s: string, step: string) => calls.some((c) => c.sample === s && c.step === step);
      const samples = new Set(calls.map((c) => c.sample));
      return (
        calls.length >= 30 &&
        [...samples].some(
          (s) => ['verify-1-1', 'verify-1-2', 'verify-1-3'].every((st) => done(s, st)) && !done(s, 'meta-1'),
        )
      );
    };
    while (!killPoint()) {
      if (lines(join(dir, 'summary.json')).length > 0) assert.fail('the run finished before the kill point');
      await new Promise((r) => setTimeout(r, 2));
    }
    first.kill('SIGKILL');
    assert.equal(await firstExit, 'SIGKILL');
    const before = lines(transcripts).map((l) => JSON.parse(l) as CallRecord);
    const finishedKeys = new Set(before.map((c) => `${c.sample}|${c.step}`));
    const countsBefore = new Map<string, number>();
    for (const r of server.log) countsBefore.set(r.model, (countsBefore.get(r.model) ?? 0) + 1);

    const second = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    second.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    assert.equal(await exited(second), 0);
    assert.equal(JSON.parse(out).failed, 0);

    // No finished call requested twice: every (sample, step) appears once in the transcript, and
    // the server saw each finished call once (per role: requests = distinct calls of that model).
    const after = lines(transcripts).map((l) => JSON.parse(l) as CallRecord);
    const keys = after.map((c) => `${c.sample}|${c.step}`);
    assert.equal(new Set(keys).size, keys.length, 'a call was recorded twice');
    for (const k of finishedKeys) assert.ok(keys.includes(k));
    const perModel = new Map<string, number>();
    for (const c of after) perModel.set(c.model, (perModel.get(c.model) ?? 0) + 1);
    for (const [model, calls] of perModel) {
      const requested = server.count(model);
      // The second run requested exactly the calls it recorded: nothing finished was asked again.
      const secondRunRequests = requested - (countsBefore.get(model) ?? 0);
      const secondRunCalls = calls - before.filter((c) => c.model === model).length;
      assert.equal(secondRunRequests, secondRunCalls, `${model}: a finished call was requested again`);
      // Only calls in flight at the kill were requested twice overall (concurrency 3 samples).
      assert.ok(requested - calls <= 3, `${model}: ${requested - calls} calls requested twice`);
    }
    // Transcripts complete: every sample has solve, three verifiers, meta, and a revision iff mistakes.
    for (const [i, p] of problems.entries()) {
      const steps = after
        .filter((c) => c.sample === `${p.id}#0`)
        .map((c) => c.step)
        .sort();
      const expected = [
        'meta-1',
        ...(i % 2 === 1 ? ['revise-1'] : []),
        'solve',
        'verify-1-1',
        'verify-1-2',
        'verify-1-3',
      ];
      assert.deepEqual(steps, expected, p.id);
    }

    // Results equal an uninterrupted run (fresh cache, fresh directory).
    const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
    const clean = await runTechnique({
      dir: join(tmp, 'clean'),
      problems,
      roles,
      technique: multiAgentReview,
      settings: DEFAULT_TECHNIQUE_SETTINGS,
      dataset: datasetPath,
      scorer: tinyScorer,
    });
    const strip = (v: unknown) =>
      JSON.parse(
        JSON.stringify(v, (k, x) =>
          k === 'mean_time_s' || k === 'latency_ms' || k === 'cached' ? undefined : x,
        ),
      );
    const resumed = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    assert.deepEqual(strip(resumed), strip(clean.report));
    const finals = (d: string) =>
      Object.fromEntries(
        lines(join(d, 'responses.jsonl'))
          .map((l) => JSON.parse(l))
          .map((r) => [r.problem_id, r.response]),
      );
    assert.deepEqual(finals(dir), finals(join(tmp, 'clean')));
  } finally {
    await server.close();
  }
});
