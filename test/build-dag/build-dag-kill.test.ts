// SIGKILL in the middle of a DAG build, then the same build again: no finished call is requested
// twice, the transcript holds each call once, and the result equals an uninterrupted build.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { CallRecord } from '../../src/pipeline/index.js';
import { startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { CAPACITOR, FALL, GOOD, PENDULUM, playbookScript } from './fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const child = fileURLToPath(new URL('./kill-child-build.ts', import.meta.url));
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

test('SIGKILL mid-build, then the same build: no finished call requested again, result as uninterrupted', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'prism-build-kill-'));
  const datasetPath = join(tmp, 'imported.json');
  writeFileSync(datasetPath, JSON.stringify([PENDULUM, FALL, CAPACITOR]));
  const script = playbookScript(GOOD);
  // A little latency per call, so the kill lands while a build is under way.
  const server = await startFakeLlmServer(
    (req) => ({ ...script(req), delayMs: 15 }) as ReturnType<typeof script>,
  );
  try {
    const dir = join(tmp, 'build');
    const transcript = join(dir, 'transcripts.jsonl');
    const args = ['--import', 'tsx', child, datasetPath, server.url];
    const first = spawn(process.execPath, [...args, dir], { cwd: root, stdio: 'ignore' });
    const firstExit = exited(first);
    while (lines(transcript).length < 10) {
      if (existsSync(join(dir, 'report.json'))) assert.fail('the build finished before the kill point');
      await new Promise((r) => setTimeout(r, 2));
    }
    first.kill('SIGKILL');
    assert.equal(await firstExit, 'SIGKILL');
    const before = lines(transcript).length;
    const requestsBefore = server.log.length;

    const second = spawn(process.execPath, [...args, dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    second.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    assert.equal(await exited(second), 0);
    assert.deepEqual(JSON.parse(out), { accepted: 3, resumed: before });
    const calls = lines(transcript).map((l) => JSON.parse(l) as CallRecord);
    const keys = calls.map((c) => `${c.sample}|${c.step}`);
    assert.equal(new Set(keys).size, keys.length, 'a call was recorded twice');
    // The second build requested exactly the calls it recorded; at most the one call in flight at
    // the kill (concurrency 1) was requested twice overall.
    assert.equal(server.log.length - requestsBefore, calls.length - before);
    assert.ok(
      server.log.length - calls.length <= 1,
      `${server.log.length - calls.length} calls requested twice`,
    );

    const cleanDir = join(tmp, 'clean');
    const clean = spawn(process.execPath, [...args, cleanDir], { cwd: root, stdio: 'ignore' });
    assert.equal(await exited(clean), 0);
    const dataset = (d: string) => readFileSync(join(d, 'dataset.json'), 'utf8');
    assert.equal(dataset(dir), dataset(cleanDir));
    const builds = (d: string) => JSON.parse(readFileSync(join(d, 'report.json'), 'utf8')).builds;
    assert.deepEqual(builds(dir), builds(cleanDir));
  } finally {
    await server.close();
  }
});
