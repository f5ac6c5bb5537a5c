import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng, type Prng } from '../../src/core/prng.js';
import type { FunctionName, Node } from '../../src/core/tree.js';
import { UNARY_FUNCTIONS } from '../../src/numeric/functions.js';
import { gamma } from '../../src/numeric/gamma.js';
import { compile } from '../../src/numeric/index.js';
import { UNARY_OPS } from '../../src/numeric/program.js';
import { nthRoot, oddDenominatorFraction, oddRationalPower } from '../../src/numeric/real-power.js';
import { span0 } from './expr.js';

// The register machine must give the very doubles the formula's operations give, in the same
// order: verdicts depend on rounding (cancellation, residual tests), so "close" is not enough.

const SPECIAL = [0, -0, 1, -1, 0.5, -2.5, 3, 1e-300, -1e-300, 1e300, -1e300, 7.25e15, Math.PI, 1e-8];
const INPUTS = [...SPECIAL, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN];

const x: Node = { type: 'symbol', name: 'x', span: span0 };
const num = (value: number): Node => ({ type: 'number', value, raw: String(value), span: span0 });

test('program: every one-argument function has an opcode computing exactly UNARY_FUNCTIONS', () => {
  const prng = createPrng('unary-ops');
  const names = Object.keys(UNARY_FUNCTIONS) as FunctionName[];
  assert.deepEqual(Object.keys(UNARY_OPS).sort(), [...names].sort());
  for (const fn of names) {
    const f = compile({ type: 'call', fn, args: [x], span: span0 }, ['x']).fn;
    const values = [
      ...INPUTS,
      ...Array.from({ length: 50 }, () => (prng.next() - 0.5) * 10 ** (prng.next() * 8 - 4)),
    ];
    for (const value of values) {
      const want = UNARY_FUNCTIONS[fn]!(value);
      const got = f(Float64Array.of(value));
      assert.ok(Object.is(got, want), `${fn}(${value}): ${got} ≠ ${want}`);
    }
  }
});

/** The reference semantics, one node at a time (as the documentation of `compile` states them). */
function evaluate(node: Node, at: Readonly<Record<string, number>>): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'symbol':
      return at[node.name]!;
    case 'unary': {
      const a = evaluate(node.arg, at);
      return node.op === '-' ? -a : node.op === '!' ? gamma(a + 1) : a;
    }
    case 'binary': {
      const a = evaluate(node.left, at);
      const b = evaluate(node.right, at);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      if (node.op === '/') return a / b;
      return power(a, b, literal(node.right), literal(node.left));
    }
    case 'call': {
      const args = node.args.map((n) => evaluate(n, at));
      if (node.fn === 'max') return Math.max(...args);
      if (node.fn === 'min') return Math.min(...args);
      if (args.length === 2)
        return node.fn === 'log' ? Math.log(args[0]!) / Math.log(args[1]!) : nthRoot(args[0]!, args[1]!);
      return UNARY_FUNCTIONS[node.fn]!(args[0]!);
    }
    default:
      throw new Error(`no reference for ${node.type}`);
  }
}

/**
 * `a ^ b` as compiled: a power of two literal subtrees is folded with the odd-denominator rule, a
 * literal exponent is specialised (so (−∞)^{1/2} is NaN through √ but +∞ when folded), a literal
 * base e is exp.
 */
function power(a: number, b: number, literalExponent: boolean, literalBase: boolean): number {
  if (literalExponent && literalBase) {
    if (a === Math.E) return Math.exp(b);
    const f = oddDenominatorFraction(b);
    return f !== undefined ? oddRationalPower(a, f.p, f.q) : a ** b;
  }
  if (literalExponent) {
    if (b === 1) return a;
    if (b === 2) return a * a;
    if (b === 3) return a * a * a;
    if (b === -1) return 1 / a;
    if (b === 0.5) return Math.sqrt(a);
    const f = oddDenominatorFraction(b);
    return f !== undefined ? oddRationalPower(a, f.p, f.q) : a ** b;
  }
  if (literalBase && a === Math.E) return Math.exp(b);
  return a ** b;
}

const FUNCTIONS: readonly (FunctionName | 'log2' | 'sqrt2')[] = [
  ...(Object.keys(UNARY_FUNCTIONS) as FunctionName[]),
  'max',
  'min',
  'log2',
  'sqrt2',
];
const EXPONENTS = [1, 2, 3, -1, 0.5, 1 / 3, 2 / 3, 1.5, -2];

