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
  return visitor(lookup, NONE_BOUND)(tree);
}

const NONE_BOUND: ReadonlySet<string> = new Set();

/**
 * The walk under one set of bound names, as one visitor for all the children it meets (a closure per
 * node was a share of the garbage of a fresh answer).
 */
function visitor(lookup: SymbolLookup, bound: ReadonlySet<string>): (node: Node) => Node {
  const visit = (node: Node): Node => walk(node, lookup, bound, visit);
  return visit;
}

/** `visit` for `bound` when the names are unchanged, else a visitor under the new set. */
function under(
  lookup: SymbolLookup,
  bound: ReadonlySet<string>,
  inner: ReadonlySet<string>,
  visit: (node: Node) => Node,
): (node: Node) => Node {
  return inner === bound ? visit : visitor(lookup, inner);
}

function walk(
  node: Node,
  lookup: SymbolLookup,
  bound: ReadonlySet<string>,
  visit: (node: Node) => Node,
): Node {
  switch (node.type) {
    case 'symbol':
      if (isUprightE(node) || bound.has(node.name)) return node;
      return lookup(node) ?? node;
    case 'differential':
      return node;
    case 'binary':
      if (isEulerPower(node)) return { ...node, right: visit(node.right) };
      break;
    case 'integral': {
      const inner = under(lookup, bound, withBound(bound, node.variable), visit);
      const { lower, upper, ...rest } = node;
      return {
        ...rest,
        integrand: inner(node.integrand),
        ...(lower === undefined ? {} : { lower: visit(lower) }),
        ...(upper === undefined ? {} : { upper: visit(upper) }),
      };
    }
    case 'sum':
      return {
        ...node,
        body: under(lookup, bound, withBound(bound, node.index), visit)(node.body),
        lower: visit(node.lower),
        upper: visit(node.upper),
      };
    case 'derivative':
      return { ...node, expr: under(lookup, bound, withBound(bound, node.variable), visit)(node.expr) };
    default:
      break;
  }
  return mapChildren(node, visit);
}

function withBound(bound: ReadonlySet<string>, name: string): ReadonlySet<string> {
  if (bound.has(name)) return bound;
  const next = new Set(bound);
  next.add(name);
  return next;
}
