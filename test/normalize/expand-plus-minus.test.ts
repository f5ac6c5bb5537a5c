import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printTree } from '../../src/core/print-tree.js';
import { expandPlusMinus, hasPlusMinus } from '../../src/normalize/expand-plus-minus.js';
import { add, bin, call, div, eq, list, mul, num, sub, sym, un } from './trees.js';

const texts = (trees: readonly import('../../src/core/tree.js').Node[]) => trees.map(printTree);

test('±: a ± b gives a + b and a - b, + first', () => {
  assert.deepEqual(texts(expandPlusMinus(bin('±', sym('a'), sym('b')))), ['a+b', 'a-b']);
});

test('±: the quadratic formula has two branches', () => {
  const disc = call('sqrt', sub(mul(sym('b'), sym('b')), mul(num(4), mul(sym('a'), sym('c')))));
  const tree = eq(sym('x'), div(bin('±', un('-', sym('b')), disc), mul(num(2), sym('a'))));
  const out = expandPlusMinus(tree);
  assert.equal(out.length, 2);
  assert.ok(!out.some(hasPlusMinus));
  assert.match(printTree(out[0]!), /-b\+sqrt/);
  assert.match(printTree(out[1]!), /-b-sqrt/);
});

test('±: unary ± drops the sign in the + branch', () => {
  assert.deepEqual(texts(expandPlusMinus(eq(sym('v'), un('±', sym('u'))))), ['v = u', 'v = -u']);
});

test('±: ∓ takes the opposite sign in the same branch', () => {
  const tree = eq(sym('y'), bin('∓', bin('±', sym('a'), sym('b')), sym('c')));
  assert.deepEqual(texts(expandPlusMinus(tree)), ['y = a+b-c', 'y = a-b+c']);
  assert.deepEqual(texts(expandPlusMinus(un('∓', sym('a')))), ['-a', 'a']);
});

test('±: several ± in one formula share one sign (two branches)', () => {
  const tree = bin('±', bin('±', sym('a'), sym('b')), sym('c'));
  assert.deepEqual(texts(expandPlusMinus(tree)), ['a+b+c', 'a-b-c']);
});

test('±: list items expand independently, capped by maxBranches', () => {
  const item = (n: string) => eq(sym(n), un('±', sym('k')));
  const three = list(item('x'), item('y'), item('z'));
  assert.equal(expandPlusMinus(three).length, 8);
  assert.equal(expandPlusMinus(three, 5).length, 5);
  assert.equal(expandPlusMinus(list(item('x'), eq(sym('y'), sym('k')))).length, 2);
  assert.equal(expandPlusMinus(bin('±', sym('a'), sym('b')), 1).length, 1);
});

test('±: a formula without ± is returned alone and unchanged', () => {
  const tree = add(sym('a'), sym('b'));
  assert.deepEqual(expandPlusMinus(tree), [tree]);
  assert.equal(hasPlusMinus(tree), false);
});
