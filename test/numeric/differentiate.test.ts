import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printTree } from '../../src/core/print-tree.js';
import type { Node } from '../../src/core/tree.js';
import { compile, differentiate, freeVariables, solveEquation } from '../../src/numeric/index.js';
import { expr, span0 } from './expr.js';

/** Checks d/dx (partial) against a central difference at a few points. */
function checkNumerically(text: string, at: number[]): void {
  const tree = expr(text);
  const f = compile(tree, ['x']).fn;
  const d = compile(differentiate(tree, 'x', true), ['x']);
  assert.deepEqual(d.diagnostics, []);
  for (const x of at) {
    const h = 1e-6 * Math.max(1, Math.abs(x));
    const numeric = (f(Float64Array.of(x + h)) - f(Float64Array.of(x - h))) / (2 * h);
    const symbolic = d.fn(Float64Array.of(x));
    assert.ok(
      Math.abs(symbolic - numeric) <= 1e-6 * Math.max(1, Math.abs(numeric)),
      `${text} at ${x}: ${symbolic} vs ${numeric}`,
    );
  }
}

const FUNCTIONS = [
  'sin(x)',
  'cos(x)',
  'tan(x)',
  'cot(x)',
  'sec(x)',
  'csc(x)',
  'arcsin(x/2)',
  'arccos(x/2)',
  'arctan(x)',
  'arccot(x)',
  'sinh(x)',
  'cosh(x)',
  'tanh(x)',
  'coth(x)',
  'sech(x)',
  'csch(x)',
  'arsinh(x)',
  'arcosh(x+2)',
  'artanh(x/2)',
  'exp(x)',
  'ln(x+2)',
  'log(x+2)',
  'lg(x+2)',
  'log(x+2, 3)',
  'log(3, x+2)',
  'sqrt(x+2)',
  'sqrt(x+2, 3)',
  'abs(x-5)',
  'max(x, 2*x)',
  'min(x^2, 3)',
  'x^x',
  '2^x',
  '(x+2)^(1/3)',
];
for (const fn of FUNCTIONS) {
  test(`differentiate: chain rule through ${fn}`, () =>
    checkNumerically(`3*${fn.replace(/\bx\b/g, '(x^2/4)')}`, [0.3, 0.9, 1.2]));
}

test('differentiate: product and quotient rules', () => {
  checkNumerically('x^2*sin(x)', [0.5, 2]);
  checkNumerically('(x^2 + 1)/(x - 3)', [0.5, 2]);
});

test('differentiate: partial treats other symbols as constants', () => {
  assert.equal(printTree(differentiate(expr('a*x^2 + b'), 'x', true)), 'a*(2*x)');
});

test('differentiate: total derivative of ½mv² adds d{s}/d{t} for every other symbol', () => {
  const d = differentiate(expr('m*v^2/2'), 't');
  assert.deepEqual(freeVariables(d), ['d{m}', 'd{t}', 'd{v}', 'm', 'v']);
  const vars = ['m', 'v', 'd{v}', 'd{t}', 'd{m}'];
  const f = compile(d, vars).fn;
  // with d{m} = 0 it is m·v·dv/dt
  assert.equal(f(Float64Array.of(2, 3, 5, 7, 0)), (2 * 3 * 5) / 7);
  assert.equal(f(Float64Array.of(2, 3, 5, 7, 1)), 9 / 2 / 7 + (2 * 3 * 5) / 7);
});

test('differentiate: d/dt of a differential is second order, d/dt(dt) is 0', () => {
  assert.equal(printTree(differentiate(expr('d{x}/d{t}'), 't')), 'd2{x}/d{t}/d{t}');
  assert.equal(printTree(differentiate(expr('d{t}'), 't')), '0');
});

test('compile expands derivative nodes: d/dr(k q / r) = −k q / r²', () => {
  const node: Node = {
    type: 'derivative',
    expr: expr('k*q/r'),
    variable: 'r',
    order: 1,
    partial: false,
    span: span0,
  };
  const vars = freeVariables(node);
  assert.deepEqual(vars, ['d{k}', 'd{q}', 'd{r}', 'k', 'q', 'r']);
  const partial: Node = { ...node, partial: true };
  assert.deepEqual(freeVariables(partial), ['k', 'q', 'r']);
  assert.equal(compile(partial, ['k', 'q', 'r']).fn(Float64Array.of(2, 3, 4)), -6 / 16);
  const r = solveEquation(partial, expr('-1'), 'r', { k: 2, q: 8 });
  assert.ok(r.kind === 'roots');
  assert.deepEqual(r.kind === 'roots' ? r.roots : [], [-4, 4]);
});

test('differentiate: factorial stays a derivative node and compiles to not-differentiable', () => {
  const d = differentiate(expr('x!'), 'x', true);
  assert.equal(d.type, 'derivative');
  const c = compile(
    { type: 'derivative', expr: expr('x!'), variable: 'x', order: 1, partial: true, span: span0 },
    ['x'],
  );
  assert.equal(c.diagnostics[0]?.code, 'not-differentiable');
});

test('differentiate: Leibniz rule for an integral with a variable upper bound', () => {
  const integral: Node = {
    type: 'integral',
    integrand: expr('s^2'),
    variable: 's',
    lower: expr('0'),
    upper: expr('x^2'),
    span: span0,
  };
  const d = compile(differentiate(integral, 'x', true), ['x']);
  // d/dx ∫_0^{x²} s² ds = x⁴ · 2x
  assert.ok(Math.abs(d.fn(Float64Array.of(1.5)) - 1.5 ** 4 * 3) < 1e-12);
});
