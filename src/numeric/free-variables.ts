import { sortStrings } from '../core/sort-small.js';
import type { Node } from '../core/tree.js';
import { expandDerivatives } from './expand-derivatives.js';
import { variableKey } from './variable-key.js';

/**
 * The sorted keys of the free quantities of a tree (see `variableKey`): symbols, differentials and
 * opaque nodes, excluding `infinity` and the bound variables of integrals and sums inside their
 * scope. Derivative nodes are expanded first, so `d/dt(x)` contributes `d{x}` and `d{t}` — exactly
 * the keys `compile` needs.
 */
export function freeVariables(tree: Node): string[] {
  const found = new Set<string>();
  collect(expandDerivatives(tree), new Set(), found);
  return sortStrings([...found]);
}

function collect(node: Node, bound: ReadonlySet<string>, out: Set<string>): void {
  switch (node.type) {
    case 'symbol':
      if (node.name !== 'infinity' && !bound.has(node.name)) out.add(node.name);
      return;
    case 'differential':
    case 'opaque':
      out.add(variableKey(node));
      return;
    case 'number':
    case 'unit':
      return;
    case 'unary':
      collect(node.arg, bound, out);
      return;
    case 'binary':
      collect(node.left, bound, out);
      collect(node.right, bound, out);
      return;
    case 'call':
    case 'apply':
      for (const a of node.args) collect(a, bound, out);
      return;
    case 'relation':
      for (const a of node.args) collect(a, bound, out);
      return;
    case 'list':
      for (const a of node.items) collect(a, bound, out);
      return;
    case 'derivative':
      // Only reached when expansion left the node (not differentiable): keep its quantities.
      collect(node.expr, bound, out);
      if (!bound.has(node.variable)) out.add(node.variable);
      return;
    case 'integral': {
      if (node.lower !== undefined) collect(node.lower, bound, out);
      if (node.upper !== undefined) collect(node.upper, bound, out);
      collect(node.integrand, new Set([...bound, node.variable]), out);
      return;
    }
    case 'sum':
      collect(node.lower, bound, out);
      collect(node.upper, bound, out);
      collect(node.body, new Set([...bound, node.index]), out);
      return;
  }
}
