import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import type { PreparedFormula } from './types.js';

const TRIG = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc']);
const INVERSE_TRIG = new Set(['arcsin', 'arccos', 'arctan', 'arccot']);

/** The range angle variables are drawn from in physical mode: inside (0, π/2). */
export const ANGLE_RANGE = [0.05, 1.5] as const;

/**
 * Angle variables: symbols that are the whole argument of a trigonometric function (`\sin\theta`,
 * `\tan 2\theta`, up to a numeric factor) or a side equal to an inverse trigonometric function
 * (`\theta = \arctan(n_2/n_1)`). Physical mode draws them inside (0, π/2), the principal branch: an
 * angle drawn from [2, 20] rad lies outside the range of arctan and arcsin, so one formula has no
 * solution where its rearrangement has one (`\theta_B = \arctan(n_2/n_1)` against
 * `\tan\theta_B = n_2/n_1`).
 */
export function angleVariables(a: PreparedFormula, b: PreparedFormula): ReadonlySet<string> {
  const inA = anglesOf(a);
  const inB = anglesOf(b);
  // (Most pairs have none: one shared empty set, not a new one per pair.)
  if (inA.length === 0 && inB.length === 0) return NO_ANGLES;
  const found = new Set<string>(inA);
  for (const v of inB) found.add(v);
  return found;
}

const NO_ANGLES: ReadonlySet<string> = new Set<string>();

/** Each formula's angle variables, found once (every pair with it walked its tree again). */
const memo = new WeakMap<PreparedFormula, readonly string[]>();

function anglesOf(f: PreparedFormula): readonly string[] {
  let angles = memo.get(f);
  if (angles !== undefined) return angles;
  const found = new Set<string>();
  if (f.tree !== undefined) {
    visit(f.tree, found);
    for (const { lhs, rhs } of f.branches.slice(0, 1)) {
      const l = angleSymbol(lhs);
      const r = angleSymbol(rhs);
      if (l !== undefined && isInverseTrig(rhs)) found.add(l);
      if (r !== undefined && isInverseTrig(lhs)) found.add(r);
    }
  }
  memo.set(f, (angles = [...found]));
  return angles;
}

function visit(node: Node, found: Set<string>): void {
  if (node.type === 'call' && TRIG.has(node.fn) && node.args[0] !== undefined) {
    const s = angleSymbol(node.args[0]);
    if (s !== undefined) found.add(s);
  }
  for (const child of childNodes(node)) visit(child, found);
}

/** The symbol of `θ`, `2θ`, `θ/2`, `-θ`; undefined otherwise. */
function angleSymbol(node: Node): string | undefined {
  if (node.type === 'symbol') return node.name;
  if (node.type === 'unary') return angleSymbol(node.arg);
  if (node.type === 'binary' && (node.op === '*' || node.op === '/')) {
    if (node.left.type === 'number') return node.op === '*' ? angleSymbol(node.right) : undefined;
    if (node.right.type === 'number') return angleSymbol(node.left);
  }
  return undefined;
}

function isInverseTrig(node: Node): boolean {
  if (node.type === 'unary') return isInverseTrig(node.arg);
  if (node.type === 'binary' && (node.op === '*' || node.op === '/')) {
    if (node.left.type === 'number') return isInverseTrig(node.right);
    if (node.right.type === 'number') return isInverseTrig(node.left);
  }
  return node.type === 'call' && INVERSE_TRIG.has(node.fn);
}

/**
 * Counts under an angle: a symbol dividing a number inside a trigonometric function
 * (`\sin\frac{\pi}{2n}`, `\cos\frac{2\pi}{N}`: the sides of a polygon, charges on a ring), with the
 * least value at which every such angle lies within one turn (N ≥ c/(2π) for each angle c/N).
 * Physical mode compares a count's solutions from there on, as it compares an angle's within one
 * turn: `2\sin\frac{\pi}{2n}` and `\sqrt{2(1 - \cos\frac{\pi}{n})}` agree there, and differ at n
 * below it only where the half angle passes π (the square root's sign).
 */
export function countBounds(a: PreparedFormula, b: PreparedFormula): ReadonlyMap<string, number> {
  const inA = countsOf(a);
  const inB = countsOf(b);
  if (inA.size === 0 && inB.size === 0) return NO_COUNTS;
  const bounds = new Map(inA);
  for (const [v, bound] of inB) bounds.set(v, Math.max(bound, bounds.get(v) ?? 0));
  return bounds;
}

const NO_COUNTS: ReadonlyMap<string, number> = new Map();

const countMemo = new WeakMap<PreparedFormula, ReadonlyMap<string, number>>();

function countsOf(f: PreparedFormula): ReadonlyMap<string, number> {
  let counts = countMemo.get(f);
  if (counts !== undefined) return counts;
  const found = new Map<string, number>();
  if (f.tree !== undefined) visitCounts(f.tree, found);
  countMemo.set(f, (counts = found.size === 0 ? NO_COUNTS : found));
  return counts;
}

function visitCounts(node: Node, found: Map<string, number>): void {
  if (node.type === 'call' && TRIG.has(node.fn) && node.args[0] !== undefined) {
    const count = countUnder(node.args[0]);
    if (count !== undefined)
      found.set(count.name, Math.max(count.turn / (2 * Math.PI), found.get(count.name) ?? 0));
  }
  for (const child of childNodes(node)) visitCounts(child, found);
}

/** `c / n` or `c / (k n)` with numbers c, k > 0: the symbol n and the angle's numerator c/k. */
function countUnder(node: Node): { name: string; turn: number } | undefined {
  if (node.type !== 'binary' || node.op !== '/' || node.left.type !== 'number') return undefined;
  const c = node.left.value;
  const den = node.right;
  if (den.type === 'symbol') return c > 0 ? { name: den.name, turn: c } : undefined;
  if (den.type === 'binary' && den.op === '*' && den.left.type === 'number' && den.right.type === 'symbol') {
    const turn = c / den.left.value;
    return turn > 0 ? { name: den.right.name, turn } : undefined;
  }
  return undefined;
}
