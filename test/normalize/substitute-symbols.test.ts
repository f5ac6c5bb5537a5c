import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node } from '../../src/core/tree.js';
import { substituteConstants } from '../../src/normalize/substitute-constants.js';
import { substituteSymbols } from '../../src/normalize/substitute-symbols.js';
import { add, div, eq, mul, num, pow, sym, un } from './trees.js';

const span = { start: 0, end: 0 };
const three = (s: { name: string }) => (s.name === 'x' ? num(3) : undefined);

test('substitution: free symbols are replaced, the quantity under a differential is not', () => {
  const dx: Node = { type: 'differential', of: sym('x'), order: 1, partial: false, span };
  const tree = eq(div(dx, sym('t')), sym('x'));
  assert.deepEqual(substituteSymbols(tree, three), eq(div(dx, sym('t')), num(3)));
});

test('substitution: variables bound by an integral or a sum are not replaced inside', () => {
  const integral: Node = {
    type: 'integral',
    integrand: sym('x'),
    variable: 'x',
    lower: num(0),
    upper: sym('x'),
    span,
  };
  const out = substituteSymbols(integral, three);
  assert.deepEqual(out, { ...integral, upper: num(3) });
  const sum: Node = {
    type: 'sum',
    kind: 'sum',
    body: mul(sym('x'), sym('n')),
    index: 'x',
    lower: num(1),
    upper: sym('n'),
    span,
  };
  assert.deepEqual(substituteSymbols(sum, three), sum);
});

test('substitution: the e of e^{x} and \\mathrm{e} are never replaced', () => {
  const charge = (s: { name: string }) => (s.name === 'e' ? num(1.6e-19) : undefined);
  const exp = pow(sym('e'), un('-', sym('t')));
  assert.deepEqual(substituteSymbols(exp, charge), exp);
  assert.deepEqual(substituteSymbols(sym('e', { upright: true }), charge), sym('e', { upright: true }));
  assert.deepEqual(substituteSymbols(pow(sym('e'), num(2)), charge), pow(num(1.6e-19), num(2)));
});

test('substitution: an inserted value takes the span of the symbol it replaces', () => {
  const at = { start: 7, end: 8 };
  const formula: Node = { type: 'symbol', name: 'k', span: at };
  const values = new Map<string, Node>([['k', add(num(1), { ...sym('q'), span: { start: 0, end: 1 } })]]);
  const out = substituteConstants(formula, { values, diagnostics: [] });
  assert.deepEqual(out, {
    ...add(num(1), sym('q')),
    span: at,
    left: { ...num(1), span: at },
    right: { ...sym('q'), span: at },
  });
});

test('substitution: a plain key also covers the vector symbol of the same name', () => {
  const values = new Map<string, Node>([['g', num(9.8)]]);
  assert.deepEqual(substituteConstants(sym('g', { vector: true }), { values, diagnostics: [] }), num(9.8));
});
