import type { Node } from '../core/tree.js';

/**
 * `node` with its direct children replaced by `fn(child)`; leaves are returned as they are. When
 * `fn` returns every child unchanged (the same object), `node` itself is returned, so rewrites that
 * touch nothing allocate nothing. The building block of every rewrite in this folder.
 */
export function mapChildren(node: Node, fn: (child: Node) => Node): Node {
  switch (node.type) {
    case 'number':
    case 'symbol':
    case 'unit':
    case 'opaque':
      return node;
    case 'unary': {
      const arg = fn(node.arg);
      return arg === node.arg ? node : { ...node, arg };
    }
    case 'binary': {
      const left = fn(node.left);
      const right = fn(node.right);
      return left === node.left && right === node.right ? node : { ...node, left, right };
    }
    case 'call':
    case 'apply':
    case 'relation': {
      const args = mapAll(node.args, fn);
      return args === node.args ? node : { ...node, args };
    }
    case 'list': {
      const items = mapAll(node.items, fn);
      return items === node.items ? node : { ...node, items };
    }
    case 'differential': {
      const of = fn(node.of);
      return of === node.of ? node : { ...node, of };
    }
    case 'derivative': {
      const expr = fn(node.expr);
      return expr === node.expr ? node : { ...node, expr };
    }
    case 'integral': {
      const { lower, upper, ...rest } = node;
      const integrand = fn(node.integrand);
      const lo = lower === undefined ? undefined : fn(lower);
      const hi = upper === undefined ? undefined : fn(upper);
      if (integrand === node.integrand && lo === lower && hi === upper) return node;
      return {
        ...rest,
        integrand,
        ...(lo === undefined ? {} : { lower: lo }),
        ...(hi === undefined ? {} : { upper: hi }),
      };
    }
    case 'sum': {
      const body = fn(node.body);
      const lower = fn(node.lower);
      const upper = fn(node.upper);
      if (body === node.body && lower === node.lower && upper === node.upper) return node;
      return { ...node, body, lower, upper };
    }
  }
}

function mapAll(nodes: readonly Node[], fn: (child: Node) => Node): readonly Node[] {
  let out: Node[] | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const before = nodes[i]!;
    const after = fn(before);
    if (out === undefined && after !== before) out = nodes.slice(0, i);
    out?.push(after);
  }
  return out ?? nodes;
}

/** Rewrites a tree bottom-up: children first, then `fn` on the rebuilt node. */
export function rewriteBottomUp(node: Node, fn: (node: Node) => Node): Node {
  // One visitor for the whole walk (a closure per node was a measurable share of preparing a formula).
  const visit = (child: Node): Node => fn(mapChildren(child, visit));
  return visit(node);
}
