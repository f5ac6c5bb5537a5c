import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnostic } from '../../src/core/diagnostic.js';
import type { Node, ParseResult } from '../../src/core/tree.js';
import { prepareConstants } from '../../src/normalize/prepare-constants.js';
import { substituteConstants } from '../../src/normalize/substitute-constants.js';
import { close, div, eq, evaluate, mul, num, pow, sym, un } from './trees.js';

/**
 * These tests give prepareConstants trees built by hand (a lookup table stands in for the LaTeX
 * source), so the map logic is checked without the parser; normalize.test.ts drives it with LaTeX.
 */
const fourPiEps = mul(num(4), mul(sym('pi'), sym('epsilon_{0}')));
const TREES: Record<string, Node> = {
  k: sym('k'),
  '1/(4 pi eps0)': div(num(1), fourPiEps),
  eps0: sym('epsilon_{0}'),
  g: sym('g'),
  '9.8': num(9.8),
  G: sym('G'),
  c: sym('c'),
  a: sym('a'),
  b: sym('b'),
  '2b': mul(num(2), sym('b')),
  '2a': mul(num(2), sym('a')),
  '2k': mul(num(2), sym('k')),
  x: sym('x'),
  'x=1': eq(sym('x'), num(1)),
  '3': num(3),
  hbar: sym('hbar'),
  'e^{-x}': pow(sym('e'), un('-', sym('x'))),
};
const parse = (source: string): ParseResult => {
  const tree = TREES[source];
  return tree === undefined
    ? { ok: false, diagnostics: [diagnostic('test-unparsed', 'error', `no tree for ${source}`)] }
    : { ok: true, tree, diagnostics: [] };
};
const codes = (r: ReturnType<typeof prepareConstants>) => r.diagnostics.map((d) => d.code);

test('constants map: k = 1/(4 pi eps0) with eps0 from CODATA', () => {
  const r = prepareConstants({ k: '1/(4 pi eps0)', eps0: 'eps0' }, parse);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const k = r.values.get('k')!;
  assert.ok(close(evaluate(k, { pi: Math.PI }), 8.9875517923e9, 1e-10));
  const force = substituteConstants(div(mul(sym('k'), sym('q')), sym('r')), r);
  assert.ok(close(evaluate(force, { pi: Math.PI, q: 2, r: 4 }), (8.9875517923e9 * 2) / 4, 1e-10));
});

test('constants map: a symbol in a value that names a physical constant takes its CODATA value (with a note)', () => {
  const r = prepareConstants({ k: '1/(4 pi eps0)' }, parse);
  assert.deepEqual(codes(r), ['constant-from-table']);
  assert.equal(r.diagnostics[0]!.severity, 'info');
  assert.match(r.diagnostics[0]!.where ?? '', /constants\["k"\]/);
});

test('constants map: numbers, and keys mapped to themselves (g, G, c, hbar)', () => {
  const r = prepareConstants({ g: '9.8', G: 'G', c: 'c', hbar: 'hbar' }, parse);
  assert.deepEqual(codes(r), []);
  assert.equal(evaluate(r.values.get('g')!), 9.8);
  assert.equal(evaluate(r.values.get('G')!), 6.6743e-11);
  assert.equal(evaluate(r.values.get('c')!), 299792458);
  assert.ok(close(evaluate(r.values.get('hbar')!), 1.054571817e-34));
  assert.deepEqual((r.values.get('c') as { dim?: readonly number[] }).dim, [1, 0, -1, 0, 0, 0, 0]);
});

test('constants map: values may use other keys, in any order', () => {
  const r = prepareConstants({ a: '2b', b: '3' }, parse);
  assert.deepEqual(codes(r), []);
  assert.equal(evaluate(r.values.get('a')!), 6);
});

test('constants map: cycles are reported and left free; the rest still applies', () => {
  const r = prepareConstants({ a: '2b', b: '2a', k: '2k', x: '3' }, parse);
  assert.deepEqual(codes(r), ['constant-cycle', 'constant-cycle']);
  assert.match(r.diagnostics[0]!.message, /a → b → a/);
  assert.equal(r.values.has('a'), false);
  assert.equal(r.values.has('k'), false);
  assert.equal(evaluate(r.values.get('x')!), 3);
});

test('constants map: bad keys and values are reported by key; the rest still applies', () => {
  const r = prepareConstants({ '2k': '3', x: 'unparsable', a: 'x=1', b: 'b', g: '9.8' }, parse);
  assert.deepEqual(codes(r), ['bad-constant', 'bad-constant', 'bad-constant', 'bad-constant']);
  assert.deepEqual(
    r.diagnostics.map((d) => d.where),
    ['constants["2k"]', 'constants["x"]', 'constants["a"]', 'constants["b"]'],
  );
  assert.equal(evaluate(r.values.get('g')!), 9.8);
  assert.equal(r.values.size, 1);
});

test('constants map: never throws on a value that is not a string', () => {
  const r = prepareConstants({ g: 9.8 as unknown as string }, parse);
  assert.deepEqual(codes(r), ['bad-constant']);
});

test('constants map: the e of an exponential in a value is not the elementary charge', () => {
  const r = prepareConstants({ x: 'e^{-x}' }, parse);
  assert.deepEqual(codes(r), ['constant-cycle'], 'x refers to itself, but e is not replaced');
  const r2 = prepareConstants({ k: 'e^{-x}' }, parse);
  assert.deepEqual(codes(r2), []);
  assert.deepEqual(r2.values.get('k'), pow(sym('e'), un('-', sym('x'))));
});

test('constants map: a bare k, g, c in a formula is untouched without a map entry', () => {
  const r = prepareConstants({ x: '3' }, parse);
  const formula = mul(mul(sym('k'), sym('g')), mul(sym('c'), sym('x')));
  assert.deepEqual(substituteConstants(formula, r), mul(mul(sym('k'), sym('g')), mul(sym('c'), num(3))));
});
