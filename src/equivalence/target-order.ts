import type { Node } from '../core/tree.js';
import { isVariableNode, variableKey } from '../numeric/variable-key.js';
import type { PreparedFormula } from './types.js';

const memo = new WeakMap<PreparedFormula, Map<string, number>>();

/**
 * How often `target` occurs in a formula, over all its ± branches (the most of any branch). Once
 * (1) means every branch can be solved by inverting the operations along the target's path (the
 * solver's isolating path, a few evaluations); more means the polynomial path or the root scan
 * (~1,500 evaluations); an occurrence inside an integral, sum or unexpanded derivative counts 2.
 * Counted as `occurrences` counts them, for every variable in one walk of each branch, memoized
 * per prepared formula.
 */
export function targetOccurrences(formula: PreparedFormula, target: string): number {
  let counts = memo.get(formula);
  if (counts === undefined) memo.set(formula, (counts = countAll(formula)));
  return counts.get(target) ?? 0;
}

/** Every variable's count (the most of any branch of lhs + rhs). */
function countAll(formula: PreparedFormula): Map<string, number> {
  const out = new Map<string, number>();
  for (const { lhs, rhs } of formula.branches) {
    const branch = new Map<string, number>();
    walk(lhs, EMPTY, 1, branch);
    walk(rhs, EMPTY, 1, branch);
    for (const [v, n] of branch) if (n > (out.get(v) ?? 0)) out.set(v, n);
  }
  return out;
}

const EMPTY: readonly string[] = [];

/**
 * `occurrences` for every variable at once: `bound` holds the variables of the integrals and sums
 * whose body is being walked, which `occurrences` does not walk for that target.
 */
function walk(node: Node, bound: readonly string[], weight: number, out: Map<string, number>): void {
  if (isVariableNode(node)) {
    const key = variableKey(node);
    if (!bound.includes(key)) out.set(key, (out.get(key) ?? 0) + weight);
    return;
  }
  switch (node.type) {
    case 'unary':
      walk(node.arg, bound, weight, out);
      return;
    case 'binary':
      walk(node.left, bound, weight, out);
      walk(node.right, bound, weight, out);
      return;
    case 'call':
      for (const a of node.args) walk(a, bound, weight, out);
      return;
    case 'apply':
    case 'relation':
      for (const a of node.args) walk(a, bound, 2, out);
      return;
    case 'list':
      for (const a of node.items) walk(a, bound, 2, out);
      return;
    case 'derivative':
      walk(node.expr, bound, 2, out);
      return;
    case 'integral':
      if (node.lower !== undefined) walk(node.lower, bound, 2, out);
      if (node.upper !== undefined) walk(node.upper, bound, 2, out);
      walk(node.integrand, [...bound, node.variable], 2, out);
      return;
    case 'sum':
      walk(node.lower, bound, 2, out);
      walk(node.upper, bound, 2, out);
      walk(node.body, [...bound, node.index], 2, out);
      return;
    default:
      return;
  }
}

/**
 * `targets` with those every formula can isolate (each occurs once) first, the rest after, each
 * group in its given order (stable).
 */
export function isolatableFirst(targets: readonly string[], formulas: readonly PreparedFormula[]): string[] {
  const once = (v: string) => formulas.every((f) => targetOccurrences(f, v) <= 1);
  return [...targets.filter(once), ...targets.filter((v) => !once(v))];
}
