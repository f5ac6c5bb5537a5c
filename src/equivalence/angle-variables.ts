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
