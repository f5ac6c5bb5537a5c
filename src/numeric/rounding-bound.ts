import type { Node } from '../core/tree.js';
import { power } from './compile-power.js';
import { expandDerivatives } from './expand-derivatives.js';
import { UNARY_FUNCTIONS } from './functions.js';
import { nthRoot } from './real-power.js';
import { isVariableNode, variableKey } from './variable-key.js';

/** A value with a bound on its rounding error (absolute). */
export interface Bounded {
  readonly value: number;
  /** First-order bound of |computed − exact| from floating-point rounding; NaN when unknown. */
  readonly error: number;
}

/** The unit roundoff of binary64. */
const U = 2 ** -53;

/**
 * Evaluates a tree at `values` with a running bound on its rounding error (first-order forward
 * error analysis: each operation adds half an ulp of its result, sums add their operands' errors,
 * products and quotients scale them, a function f propagates the error of its argument a through
 * its change over [a − e, a + e] and adds two ulps of its own). It shows what cancellation leaves
 * of a value: `\cosh^2 x - \sinh^2 x` at x = 18.4 evaluates to 1.5 with a bound of ~10, and
 * `a - \sqrt{a^2 - b}` at a = 1e9 to 0 with a bound of ~1e2 · b/a. Slow (a tree walk): meant for
 * checking a handful of points, not for scans. Integrals, sums and anything else not elementary
 * give an error of NaN (unknown).
 */
export function roundingBound(tree: Node, values: Readonly<Record<string, number>>): Bounded {
  return walk(expandDerivatives(tree), values);
}

const UNKNOWN: Bounded = { value: Number.NaN, error: Number.NaN };

function walk(node: Node, values: Readonly<Record<string, number>>): Bounded {
  if (node.type === 'number') return { value: node.value, error: U * Math.abs(node.value) };
  if (isVariableNode(node)) {
    const key = variableKey(node);
    if (key === 'infinity') return { value: Number.POSITIVE_INFINITY, error: 0 };
    return { value: values[key] ?? Number.NaN, error: 0 };
  }
  if (node.type === 'unary') {
    const a = walk(node.arg, values);
    if (node.op === '-') return { value: -a.value, error: a.error };
    if (node.op === '+') return a;
    return UNKNOWN;
  }
  if (node.type === 'binary') {
    const a = walk(node.left, values);
    const b = walk(node.right, values);
    return binary(node.op, a, b);
  }
  if (node.type === 'call') return call(node.fn, node.args, values);
  return UNKNOWN;
}

function binary(op: string, a: Bounded, b: Bounded): Bounded {
  const x = a.value;
  const y = b.value;
  switch (op) {
    case '+':
    case '-': {
      const value = op === '+' ? x + y : x - y;
      return { value, error: a.error + b.error + U * Math.abs(value) };
    }
    case '*': {
      const value = x * y;
      // (Each term only where its error is not zero: an exact factor times one whose error is
      // unbounded is unbounded, not 0 · ∞ = NaN, which reads as "unknown".)
      let error = U * Math.abs(value);
      if (b.error !== 0) error += Math.abs(x) * b.error;
      if (a.error !== 0) error += Math.abs(y) * a.error;
      if (a.error !== 0 && b.error !== 0) error += a.error * b.error;
      return { value, error };
    }
    case '/': {
      const value = x / y;
      const room = Math.abs(y) - b.error;
      if (!(room > 0)) return { value, error: Number.POSITIVE_INFINITY };
      return { value, error: (a.error + Math.abs(value) * b.error) / room + U * Math.abs(value) };
    }
    case '^': {
      const value = power(x, y);
      // Over the box [x ± ex] × [y ± ey] (the corners; powers are monotone in each argument on it).
      let spread = 0;
      for (const dx of [-a.error, a.error])
        for (const dy of [-b.error, b.error])
          spread = Math.max(spread, Math.abs(power(x + dx, y + dy) - value));
      return {
        value,
        error: (Number.isNaN(spread) ? Number.POSITIVE_INFINITY : spread) + 2 * U * Math.abs(value),
      };
    }
    default:
      return UNKNOWN;
  }
}

function call(fn: string, args: readonly Node[], values: Readonly<Record<string, number>>): Bounded {
  const [first, second] = args;
  if (first === undefined) return UNKNOWN;
  const a = walk(first, values);
  if (second !== undefined) {
    const b = walk(second, values);
    if (fn === 'sqrt') return through((t) => nthRoot(t, b.value), a, b.error === 0 ? 0 : Number.NaN);
    if (fn === 'log') {
      const base = Math.log(b.value);
      return binary('/', through(Math.log, a, 0), { value: base, error: b.error / Math.abs(b.value) });
    }
    return UNKNOWN;
  }
  const f = UNARY_FUNCTIONS[fn as keyof typeof UNARY_FUNCTIONS];
  return f === undefined ? UNKNOWN : through(f, a, 0);
}

/** f(a): the change of f over [a − e, a + e] plus two ulps of the result (and `extra`). */
function through(f: (t: number) => number, a: Bounded, extra: number): Bounded {
  const value = f(a.value);
  let spread = 0;
  if (a.error > 0) {
    const lo = f(a.value - a.error);
    const hi = f(a.value + a.error);
    spread = Math.max(Math.abs(lo - value), Math.abs(hi - value));
    if (Number.isNaN(spread)) spread = Number.POSITIVE_INFINITY;
  }
  return { value, error: spread + 2 * U * Math.abs(value) + extra };
}
