import type { Prng } from '../../src/core/prng.js';
import type { Node } from '../../src/core/tree.js';
import {
  bin,
  contains,
  factors,
  frac,
  isAtom,
  neg,
  num,
  occurrences,
  productOf,
  SPAN,
  sites,
  sumOf,
  symbolInfo,
  terms,
} from './tree-tools.js';

/** An equation `lhs = rhs`, the unit the generator rewrites. */
export interface Equation {
  readonly lhs: Node;
  readonly rhs: Node;
}

/** A tree transformation; `undefined` when it does not apply to this equation. */
export type TreeTransform = (eq: Equation, rng: Prng) => Equation | undefined;

const pick = <T>(rng: Prng, list: readonly T[]): T | undefined => list[rng.int(list.length)];
const sides = (eq: Equation): [Node, Node][] => [
  [eq.lhs, eq.rhs],
  [eq.rhs, eq.lhs],
];
const orient = (flipped: boolean, a: Node, b: Node): Equation =>
  flipped ? { lhs: b, rhs: a } : { lhs: a, rhs: b };
const hasUnit = (n: Node): boolean => contains(n, (x) => x.type === 'unit');
const hasVector = (n: Node): boolean => contains(n, (x) => x.type === 'symbol' && x.vector === true);
/** A divisor that may vanish under the checker's semantics (a derivative of a constant is 0) or is 0. */
const unsafeDivisor = (n: Node): boolean =>
  (n.type === 'number' && n.value === 0) ||
  contains(n, (x) => ['derivative', 'differential', 'integral', 'sum', 'unit'].includes(x.type));

