import type { Node } from '../core/tree.js';

/**
 * The tree with every free occurrence of the symbol `name` replaced by `replacement` (bound
 * variables of integrals and sums shadow it inside their scope). Used by the Leibniz rule.
 */
export function substitute(tree: Node, name: string, replacement: Node): Node {
  const go = (node: Node): Node => {
    switch (node.type) {
      case 'symbol':
        return node.name === name ? replacement : node;
      case 'number':
      case 'unit':
      case 'opaque':
      case 'differential':
        return node;
      case 'unary':
        return { ...node, arg: go(node.arg) };
      case 'binary':
        return { ...node, left: go(node.left), right: go(node.right) };
      case 'call':
      case 'apply':
      case 'relation':
        return { ...node, args: node.args.map(go) };
      case 'list':
        return { ...node, items: node.items.map(go) };
      case 'derivative':
        return node.variable === name ? node : { ...node, expr: go(node.expr) };
      case 'integral': {
        const integrand = node.variable === name ? node.integrand : go(node.integrand);
        const out = { ...node, integrand };
        return {
          ...out,
          ...(node.lower !== undefined ? { lower: go(node.lower) } : {}),
          ...(node.upper !== undefined ? { upper: go(node.upper) } : {}),
        };
      }
      case 'sum':
        return {
          ...node,
          lower: go(node.lower),
          upper: go(node.upper),
          body: node.index === name ? node.body : go(node.body),
        };
    }
  };
  return go(tree);
}
