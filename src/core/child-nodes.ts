import type { Node } from './tree.js';

/** The direct children of a node, in source order (bounds of integrals and sums included). */
export function childNodes(node: Node): readonly Node[] {
  switch (node.type) {
    case 'number':
    case 'symbol':
    case 'unit':
    case 'opaque':
      return [];
    case 'unary':
      return [node.arg];
    case 'binary':
      return [node.left, node.right];
    case 'call':
    case 'apply':
    case 'relation':
      return node.args;
    case 'list':
      return node.items;
    case 'differential':
      return [node.of];
    case 'derivative':
      return [node.expr];
    case 'integral':
      return [
        node.integrand,
        ...(node.lower === undefined ? [] : [node.lower]),
        ...(node.upper === undefined ? [] : [node.upper]),
      ];
    case 'sum':
      return [node.body, node.lower, node.upper];
  }
}
