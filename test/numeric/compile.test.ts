import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node } from '../../src/core/tree.js';
import { compile, freeVariables, NUMERIC_CODES, variableKey } from '../../src/numeric/index.js';
import { expr, span0 } from './expr.js';

const run = (text: string, values: Record<string, number> = {}): number => {
  const names = Object.keys(values);
  return compile(expr(text), names).fn(Float64Array.from(names.map((n) => values[n]!)));
};
const close = (a: number, b: number, tol = 1e-12): void =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} ≠ ${b}`);

const CASES: [string, Record<string, number>, number][] = [
  ['a + b*c - d/e', { a: 1, b: 2, c: 3, d: 8, e: 4 }, 5],
  ['-x^2', { x: 3 }, -9],
  ['2^3^2', {}, 512],
  ['x^(1/3)', { x: -8 }, -2],
  ['x^(2/3)', { x: -8 }, 4],
  ['sqrt(x, 3)', { x: -27 }, -3],
  ['sqrt(x, 4)', { x: 16 }, 2],
  ['log(x, 2)', { x: 1024 }, 10],
  ['lg(x)', { x: 1000 }, 3],
  ['ln(exp(x))', { x: 1.5 }, 1.5],
  ['log(x)', { x: Math.E }, 1],
  ['5!', {}, 120],
  ['x!', { x: 0.5 }, Math.sqrt(Math.PI) / 2],
  ['sec(x)*cos(x) + csc(x)*sin(x) + cot(x)*tan(x)', { x: 0.3 }, 3],
  ['arccot(1)', {}, Math.PI / 4],
  ['coth(x)*tanh(x) + sech(x)*cosh(x) + csch(x)*sinh(x)', { x: 0.7 }, 3],
  ['arsinh(sinh(x)) + arcosh(cosh(x)) + artanh(tanh(x))', { x: 0.4 }, 1.2],
  ['abs(x) + sign(x) + floor(2.5) + ceil(2.5)', { x: -2 }, 1 + 2 + 3],
  ['max(a, b, c) - min(a, b)', { a: 1, b: 5, c: 3 }, 4],
  ['arcsin(1) + arccos(1) + arctan(1)', {}, Math.PI / 2 + Math.PI / 4],
];

for (const [text, values, want] of CASES) {
  test(`compile: ${text}`, () => close(run(text, values), want));
}

test('compile: NaN and ±∞ propagate without throwing', () => {
  assert.ok(Number.isNaN(run('sqrt(x) + 1', { x: -1 })));
  assert.equal(run('1/x', { x: 0 }), Number.POSITIVE_INFINITY);
  assert.ok(Number.isNaN(run('x^0.5', { x: -4 })));
  assert.ok(Number.isNaN(run('(-1)!')));
  assert.equal(run('infinity'), Number.POSITIVE_INFINITY);
});

test('compile: a key missing from the variables is NaN with unbound-variable', () => {
  const c = compile(expr('x + y'), ['x']);
  assert.ok(Number.isNaN(c.fn(Float64Array.of(1))));
  assert.deepEqual(
    c.diagnostics.map((d) => d.code),
    ['unbound-variable'],
  );
});

test('compile: ±, relations, units, indefinite integrals are diagnostics, never throws', () => {
  const x: Node = { type: 'symbol', name: 'x', span: span0 };
  const cases: [Node, string][] = [
    [{ type: 'unary', op: '±', arg: x, span: span0 }, 'unexpanded-pm'],
    [{ type: 'binary', op: '±', left: x, right: x, span: span0 }, 'unexpanded-pm'],
    [{ type: 'relation', ops: ['='], args: [x, x], span: span0 }, 'not-compilable'],
    [{ type: 'unit', unit: 'km', span: span0 }, 'unresolved-unit'],
    [{ type: 'integral', integrand: x, variable: 'x', span: span0 }, 'indefinite-integral'],
    [{ type: 'apply', name: 'f', args: [x], span: span0 }, 'unsupported-node'],
  ];
  for (const [node, code] of cases) {
    const c = compile(node, ['x']);
    assert.ok(Number.isNaN(c.fn(Float64Array.of(2))), code);
    assert.equal(c.diagnostics[0]?.code, code);
    assert.ok(NUMERIC_CODES[code] !== undefined, `${code} is explained`);
  }
});

test('compile: differentials and opaque nodes are variables keyed by their printed text', () => {
  const dv = expr('d{v}');
  assert.equal(variableKey(dv as never), 'd{v}');
  const opaque: Node = { type: 'opaque', key: 'nabla.E', span: span0 };
  const tree: Node = { type: 'binary', op: '/', left: opaque, right: dv, span: span0 };
  assert.deepEqual(freeVariables(tree), ['d{v}', '{nabla.E}']);
  assert.equal(compile(tree, ['{nabla.E}', 'd{v}']).fn(Float64Array.of(6, 3)), 2);
});

test('compile: a vector symbol is looked up by its name', () => {
  const f: Node = { type: 'symbol', name: 'F', vector: true, span: span0 };
  assert.equal(compile(f, ['F']).fn(Float64Array.of(7)), 7);
});

test('freeVariables: sorted, without bound variables or infinity', () => {
  const body = expr('exp(-a*x^2)');
  const integral: Node = {
    type: 'integral',
    integrand: body,
    variable: 'x',
    lower: expr('0'),
    upper: { type: 'symbol', name: 'infinity', span: span0 },
    span: span0,
  };
  assert.deepEqual(freeVariables(integral), ['a']);
  assert.deepEqual(freeVariables(expr('z + y*x_1')), ['x_1', 'y', 'z']);
});
