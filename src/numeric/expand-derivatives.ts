import type { Node } from '../core/tree.js';
import { differentiate } from './differentiate.js';

const cache = new WeakMap<Node, Node>();

/**
 * The tree with every `derivative` node replaced by its symbolic expansion (see `differentiate`).
 * A part without a symbolic derivative stays a `derivative` node. Trees without derivative nodes
 * are returned unchanged (same object); results are cached per tree object.
 */
export function expandDerivatives(tree: Node): Node {
  const hit = cache.get(tree);
  if (hit !== undefined) return hit;
  const out = hasDerivative(tree) ? expand(tree) : tree;
  cache.set(tree, out);
  return out;
}

function expand(node: Node): Node {
  switch (node.type) {
    case 'derivative': {
      let inner = expand(node.expr);
      for (let i = 0; i < node.order; i++) inner = differentiate(inner, node.variable, node.partial);
      return inner;
    }
    case 'unary':
      return { ...node, arg: expand(node.arg) };
    case 'binary':
      return { ...node, left: expand(node.left), right: expand(node.right) };
    case 'call':
    case 'apply':
    case 'relation':
      return { ...node, args: node.args.map(expand) };
    case 'list':
      return { ...node, items: node.items.map(expand) };
    case 'integral': {
      const out = { ...node, integrand: expand(node.integrand) };
      return {
        ...out,
        ...(node.lower !== undefined ? { lower: expand(node.lower) } : {}),
        ...(node.upper !== undefined ? { upper: expand(node.upper) } : {}),
      };
    }
    case 'sum':
      return { ...node, body: expand(node.body), lower: expand(node.lower), upper: expand(node.upper) };
    default:
      return node;
  }
}

/** True when the tree holds a `derivative` node anywhere. */
export function hasDerivative(node: Node): boolean {
  switch (node.type) {
    case 'derivative':
      return true;
    case 'unary':
      return hasDerivative(node.arg);
    case 'binary':
      return hasDerivative(node.left) || hasDerivative(node.right);
    case 'call':
    case 'apply':
    case 'relation':
      return node.args.some(hasDerivative);
    case 'list':
      return node.items.some(hasDerivative);
    case 'integral':
      return (
        hasDerivative(node.integrand) ||
        (node.lower !== undefined && hasDerivative(node.lower)) ||
        (node.upper !== undefined && hasDerivative(node.upper))
      );
    case 'sum':
      return hasDerivative(node.body) || hasDerivative(node.lower) || hasDerivative(node.upper);
    default:
      return false;
  }
}
