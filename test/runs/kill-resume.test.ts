import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createChatClient } from '../../src/llm/index.js';
import { createResponseCache, type RunReport, runModel } from '../../src/runs/index.js';
import { startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { syntheticAnswer, syntheticProblems, tinyScorer } from './synthetic.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const child = fileURLToPath(new URL('./kill-child.ts', import.meta.url));

function spawnRun(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', child, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
const exited = (p: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    p.on('exit', (code, signal) => resolve({ code, signal })),
  );
const completeLines = (path: string): string[] => {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((l) => l !== '');
};
/**
 * The summary without timings (latencies differ between any two runs) and without cache counts: a
 * response the killed run had cached but not yet written is served from the cache on resume (at most
 * one per request in flight), where the uninterrupted run asked the server.
 */
const withoutTimes = (r: RunReport | unknown): unknown =>
  JSON.parse(
    JSON.stringify(r, (k, v) =>
      k === 'mean_time_s' || k === 'latency_ms' || k === 'cached' ? undefined : v,
    ),
  );
/** Every `cached` count in a summary. */
const cacheCounts = (r: unknown): number[] => {
  const out: number[] = [];
  JSON.stringify(r, (k, v) => {
    if (k === 'cached' && typeof v === 'number') out.push(v);
    return v;
  });
  return out;
};

test('SIGKILL in the middle of a 200-problem run, then re-run: nothing finished is requested twice, nothing lost', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'prism-kill-'));
  const problems = syntheticProblems(200);
  const datasetPath = join(tmp, 'dataset.json');
  writeFileSync(datasetPath, JSON.stringify(problems));
  const server = await startFakeOpenAiServer((req) => ({
    kind: 'answer',
    text: syntheticAnswer(req.problemId),
    delayMs: 4,
  }));
  try {
    const dir = join(tmp, 'run');
    const responses = join(dir, 'responses.jsonl');
    const args = [datasetPath, server.url, dir, join(tmp, 'cache')];

    const first = spawnRun(args);
    const firstExit = exited(first);
    while (completeLines(responses).length < 60) await new Promise((r) => setTimeout(r, 2));
    first.kill('SIGKILL');
    assert.equal((await firstExit).signal, 'SIGKILL');
    const finished = completeLines(responses).map(
      (l) => (JSON.parse(l) as { problem_id: string }).problem_id,
    );
    assert.ok(finished.length >= 60 && finished.length < 200, `killed after ${finished.length} responses`);

    const second = spawnRun(args);
    let out = '';
    second.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const secondExit = await exited(second);
    assert.equal(secondExit.code, 0, out);
    const stats = JSON.parse(out) as { alreadyDone: number; requested: number; fromCache: number };
    assert.equal(stats.alreadyDone, finished.length);

    for (const id of finished) assert.equal(server.counts.get(id), 1, `finished ${id} was requested again`);
    for (const p of problems) {
      const n = server.counts.get(p.id) ?? 0;
      assert.ok(n >= 1 && n <= 2, `${p.id} requested ${n} times`);
    }
    const rows = completeLines(responses).map((l) => JSON.parse(l) as { problem_id: string; sample: number });
    assert.equal(rows.length, 200);
    assert.deepEqual([...new Set(rows.map((r) => r.problem_id))].sort(), problems.map((p) => p.id).sort());
    assert.equal(readFileSync(responses, 'utf8').endsWith('\n'), true);

    const uninterrupted = await runModel({
      dir: join(tmp, 'clean'),
      problems,
      client: createChatClient({ baseUrl: server.url, concurrency: 8 }),
      params: { model: 'fake-model', temperature: 0 },
      dataset: datasetPath,
      cache: createResponseCache(join(tmp, 'cache-clean')),
      scorer: tinyScorer,
    });
    const resumed = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as RunReport;
    assert.deepEqual(withoutTimes(resumed), withoutTimes(uninterrupted.report));
    // kill-child.ts runs 4 requests at a time: no more than those were cached but unwritten.
    for (const n of cacheCounts(resumed)) assert.ok(n <= 4, `${n} responses served from the cache on resume`);
    assert.equal(resumed.responses, 200);
  } finally {
    await server.close();
  }
});
