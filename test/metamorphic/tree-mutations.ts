import type { Prng } from '../../src/core/prng.js';
import type { Node } from '../../src/core/tree.js';
import type { Equation, TreeTransform } from './tree-rewrites.js';
import { bin, frac, mapTree, neg, num, productOf, sites, sumOf, symbolInfo, terms } from './tree-tools.js';

const pick = <T>(rng: Prng, list: readonly T[]): T | undefined => list[rng.int(list.length)];

/** Applies `change` to one signed term of one side (the whole side when it has one term). */
function onTerm(
  eq: Equation,
  rng: Prng,
  change: (t: Node, all: readonly Node[]) => Node | undefined,
): Equation | undefined {
  const left = rng.next() < 0.5;
  const side = left ? eq.lhs : eq.rhs;
  const list = terms(side);
  const k = rng.int(list.length);
  const t = list[k]!;
  const changed = change(t.node, [eq.lhs, eq.rhs]);
  if (changed === undefined) return undefined;
  const next = sumOf(list.map((x, j) => (j === k ? { negative: t.negative, node: changed } : x)));
  return left ? { lhs: next, rhs: eq.rhs } : { lhs: eq.lhs, rhs: next };
}

/** The smallest relative change a mutation makes: a small factor or term must exceed the written precision. */
export interface MutationContext {
  /** Relative precision of the coarsest decimal literal of the source formula (0 when exact). */
  readonly precision: number;
}

/**
 * Mutations that must make the formula different. Not different by construction (a factor on a side
 * that is 0, symmetric symbols swapped): every result is confirmed by the oracle before it counts.
 */
export function treeMutations(ctx: MutationContext): Readonly<Record<string, TreeTransform>> {
  // A relative change r ∈ [1e-3, 1e-2] that stays ≥ 20× the written precision; none if impossible.
  const small = (rng: Prng): number | undefined => {
    const r = Math.max(1e-3 + rng.next() * 9e-3, 20 * ctx.precision);
    return r <= 0.02 ? r : undefined;
  };
  return {
    'factor-2': (eq, rng) => onTerm(eq, rng, (t) => bin('*', num(2), t)),
    'factor-small': (eq, rng) => {
      const r = small(rng);
      if (r === undefined) return undefined;
      const q = Math.round(1 / r);
      return onTerm(eq, rng, (t) => bin('*', frac(q + 1, q), t));
    },
    'sign-flip': (eq, rng) => onTerm(eq, rng, (t) => neg(t)),
    /** A numeric exponent plus one, or a symbol squared. */
    exponent: (eq, rng) => {
      const root = bin('-', eq.lhs, eq.rhs);
      const all = sites(root);
      const powers = all.filter(
        ({ node }) => node.type === 'binary' && node.op === '^' && node.right.type === 'number',
      );
      const p = pick(rng, powers);
      let out: Node | undefined;
      if (p !== undefined) {
        const n = p.node as Extract<Node, { type: 'binary' }>;
        const k = (n.right as Extract<Node, { type: 'number' }>).value;
        out = p.replace(bin('^', n.left, num(k + 1)));
      } else {
        const s = pick(
          rng,
          all.filter(({ node }) => node.type === 'symbol' && symbolInfo(root).free.has(node.name)),
        );
        if (s === undefined) return undefined;
        out = s.replace(bin('^', s.node, num(2)));
      }
      return out.type === 'binary' ? { lhs: out.left, rhs: out.right } : undefined;
    },
    /** Two free symbols exchanged everywhere. */
    'swap-symbols': (eq, rng) => {
      const names = [...symbolInfo(bin('-', eq.lhs, eq.rhs)).free.keys()];
      if (names.length < 2) return undefined;
      const i = rng.int(names.length);
      const j = (i + 1 + rng.int(names.length - 1)) % names.length;
      const [a, b] = [names[i]!, names[j]!];
      const swap = (n: Node): Node =>
        n.type === 'symbol' && (n.name === a || n.name === b) ? { ...n, name: n.name === a ? b : a } : n;
      return { lhs: mapTree(eq.lhs, swap), rhs: mapTree(eq.rhs, swap) };
    },
    /** One side plus r × (one term of either side), r ∈ [1e-3, 1e-2]: `a = b + c` → `a = b + c + r·b`. */
    'small-term': (eq, rng) => {
      const r = small(rng);
      if (r === undefined) return undefined;
      const left = rng.next() < 0.5;
      const side = left ? eq.lhs : eq.rhs;
      const pool = [...terms(eq.lhs), ...terms(eq.rhs)];
      const t = pool[rng.int(pool.length)]!;
      const extra = productOf([frac(1, Math.round(1 / r)), t.node]);
      const next = sumOf([...terms(side), { negative: t.negative, node: extra }]);
      return left ? { lhs: next, rhs: eq.rhs } : { lhs: eq.lhs, rhs: next };
    },
    'drop-term': (eq, rng) => {
      const left = rng.next() < 0.5;
      const side = left ? eq.lhs : eq.rhs;
      const list = terms(side);
      if (list.length < 2) return undefined;
      const k = rng.int(list.length);
      const next = sumOf(list.filter((_, j) => j !== k));
      return left ? { lhs: next, rhs: eq.rhs } : { lhs: eq.lhs, rhs: next };
    },
  };
}
