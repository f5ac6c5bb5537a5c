import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lockRunDir } from '../../src/runs/run-lock.js';

const child = new URL('./lock-child.ts', import.meta.url).pathname;

/** Starts a child that races for the lock; `said` resolves with its answer, `done` when it exits. */
function take(
  dir: string,
  startAt: number,
): { said: Promise<string>; done: Promise<void>; release: () => void } {
  const p = spawn(process.execPath, ['--import', 'tsx', child, dir, String(startAt)], { stdio: 'pipe' });
  const said = new Promise<string>((resolve, reject) => {
    p.stdout.once('data', (d) => resolve(String(d)));
    p.on('error', reject);
    p.on('exit', () => resolve('exited'));
  });
  const done = new Promise<void>((resolve) => p.on('exit', () => resolve()));
  return { said, done, release: () => p.stdin.end() };
}

// A pid that is not running: a finished child's.
async function deadPid(): Promise<number> {
  const p = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => p.on('exit', r));
  return p.pid!;
}

test('four processes taking over one stale lock at once: exactly one gets it, every round', async () => {
  const pid = await deadPid();
  for (let round = 0; round < 3; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'prism-lock-race-'));
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid, host: (await import('node:os')).hostname() }));
    const startAt = Date.now() + 2000;
    const children = [0, 1, 2, 3].map(() => take(dir, startAt));
    // Every child answers while the winner still holds the lock (a late starter is refused too).
    const results = await Promise.all(children.map((c) => c.said));
    for (const c of children) c.release();
    await Promise.all(children.map((c) => c.done));
    assert.equal(results.filter((r) => r === 'taken').length, 1, `round ${round}: ${results.join(', ')}`);
    assert.equal(results.filter((r) => r === 'refused').length, 3);
    // Nothing is left behind but (at most) the released lock's absence.
    assert.deepEqual(readdirSync(dir), []);
  }
});

test('an empty lock file (a writer of an older prism died mid-write) is stale; a live holder is not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-lock-'));
  writeFileSync(join(dir, '.lock'), '');
  const first = lockRunDir(dir);
  assert.ok(first.lock);
  const second = lockRunDir(dir);
  assert.equal(second.lock, undefined);
  assert.match(second.diagnostic!.message, new RegExp(`pid ${process.pid}`));
  first.lock.release();
  assert.equal(existsSync(join(dir, '.lock')), false);
});