/** A random tree over x, y, z (and literal subtrees, which the compiler folds). */
function randomTree(prng: Prng, depth: number): Node {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(prng.next() * list.length)]!;
  const leaf = (): Node =>
    prng.next() < 0.7
      ? { type: 'symbol', name: pick(['x', 'y', 'z']), span: span0 }
      : num(pick([...SPECIAL.slice(0, 12), Math.E, 2, 10]));
  if (depth === 0 || prng.next() < 0.2) return leaf();
  const sub = (): Node => randomTree(prng, depth - 1);
  const r = prng.next();
  if (r < 0.45) {
    const op = pick(['+', '-', '*', '/', '^'] as const);
    if (op === '^' && prng.next() < 0.6)
      return {
        type: 'binary',
        op,
        left: sub(),
        right: num(pick(EXPONENTS)),
        span: span0,
      };
    if (op === '^' && prng.next() < 0.3)
      return {
        type: 'binary',
        op,
        left: num(Math.E),
        right: sub(),
        span: span0,
      };
    return { type: 'binary', op, left: sub(), right: sub(), span: span0 };
  }
  if (r < 0.55) return { type: 'unary', op: pick(['-', '!', '+'] as const), arg: sub(), span: span0 };
  const fn = pick(FUNCTIONS);
  if (fn === 'max' || fn === 'min')
    return {
      type: 'call',
      fn,
      args: Array.from({ length: 1 + Math.floor(prng.next() * 4) }, sub),
      span: span0,
    };
  if (fn === 'log2' || fn === 'sqrt2')
    return {
      type: 'call',
      fn: fn === 'log2' ? 'log' : 'sqrt',
      args: [sub(), prng.next() < 0.5 ? sub() : leaf()],
      span: span0,
    };
  return { type: 'call', fn, args: [sub()], span: span0 };
}

/** Whether a subtree has no variable (the compiler folds it; the reference evaluates it alike). */
function literal(node: Node): boolean {
  if (node.type === 'symbol') return false;
  if (node.type === 'number') return true;
  if (node.type === 'unary') return literal(node.arg);
  if (node.type === 'binary') return literal(node.left) && literal(node.right);
  if (node.type === 'call') return node.args.every(literal);
  return false;
}

test('program: 3,000 random formulas give the reference doubles bit for bit', () => {
  const prng = createPrng('program-fuzz');
  let compared = 0;
  for (let k = 0; k < 3000; k++) {
    const tree = randomTree(prng, 5);
    const f = compile(tree, ['x', 'y', 'z']).fn;
    for (let j = 0; j < 4; j++) {
      const at = { x: pickValue(prng), y: pickValue(prng), z: pickValue(prng) };
      const want = evaluate(tree, at);
      const got = f(Float64Array.of(at.x, at.y, at.z));
      assert.ok(Object.is(got, want), `formula ${k} at ${JSON.stringify(at)}: ${got} ≠ ${want}`);
      if (Number.isFinite(want)) compared++;
    }
  }
  assert.ok(compared > 4000, `${compared} finite values compared`);
});

function pickValue(prng: Prng): number {
  return prng.next() < 0.2
    ? SPECIAL[Math.floor(prng.next() * SPECIAL.length)]!
    : (prng.next() - 0.4) * 10 ** (prng.next() * 6 - 3);
}

test('program: a compiled formula is reusable and re-entrant through nested integrals', () => {
  // ∫_0^1 (∫_0^x x·t dt) dx with the inner variable shadowing nothing, and a sum over the same
  // name as an enclosing integral (the inner binding wins inside, the outer is restored after).
  const t: Node = { type: 'symbol', name: 't', span: span0 };
  const inner: Node = {
    type: 'integral',
    integrand: { type: 'binary', op: '*', left: x, right: t, span: span0 },
    variable: 't',
    lower: num(0),
    upper: x,
    span: span0,
  };
  const outer: Node = {
    type: 'integral',
    integrand: inner,
    variable: 'x',
    lower: num(0),
    upper: { type: 'symbol', name: 'a', span: span0 },
    span: span0,
  };
  const f = compile(outer, ['a']).fn;
  // ∫_0^a x³/2 dx = a⁴/8
  for (const a of [1, 2, 0.5, 1]) assert.ok(Math.abs(f(Float64Array.of(a)) - a ** 4 / 8) < 1e-12, `a = ${a}`);
  const shadow: Node = {
    type: 'binary',
    op: '+',
    left: {
      type: 'sum',
      kind: 'sum',
      index: 'x',
      body: x,
      lower: num(1),
      upper: num(3),
      span: span0,
    },
    right: x,
    span: span0,
  };
  const integralOfShadow: Node = {
    type: 'integral',
    integrand: shadow,
    variable: 'x',
    lower: num(0),
    upper: { type: 'symbol', name: 'a', span: span0 },
    span: span0,
  };
  // ∫_0^a (6 + x) dx = 6a + a²/2
  const g = compile(integralOfShadow, ['a']).fn;
  assert.ok(Math.abs(g(Float64Array.of(2)) - 14) < 1e-12);
});
