import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeApply } from '../../src/normalize/apply-to-symbol.js';
import { add, apply, eq, mul, num, rel, sym, un } from './trees.js';

test('apply: x(t) with symbol arguments is the label x', () => {
  assert.deepEqual(normalizeApply(apply('x', sym('t'))), sym('x'));
  assert.deepEqual(normalizeApply(apply('f', sym('x'), sym('y'))), sym('f'));
});

test('apply: a numeric argument names the value at that point', () => {
  assert.deepEqual(normalizeApply(apply('x', num(0))), sym('x(0)'));
  assert.deepEqual(normalizeApply(apply('v', num(2))), sym('v(2)'));
  assert.deepEqual(normalizeApply(apply('f', sym('x'), num(0))), sym('f(x,0)'));
  assert.deepEqual(normalizeApply(apply('x', un('-', num(1)))), sym('x(-1)'));
});

test('apply: x(0) and x stay different quantities inside a formula', () => {
  const out = normalizeApply(eq(apply('x', sym('t')), add(apply('x', num(0)), mul(sym('v'), sym('t')))));
  assert.deepEqual(out, eq(sym('x'), add(sym('x(0)'), mul(sym('v'), sym('t')))));
});

test('apply: a point t = 0 is named by its value, a region keeps its text', () => {
  assert.deepEqual(normalizeApply(apply('v', rel('=', sym('t'), num(0)))), sym('v(0)'));
  assert.deepEqual(normalizeApply(apply('phi', rel('<', sym('r'), sym('a')))), sym('phi(r < a)'));
});

test("apply: a primed name applied to one unprimed symbol is Lagrange's derivative", () => {
  const out = normalizeApply(apply("U'", sym('x')));
  assert.equal(out.type, 'binary');
  if (out.type !== 'binary') return;
  assert.equal(out.op, '/');
  assert.deepEqual(
    [out.left.type === 'differential' && out.left.order, out.right.type === 'differential' && out.right.of],
    [1, sym('x')],
  );
  // x'(t'): a quantity of the primed frame, not a derivative.
  assert.deepEqual(normalizeApply(apply("x'", sym("t'"))), sym("x'"));
});
