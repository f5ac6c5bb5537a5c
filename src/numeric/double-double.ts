import type { Node } from '../core/tree.js';
import { isVariableNode, variableKey } from './variable-key.js';

/** A double-double number: hi + lo, |lo| ≤ half an ulp of hi (~32 significant digits). */
export interface DoubleDouble {
  readonly hi: number;
  readonly lo: number;
}

/** Most |n| of an integer power evaluated in double-double (beyond it the tree is left to binary64). */
const MAX_POWER = 64;
/** Longest decimal literal read digit by digit (2^106 > 10^31). */
const MAX_DIGITS = 31;

/**
 * Evaluates an arithmetic tree in double-double precision (~1e-32 relative per operation), or gives
 * undefined when it holds anything else: +, −, ×, ÷, integer powers, square roots (`\sqrt{…}` and
 * powers n/2), |…|, numbers and the variables in `values`. A decimal literal is read from its
 * written digits when they spell the same binary64 value (`6.00060001` is not a binary64 number;
 * the nearest one differs by 4e-16, which moves the double roots of a quartic 1e-4 apart by more
 * than their distance). Slow (a tree walk with a pair per node): meant for the few points where
 * binary64 leaves f as rounding noise, never for scans.
 */
export function evaluateDoubleDouble(
  tree: Node,
  values: Readonly<Record<string, number>>,
): DoubleDouble | undefined {
  return walk(tree, values);
}

/** a − b rounded to binary64. */
export function difference(a: DoubleDouble, b: DoubleDouble): number {
  return add(a, neg(b)).hi;
}

/** Whether {@link evaluateDoubleDouble} evaluates the tree (its nodes only, not the values). */
export function isDoubleDoubleTree(tree: Node): boolean {
  switch (tree.type) {
    case 'number':
      return true;
    case 'unary':
      return (tree.op === '-' || tree.op === '+') && isDoubleDoubleTree(tree.arg);
    case 'binary':
      if (tree.op === '^') return isDoubleDoubleTree(tree.left) && halfInteger(tree.right) !== undefined;
      return (
        tree.op !== '±' && tree.op !== '∓' && isDoubleDoubleTree(tree.left) && isDoubleDoubleTree(tree.right)
      );
    case 'call':
      return (
        (tree.fn === 'sqrt' || tree.fn === 'abs') &&
        tree.args.length === 1 &&
        isDoubleDoubleTree(tree.args[0]!)
      );
    default:
      return isVariableNode(tree);
  }
}

function walk(node: Node, values: Readonly<Record<string, number>>): DoubleDouble | undefined {
  switch (node.type) {
    case 'number': {
      // (Read once per literal node: the digits are walked at every evaluation otherwise.)
      let d = literals.get(node);
      if (d === undefined) literals.set(node, (d = literal(node.value, node.raw)));
      return d;
    }
    case 'unary': {
      if (node.op !== '-' && node.op !== '+') return undefined;
      const a = walk(node.arg, values);
      return a === undefined || node.op === '+' ? a : { hi: -a.hi, lo: -a.lo };
    }
    case 'binary': {
      const a = walk(node.left, values);
      if (a === undefined) return undefined;
      if (node.op === '^') {
        const twice = halfInteger(node.right);
        return twice === undefined ? undefined : halfPower(a, twice);
      }
      const b = walk(node.right, values);
      if (b === undefined) return undefined;
      if (node.op === '+') return add(a, b);
      if (node.op === '-') return add(a, { hi: -b.hi, lo: -b.lo });
      if (node.op === '*') return mul(a, b);
      if (node.op === '/') return div(a, b);
      return undefined;
    }
    case 'call': {
      if (node.args.length !== 1) return undefined;
      const a = walk(node.args[0]!, values);
      if (a === undefined) return undefined;
      if (node.fn === 'sqrt') return sqrt(a);
      if (node.fn === 'abs') return a.hi < 0 ? { hi: -a.hi, lo: -a.lo } : a;
      return undefined;
    }
    default: {
      if (!isVariableNode(node)) return undefined;
      const v = values[variableKey(node)];
      return v === undefined ? undefined : { hi: v, lo: 0 };
    }
  }
}

