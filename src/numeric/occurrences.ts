import type { Node } from '../core/tree.js';
import { PERIODIC_FUNCTIONS } from './functions.js';
import { isVariableNode, variableKey } from './variable-key.js';

/** How a target occurs in a tree. */
export interface Occurrences {
  /** Free occurrences; an occurrence inside an integral, sum or unexpanded derivative counts 2. */
  count: number;
  /** Some occurrence sits inside the argument of a periodic function (sin, cos, tan, cot, sec, csc). */
  periodic: boolean;
}

/**
 * Counts the free occurrences of the variable `target` (by `variableKey`) in an expanded tree and
 * notes whether one is inside a periodic function. Occurrences the isolating path cannot invert
 * (inside integrals, sums, leftover derivatives) count double, which sends the solver elsewhere.
 */
export function occurrences(tree: Node, target: string): Occurrences {
  const out: Occurrences = { count: 0, periodic: false };
  walk(tree, target, false, 1, out);
  return out;
}

function walk(node: Node, target: string, inPeriodic: boolean, weight: number, out: Occurrences): void {
  if (isVariableNode(node)) {
    if (variableKey(node) === target) {
      out.count += weight;
      out.periodic ||= inPeriodic;
    }
    return;
  }
  switch (node.type) {
    case 'unary':
      walk(node.arg, target, inPeriodic, weight, out);
      return;
    case 'binary':
      walk(node.left, target, inPeriodic, weight, out);
      walk(node.right, target, inPeriodic, weight, out);
      return;
    case 'call': {
      const p = inPeriodic || PERIODIC_FUNCTIONS.has(node.fn);
      for (const a of node.args) walk(a, target, p, weight, out);
      return;
    }
    case 'apply':
    case 'relation':
      for (const a of node.args) walk(a, target, inPeriodic, 2, out);
      return;
    case 'list':
      for (const a of node.items) walk(a, target, inPeriodic, 2, out);
      return;
    case 'derivative':
      walk(node.expr, target, inPeriodic, 2, out);
      return;
    case 'integral':
      if (node.lower !== undefined) walk(node.lower, target, inPeriodic, 2, out);
      if (node.upper !== undefined) walk(node.upper, target, inPeriodic, 2, out);
      if (node.variable !== target) walk(node.integrand, target, inPeriodic, 2, out);
      return;
    case 'sum':
      walk(node.lower, target, inPeriodic, 2, out);
      walk(node.upper, target, inPeriodic, 2, out);
      if (node.index !== target) walk(node.body, target, inPeriodic, 2, out);
      return;
    default:
      return;
  }
}
