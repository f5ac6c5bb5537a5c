// The lock's two races, reproduced deterministically in one process: a rival taker runs at the
// exact moment between two of the first taker's file-system calls. The rival is started from a
// wrapper around the `node:fs` function the first taker calls there (patched on the module object
// and synced into the ESM bindings with `syncBuiltinESMExports`, so the lock module's own imports
// see it). Before the rename-aside and link-with-content takeover, both races granted the lock twice:
// a taker that judged the lock stale unlinked the rival's fresh lock, and a taker whose lock was
// created but not yet written had it judged unreadable (stale) and removed.
import assert from 'node:assert/strict';
import fs, { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lockRunDir } from '../../src/runs/run-lock.js';

type Fs = Record<string, (...args: unknown[]) => unknown>;

/**
 * Runs `first` with `fs[name]` wrapped: the first call that `when` accepts runs `rival` (once,
 * unwrapped), before or after the real call. Restores `node:fs` afterwards.
 */
function interleave<T>(
  name: string,
  when: (args: unknown[]) => boolean,
  at: 'before' | 'after',
  rival: () => void,
  first: () => T,
): T {
  const mod = fs as unknown as Fs;
  const real = mod[name]!;
  let fired = false;
  mod[name] = (...args: unknown[]) => {
    const fire = !fired && when(args);
    if (fire) fired = true;
    const run = () => {
      mod[name] = real;
      syncBuiltinESMExports();
      try {
        rival();
      } finally {
        mod[name] = wrapper;
        syncBuiltinESMExports();
      }
    };
    if (fire && at === 'before') run();
    const out = real(...args);
    if (fire && at === 'after') run();
    return out;
  };
  const wrapper = mod[name]!;
  syncBuiltinESMExports();
  try {
    const out = first();
    assert.ok(fired, `${name} was never called at the point the race needs`);
    return out;
  } finally {
    mod[name] = real;
    syncBuiltinESMExports();
  }
}

/** A pid that is not running on this host (beyond the pid range). */
const DEAD = 4_194_304 + 17;
const isLock = (args: unknown[]) => typeof args[0] === 'string' && args[0].endsWith('.lock');
const isLockTarget = (args: unknown[]) => typeof args[1] === 'string' && args[1].endsWith('.lock');

test('takeover race: a rival takes the stale lock between our reading it and our removing it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-lock-takeover-'));
  writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: DEAD, host: hostname() }));
  let rival: ReturnType<typeof lockRunDir> | undefined;
  // We read the stale lock (dead pid) and judge it stale; the rival, at that moment, takes it over.
  const ours = interleave(
    'readFileSync',
    isLock,
    'after',
    () => {
      rival = lockRunDir(dir);
    },
    () => lockRunDir(dir),
  );
  assert.ok(rival?.lock, 'the rival took the stale lock over');
  assert.equal(ours.lock, undefined, 'we must not remove the rival’s fresh lock and take it too');
  assert.match(ours.diagnostic!.message, new RegExp(`pid ${process.pid}`));
  // The rival's lock is intact: releasing it removes it.
  rival.lock.release();
  assert.equal(existsSync(join(dir, '.lock')), false);
});

test('create race: a rival arriving while our lock appears finds it held, not stale', () => {
  // Whichever way the lock is created, the rival runs at the moment the lock path first exists:
  // the old create made it empty (openSync 'wx') and wrote it next (writeSync), the current one
  // links a fully written file into place (linkSync).
  const exercised: string[] = [];
  for (const [name, at] of [
    ['writeSync', 'before'],
    ['linkSync', 'after'],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'prism-lock-create-'));
    const path = join(dir, '.lock');
    const lockExists = () => existsSync(path);
    let rival: ReturnType<typeof lockRunDir> | undefined;
    let fired = false;
    const ours = (() => {
      try {
        return interleave(
          name,
          (args) => (name === 'linkSync' ? isLockTarget(args) : lockExists()),
          at,
          () => {
            fired = true;
            rival = lockRunDir(dir);
          },
          () => lockRunDir(dir),
        );
      } catch (error) {
        if (!fired && /was never called/.test(String(error))) return undefined; // not this path
        throw error;
      }
    })();
    if (!fired) continue;
    exercised.push(name);
    assert.ok(ours?.lock, `${name}: we created the lock`);
    assert.equal(rival?.lock, undefined, `${name}: the rival must not judge a lock being created stale`);
    ours.lock.release();
    assert.equal(existsSync(path), false);
  }
  assert.ok(exercised.length > 0, 'the lock is created by neither link nor write');
});
