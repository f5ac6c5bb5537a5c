import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type InequalityOp, solveInequality } from '../../src/numeric/index.js';
import { equation } from './expr.js';

const I = Number.POSITIVE_INFINITY;
const solve = (text: string, op: InequalityOp, values: Record<string, number> = {}) => {
  const { lhs, rhs } = equation(text);
  return solveInequality(lhs, op, rhs, 'x', values);
};

const CASES: [string, InequalityOp, unknown][] = [
  ['x^2 = 4', '<', [{ lo: -2, hi: 2, loClosed: false, hiClosed: false }]],
  ['x^2 = 4', '<=', [{ lo: -2, hi: 2, loClosed: true, hiClosed: true }]],
  [
    'x^2 = 4',
    '>=',
    [
      { lo: -I, hi: -2, loClosed: false, hiClosed: true },
      { lo: 2, hi: I, loClosed: true, hiClosed: false },
    ],
  ],
  [
    'x^2 = 4',
    '!=',
    [
      { lo: -I, hi: -2, loClosed: false, hiClosed: false },
      { lo: -2, hi: 2, loClosed: false, hiClosed: false },
      { lo: 2, hi: I, loClosed: false, hiClosed: false },
    ],
  ],
  ['1/x = 0', '>', [{ lo: 0, hi: I, loClosed: false, hiClosed: false }]],
  ['sqrt(x) = 0', '>=', [{ lo: 0, hi: I, loClosed: true, hiClosed: false }]],
  ['a*x = b', '>', [{ lo: 1.5, hi: I, loClosed: false, hiClosed: false }]],
];

for (const [text, op, want] of CASES) {
  test(`inequality: ${text.replace('=', op)}`, () => {
    const r = solve(text, op, { a: 2, b: 3 });
    assert.equal(r.kind, 'intervals');
    if (r.kind === 'intervals') assert.deepEqual(r.intervals, want);
  });
}

test('inequality: all, none and undefined', () => {
  assert.equal(solve('x^2 + 1 = 0', '>').kind, 'all');
  assert.equal(solve('x^2 + 1 = 0', '<').kind, 'none');
  assert.equal(solve('x = x', '<=').kind, 'all');
  assert.equal(solve('x = x', '<').kind, 'none');
  assert.equal(solve('ln(-1 - x^2) = x', '<').kind, 'undefined');
});