/** 2p when the exponent is a literal p with 2p an integer of at most {@link MAX_POWER} (−p too). */
function halfInteger(node: Node): number | undefined {
  let sign = 1;
  let n = node;
  if (n.type === 'unary' && n.op === '-') {
    sign = -1;
    n = n.arg;
  }
  let value: number | undefined;
  if (n.type === 'number') value = n.value;
  else if (n.type === 'binary' && n.op === '/' && n.left.type === 'number' && n.right.type === 'number')
    value = n.left.value / n.right.value;
  if (value === undefined) return undefined;
  const twice = 2 * sign * value;
  return Number.isInteger(twice) && Math.abs(twice) <= 2 * MAX_POWER ? twice : undefined;
}

/** a^(twice/2). */
function halfPower(a: DoubleDouble, twice: number): DoubleDouble {
  const even = twice % 2 === 0;
  let base = even ? a : sqrt(a);
  let n = even ? Math.abs(twice) / 2 : Math.abs(twice);
  let out: DoubleDouble = ONE;
  while (n > 0) {
    if (n % 2 === 1) out = mul(out, base);
    n = Math.floor(n / 2);
    if (n > 0) base = mul(base, base);
  }
  return twice < 0 ? div(ONE, out) : out;
}

const ONE: DoubleDouble = { hi: 1, lo: 0 };

/** The written decimal when it spells `value` (digits, an optional point, no exponent), else `value`. */
/** Literal nodes read as double-double (see {@link literal}); the values are never mutated. */
const literals = new WeakMap<Node, DoubleDouble>();

function literal(value: number, raw: string): DoubleDouble {
  const m = /^(\d*)\.?(\d*)$/.exec(raw);
  if (m === null || Number(raw) !== value) return { hi: value, lo: 0 };
  const digits = (m[1]! + m[2]!).replace(/^0+/, '');
  if (digits.length > MAX_DIGITS || m[2]!.length > 22) return { hi: value, lo: 0 };
  let n: DoubleDouble = { hi: 0, lo: 0 };
  for (let i = 0; i < digits.length; i++)
    n = add(mul(n, { hi: 10, lo: 0 }), { hi: Number(digits[i]), lo: 0 });
  return m[2]!.length === 0 ? n : div(n, { hi: 10 ** m[2]!.length, lo: 0 });
}

function twoSum(a: number, b: number): DoubleDouble {
  const s = a + b;
  const bb = s - a;
  return { hi: s, lo: a - (s - bb) + (b - bb) };
}

const SPLITTER = 134217729; // 2^27 + 1

/** a·b exactly as hi + lo (Dekker's product; no fused multiply-add in JavaScript). */
function twoProduct(a: number, b: number): DoubleDouble {
  const p = a * b;
  if (!Number.isFinite(p)) return { hi: p, lo: 0 };
  const ca = SPLITTER * a;
  const ah = ca - (ca - a);
  const al = a - ah;
  const cb = SPLITTER * b;
  const bh = cb - (cb - b);
  const bl = b - bh;
  return { hi: p, lo: ah * bh - p + ah * bl + al * bh + al * bl };
}

function normalize(hi: number, lo: number): DoubleDouble {
  const s = hi + lo;
  if (!Number.isFinite(s)) return { hi: s, lo: 0 };
  return { hi: s, lo: lo - (s - hi) };
}

function add(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const s = twoSum(a.hi, b.hi);
  const t = twoSum(a.lo, b.lo);
  const u = normalize(s.hi, s.lo + t.hi);
  return normalize(u.hi, u.lo + t.lo);
}

function mul(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const p = twoProduct(a.hi, b.hi);
  return normalize(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

function div(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const q1 = a.hi / b.hi;
  if (!Number.isFinite(q1)) return { hi: q1, lo: 0 };
  let r = add(a, neg(mul(b, { hi: q1, lo: 0 })));
  const q2 = r.hi / b.hi;
  r = add(r, neg(mul(b, { hi: q2, lo: 0 })));
  const q3 = r.hi / b.hi;
  return add(normalize(q1, q2), { hi: q3, lo: 0 });
}

function sqrt(a: DoubleDouble): DoubleDouble {
  if (a.hi <= 0) return a.hi === 0 ? { hi: 0, lo: 0 } : { hi: Number.NaN, lo: 0 };
  const x = Math.sqrt(a.hi);
  const r = add(a, neg(twoProduct(x, x)));
  return normalize(x, r.hi / (2 * x));
}

function neg(a: DoubleDouble): DoubleDouble {
  return { hi: -a.hi, lo: -a.lo };
}
