import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node } from '../../src/core/tree.js';
import { substituteMathConstants } from '../../src/normalize/math-constants.js';
import { div, evaluate, mul, num, pow, sym, un } from './trees.js';

const run = (tree: Node, imaginaryUnit = false) => substituteMathConstants(tree, { imaginaryUnit });

test('math constants: pi becomes π, a vector or subscripted pi does not', () => {
  assert.equal(evaluate(run(mul(num(2), sym('pi'))).tree), 2 * Math.PI);
  assert.deepEqual(run(sym('pi', { vector: true })).tree, sym('pi', { vector: true }));
  assert.deepEqual(run(sym('pi_{1}')).tree, sym('pi_{1}'));
});

test('math constants: e^{-t/tau} is an exponential', () => {
  const tree = pow(sym('e'), un('-', div(sym('t'), sym('tau'))));
  assert.equal(evaluate(run(tree).tree, { t: 2, tau: 4 }), Math.exp(-0.5));
  assert.equal(evaluate(run(pow(sym('e'), sym('x'))).tree, { x: 1 }), Math.E);
  assert.equal(evaluate(run(pow(sym('e'), un('-', num(1)))).tree), 1 / Math.E, 'e^{-1} is 1/e');
});

test('math constants: e^2 stays the symbol e squared', () => {
  const tree = pow(sym('e'), num(2));
  assert.deepEqual(run(tree).tree, tree);
  assert.deepEqual(run(sym('e')).tree, sym('e'));
});

test('math constants: upright e is Euler’s number anywhere', () => {
  assert.equal(evaluate(run(pow(sym('e', { upright: true }), num(2))).tree), Math.E ** 2);
  assert.equal(evaluate(run(sym('e', { upright: true })).tree), Math.E);
});

test('math constants: i is a plain symbol unless declared, then complex-unsupported', () => {
  const plain = run(mul(sym('i'), sym('R')));
  assert.deepEqual(plain.diagnostics, []);
  assert.deepEqual(plain.tree, mul(sym('i'), sym('R')));
  const declared = run(mul(sym('i'), sym('omega')), true);
  assert.deepEqual(
    declared.diagnostics.map((d) => [d.code, d.severity]),
    [['complex-unsupported', 'error']],
  );
  assert.ok(declared.diagnostics[0]?.span);
});

test('math constants: infinity stays a symbol', () => {
  assert.deepEqual(run(sym('infinity')).tree, sym('infinity'));
});
