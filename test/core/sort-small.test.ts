import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import { sortNumbers, sortStrings } from '../../src/core/sort-small.js';

// The insertion sorts must give the built-in sort's order exactly: variable lists decide slot
// layouts and draw order, and roots the order of solution sets.
const NAMES = [
  'x',
  'X',
  'x_1',
  'x_{1}',
  'd{x}',
  '\\theta',
  'θ',
  'Ω',
  'a',
  'ab',
  'a b',
  '',
  '1',
  '10',
  '2',
  'x',
];

test('sortStrings orders as Array.prototype.sort() does, short and long lists', () => {
  const prng = createPrng('sort-strings');
  for (let n = 0; n <= 24; n++)
    for (let k = 0; k < 40; k++) {
      const list = Array.from({ length: n }, () => NAMES[prng.int(NAMES.length)]!);
      const want = [...list].sort();
      const got = sortStrings([...list]);
      assert.deepEqual(got, want, JSON.stringify(list));
    }
});

test('sortNumbers orders as sort((a, b) => a - b) does, signed zeros and ties kept in order', () => {
  const prng = createPrng('sort-numbers');
  const pool = [0, -0, 1, -1, 1e-300, -1e300, 3.5, 3.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let n = 0; n <= 24; n++)
    for (let k = 0; k < 40; k++) {
      const list = Array.from({ length: n }, () =>
        prng.next() < 0.5 ? pool[prng.int(pool.length)]! : (prng.next() - 0.5) * 100,
      );
      const want = [...list].sort((a, b) => a - b);
      const got = sortNumbers([...list]);
      assert.equal(got.length, want.length);
      for (const [i, x] of got.entries()) assert.ok(Object.is(x, want[i]), `${JSON.stringify(list)} at ${i}`);
    }
});
