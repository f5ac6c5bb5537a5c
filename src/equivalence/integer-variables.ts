import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { freeVariables } from '../numeric/free-variables.js';
import type { PreparedFormula } from './types.js';

/**
 * Variables in the bounds of a finite sum or product (`N` in `\sum_{k=1}^{N}`, `\prod_{i=0}^{2n-1}`):
 * a sum is defined at integer bounds only, so Algorithm 1 draws these as integers (a real N drawn
 * from [2, 20] made every trial "undefined") and does not solve for them (their solutions are
 * integers, which a root scan over the reals does not find).
 */
export function integerVariables(a: PreparedFormula, b: PreparedFormula): Set<string> {
  const found = new Set<string>();
  for (const f of [a, b]) // Only formulas with an integral or a series can hold a sum (their variables are `costly`).
    if (f.tree !== undefined && f.costlyVariables.length > 0) visit(f.tree, found);
  return found;
}

function visit(node: Node, found: Set<string>): void {
  if (node.type === 'sum') {
    for (const bound of [node.lower, node.upper]) for (const v of freeVariables(bound)) found.add(v);
  }
  for (const child of childNodes(node)) visit(child, found);
}
