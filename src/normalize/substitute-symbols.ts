import type { Node, SymbolNode } from '../core/tree.js';
import { isEulerPower, isUprightE } from './euler.js';
import { mapChildren } from './map-children.js';

/** Returns the tree that replaces a free symbol, or `undefined` to keep the symbol. */
export type SymbolLookup = (symbol: SymbolNode) => Node | undefined;

/**
 * Replaces the free symbols of a tree through `lookup`. Not replaced: the `e` of Euler's number
 * (`\mathrm{e}`, `e^{-t/\tau}`; see `euler.ts`), the quantity under a differential (`dv` is a
 * quantity of its own), and variables bound by an integral, a sum or a derivative inside their
 * bodies.
 */
export function substituteSymbols(tree: Node, lookup: SymbolLookup): Node {
  return walk(tree, lookup, new Set());
}

function walk(node: Node, lookup: SymbolLookup, bound: ReadonlySet<string>): Node {
  switch (node.type) {
    case 'symbol':
      if (isUprightE(node) || bound.has(node.name)) return node;
      return lookup(node) ?? node;
    case 'differential':
      return node;
    case 'binary':
      if (isEulerPower(node)) return { ...node, right: walk(node.right, lookup, bound) };
      break;
    case 'integral': {
      const inner = withBound(bound, node.variable);
      const { lower, upper, ...rest } = node;
      return {
        ...rest,
        integrand: walk(node.integrand, lookup, inner),
        ...(lower === undefined ? {} : { lower: walk(lower, lookup, bound) }),
        ...(upper === undefined ? {} : { upper: walk(upper, lookup, bound) }),
      };
    }
    case 'sum':
      return {
        ...node,
        body: walk(node.body, lookup, withBound(bound, node.index)),
        lower: walk(node.lower, lookup, bound),
        upper: walk(node.upper, lookup, bound),
      };
    case 'derivative':
      return { ...node, expr: walk(node.expr, lookup, withBound(bound, node.variable)) };
    default:
      break;
  }
  return mapChildren(node, (child) => walk(child, lookup, bound));
}

function withBound(bound: ReadonlySet<string>, name: string): ReadonlySet<string> {
  if (bound.has(name)) return bound;
  const next = new Set(bound);
  next.add(name);
  return next;
}
