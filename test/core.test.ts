import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng, hashHex } from '../src/core/prng.js';
import { runCli } from './helpers/cli.js';

test('prng: same seed gives the same sequence, different seeds differ', () => {
  const a = createPrng('x = v t');
  const b = createPrng('x = v t');
  const c = createPrng('x = v t ');
  const sa = Array.from({ length: 5 }, () => a.next());
  const sb = Array.from({ length: 5 }, () => b.next());
  const sc = Array.from({ length: 5 }, () => c.next());
  assert.deepEqual(sa, sb);
  assert.notDeepEqual(sa, sc);
  for (const v of sa) assert.ok(v >= 0 && v < 1);
});

test('prng: uniform draws stay in range and spread over it', () => {
  const p = createPrng('range');
  const xs = Array.from({ length: 2000 }, () => p.uniform(2, 20));
  assert.ok(xs.every((x) => x >= 2 && x < 20));
  assert.ok(Math.min(...xs) < 2.2 && Math.max(...xs) > 19.8);
});

test('hashHex is stable', () => {
  assert.equal(hashHex('abc'), hashHex('abc'));
  assert.equal(hashHex('abc').length, 32);
});

test('cli: unknown command is a usage error with exit code 2', async () => {
  const r = await runCli(['no-such-command']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown command/);
});