/** Semantics-preserving rewrites on the tree: each result is equivalent by construction. */
export const TREE_REWRITES: Readonly<Record<string, TreeTransform>> = {
  /** The same tree written back by `printLatex`: the baseline of every tree rewrite. */
  roundtrip: (eq) => eq,
  'swap-sides': (eq) => ({ lhs: eq.rhs, rhs: eq.lhs }),
  /** `a = b + c` → `a - c = b`. */
  'move-term': (eq, rng) => {
    const options = sides(eq)
      .map(([from, to], i) => ({ i, from: terms(from), to }))
      .filter((o) => o.from.length >= 2);
    const o = pick(rng, options);
    if (o === undefined) return undefined;
    const k = rng.int(o.from.length);
    const moved = o.from[k]!;
    const rest = sumOf(o.from.filter((_, j) => j !== k));
    const other = sumOf([...terms(o.to), { negative: !moved.negative, node: moved.node }]);
    return orient(o.i === 1, rest, other);
  },
  /** `a = b c` → `a / c = b`. */
  'divide-factor': (eq, rng) => {
    const options = sides(eq)
      .map(([from, to], i) => ({ i, fs: factors(from), to }))
      .filter((o) => o.fs.length >= 2 && !o.fs.some((f) => f.type === 'unit') && !hasVector(o.to));
    const o = pick(rng, options);
    if (o === undefined) return undefined;
    const k = rng.int(o.fs.length);
    const f = o.fs[k]!;
    if (unsafeDivisor(f) || (o.to.type === 'number' && o.to.value === 0)) return undefined;
    return orient(o.i === 1, productOf(o.fs.filter((_, j) => j !== k)), bin('/', o.to, f));
  },
  /** A symbol that occurs once, reached through + − × ÷ only, isolated: `F = m a` → `a = F / m`. */
  'solve-linear': (eq, rng) => {
    const { free } = symbolInfo(bin('-', eq.lhs, eq.rhs));
    const whole = bin('-', eq.lhs, eq.rhs);
    const names = [...free.keys()].filter((n) => occurrences(whole, n) === 1);
    for (let tries = 0; tries < names.length; tries++) {
      const name = names[(rng.int(names.length) + tries) % names.length]!;
      const inLhs = occurrences(eq.lhs, name) === 1;
      const solved = isolate(inLhs ? eq.lhs : eq.rhs, inLhs ? eq.rhs : eq.lhs, name);
      if (solved !== undefined)
        return { lhs: { type: 'symbol', name, span: free.get(name)!.span }, rhs: solved };
    }
    return undefined;
  },
  /** The operands of one sum or product in another order. */
  commute: (eq, rng) => {
    const root = bin('-', eq.lhs, eq.rhs);
    const candidates = sites(root)
      .slice(1)
      .filter(({ node }) => {
        if (node.type !== 'binary') return false;
        if (node.op === '+' || node.op === '-') return terms(node).length >= 2;
        return node.op === '*' && factors(node).length >= 2 && !hasUnit(node) && !hasVector(node);
      });
    const site = pick(rng, candidates);
    if (site === undefined) return undefined;
    const n = site.node as Extract<Node, { type: 'binary' }>;
    const rotate = <T>(list: readonly T[]): T[] => {
      const k = 1 + rng.int(list.length - 1);
      return [...list.slice(k), ...list.slice(0, k)];
    };
    const by = n.op === '*' ? productOf(rotate(factors(n))) : sumOf(rotate(terms(n)));
    const out = site.replace(by);
    return out.type === 'binary' ? { lhs: out.left, rhs: out.right } : undefined;
  },
  /** `\sqrt{x}` ↔ `x^{1/2}` at one place. */
  'sqrt-power': (eq, rng) => {
    const root = bin('-', eq.lhs, eq.rhs);
    const candidates = sites(root).filter(
      ({ node }) =>
        (node.type === 'call' && node.fn === 'sqrt' && node.args.length === 1) ||
        (node.type === 'binary' &&
          node.op === '^' &&
          node.right.type === 'number' &&
          node.right.value === 0.5),
    );
    const site = pick(rng, candidates);
    if (site === undefined) return undefined;
    const n = site.node;
    const by: Node =
      n.type === 'call'
        ? bin('^', n.args[0]!, frac(1, 2))
        : { type: 'call', fn: 'sqrt', args: [(n as Extract<Node, { type: 'binary' }>).left], span: n.span };
    const out = site.replace(by);
    return out.type === 'binary' ? { lhs: out.left, rhs: out.right } : undefined;
  },
  /**
   * One side times a fresh symbol over itself, `a = b` → `a \cdot \frac{K}{K} = b` (issue 24: the
   * harsh freshening of the benchmarks, at the level of one formula; new variables, new seed).
   */
  'cancelling-factor': (eq, rng) => {
    const name = 'K_{mm}';
    if (occurrences(bin('-', eq.lhs, eq.rhs), name) > 0 || hasUnit(eq.lhs) || hasUnit(eq.rhs))
      return undefined;
    const k: Node = { type: 'symbol', name, span: SPAN };
    const flipped = rng.int(2) === 1;
    const [side, other] = flipped ? [eq.rhs, eq.lhs] : [eq.lhs, eq.rhs];
    return orient(flipped, bin('*', side, bin('/', k, k)), other);
  },
  /** `e^{-x}` → `\frac{1}{e^{x}}` at one place (issue 24 class 2: exponents that underflow). */
  'exp-reciprocal': (eq, rng) => {
    const root = bin('-', eq.lhs, eq.rhs);
    const candidates = sites(root).filter(
      ({ node }) =>
        node.type === 'binary' &&
        node.op === '^' &&
        node.left.type === 'symbol' &&
        node.left.name === 'e' &&
        node.right.type === 'unary' &&
        node.right.op === '-',
    );
    const site = pick(rng, candidates);
    if (site === undefined) return undefined;
    const n = site.node as Extract<Node, { type: 'binary' }>;
    const positive = (n.right as Extract<Node, { type: 'unary' }>).arg;
    const out = site.replace(bin('/', num(1), bin('^', n.left, positive)));
    return out.type === 'binary' ? { lhs: out.left, rhs: out.right } : undefined;
  },
  /**
   * `A - \sqrt{X}` → `\frac{A^2 - X}{A + \sqrt{X}}` for one sum of two terms, one a square root
   * (issue 24 class 1: the two forms cancel in different places).
   */
  rationalize: (eq, rng) => {
    const root = bin('-', eq.lhs, eq.rhs);
    const candidates = sites(root)
      .slice(1)
      .filter(({ node }) => {
        const ts = terms(node);
        return (
          ts.length === 2 &&
          ts.some((t) => t.node.type === 'call' && t.node.fn === 'sqrt' && t.node.args.length === 1) &&
          !hasUnit(node)
        );
      });
    const site = pick(rng, candidates);
    if (site === undefined) return undefined;
    const ts = terms(site.node);
    const r = ts.find((t) => t.node.type === 'call' && t.node.fn === 'sqrt')!;
    const a = ts.find((t) => t !== r)!;
    const radicand = (r.node as Extract<Node, { type: 'call' }>).args[0]!;
    // A − √X = (A² − X)/(A + √X) and A + √X = (A² − X)/(A − √X).
    const A = a.negative ? neg(a.node) : a.node;
    const plus = r.negative ? bin('+', A, r.node) : bin('-', A, r.node);
    const by = bin('/', bin('-', bin('^', A, num(2)), radicand), plus);
    const out = site.replace(by);
    return out.type === 'binary' ? { lhs: out.left, rhs: out.right } : undefined;
  },
};

/** Solves `side = other` for the one occurrence of `name` in `side`, through + − × ÷ and unary minus. */
function isolate(side: Node, other: Node, name: string): Node | undefined {
  let lhs = side;
  let rhs = other;
  for (let depth = 0; depth < 64; depth++) {
    if (lhs.type === 'symbol' && lhs.name === name) return rhs;
    if (isAtom(lhs)) return undefined;
    if (lhs.type === 'unary' && lhs.op === '-') {
      rhs = neg(rhs);
      lhs = lhs.arg;
      continue;
    }
    if (lhs.type !== 'binary') return undefined;
    const inLeft = occurrences(lhs.left, name) === 1;
    const [u, v] = inLeft ? [lhs.left, lhs.right] : [lhs.right, lhs.left];
    switch (lhs.op) {
      case '+':
        rhs = bin('-', rhs, v);
        break;
      case '-':
        rhs = inLeft ? bin('+', rhs, v) : bin('-', v, rhs);
        break;
      case '*':
        if (unsafeDivisor(v)) return undefined;
        rhs = bin('/', rhs, v);
        break;
      case '/':
        if (!inLeft && unsafeDivisor(rhs)) return undefined;
        rhs = inLeft ? bin('*', rhs, v) : bin('/', v, rhs);
        break;
      default:
        return undefined;
    }
    lhs = u;
  }
  return undefined;
}
