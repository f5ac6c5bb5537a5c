import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node } from '../../src/core/tree.js';
import { canonicalText } from '../../src/normalize/canonical-text.js';
import { add, call, div, eq, list, mul, num, pow, rel, sub, sym, un } from './trees.js';

const [a, b, c, x, y] = ['a', 'b', 'c', 'x', 'y'].map((n) => sym(n)) as [Node, Node, Node, Node, Node];
const same = (p: Node, q: Node) => assert.equal(canonicalText(p), canonicalText(q));
const differ = (p: Node, q: Node) => assert.notEqual(canonicalText(p), canonicalText(q));

test('canonical text: insensitive to the order of + and * operands', () => {
  same(add(a, b), add(b, a));
  same(add(add(a, b), c), add(c, add(b, a)));
  same(mul(a, b), mul(b, a));
  same(mul(mul(num(2), a), b), mul(b, mul(a, num(2))));
  same(sub(add(a, b), c), add(un('-', c), add(b, a)));
  same(div(a, mul(b, c)), div(div(a, c), b));
  same(mul(un('-', a), b), un('-', mul(b, a)));
});

test('canonical text: insensitive to the sides of = and !=, a > b reads b < a', () => {
  same(eq(x, y), eq(y, x));
  same(rel('!=', x, add(a, b)), rel('!=', add(b, a), x));
  same(rel('>', a, b), rel('<', b, a));
  same(rel('>=', a, b), rel('<=', b, a));
});

test('canonical text: sensitive where order matters', () => {
  differ(sub(a, b), sub(b, a));
  differ(div(a, b), div(b, a));
  differ(pow(a, b), pow(b, a));
  differ(rel('<', a, b), rel('<', b, a));
  differ(add(a, mul(b, c)), mul(add(a, b), c));
  differ(call('sin', a), call('cos', a));
  differ(list(eq(x, a), eq(y, b)), list(eq(y, b), eq(x, a)));
  differ(sym('F', { vector: true }), sym('F'));
});

test('canonical text: readable and stable', () => {
  assert.equal(canonicalText(eq(x, add(mul(sym('v'), sym('t')), sym('x_{0}')))), 't*v+x_{0} = x');
  assert.equal(canonicalText(sub(a, b)), '-b+a');
  assert.equal(canonicalText(div(mul(num(2), a), mul(b, c))), '2*a/(b*c)');
  assert.equal(canonicalText(pow(add(a, b), num(2))), '(a+b)^2');
  assert.equal(canonicalText(mul(add(a, b), c)), '(a+b)*c');
});
