import type { Node } from '../core/tree.js';

/**
 * A copy of `node` whose direct children are replaced by `fn(child)`; leaves are returned as they
 * are. The building block of every bottom-up or top-down rewrite in this folder.
 */
export function mapChildren(node: Node, fn: (child: Node) => Node): Node {
  switch (node.type) {
    case 'number':
    case 'symbol':
    case 'unit':
    case 'opaque':
      return node;
    case 'unary':
      return { ...node, arg: fn(node.arg) };
    case 'binary':
      return { ...node, left: fn(node.left), right: fn(node.right) };
    case 'call':
      return { ...node, args: node.args.map(fn) };
    case 'apply':
      return { ...node, args: node.args.map(fn) };
    case 'relation':
      return { ...node, args: node.args.map(fn) };
    case 'list':
      return { ...node, items: node.items.map(fn) };
    case 'differential':
      return { ...node, of: fn(node.of) };
    case 'derivative':
      return { ...node, expr: fn(node.expr) };
    case 'integral': {
      const { lower, upper, ...rest } = node;
      return {
        ...rest,
        integrand: fn(node.integrand),
        ...(lower === undefined ? {} : { lower: fn(lower) }),
        ...(upper === undefined ? {} : { upper: fn(upper) }),
      };
    }
    case 'sum':
      return { ...node, body: fn(node.body), lower: fn(node.lower), upper: fn(node.upper) };
  }
}

/** Rewrites a tree bottom-up: children first, then `fn` on the rebuilt node. */
export function rewriteBottomUp(node: Node, fn: (node: Node) => Node): Node {
  return fn(mapChildren(node, (child) => rewriteBottomUp(child, fn)));
}
