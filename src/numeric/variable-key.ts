import { printTree } from '../core/print-tree.js';
import type { DifferentialNode, Node, OpaqueNode, SymbolNode } from '../core/tree.js';

/** The node kinds that stand for a free quantity when evaluated numerically. */
export type VariableNode = SymbolNode | DifferentialNode | OpaqueNode;

/**
 * The key a variable-like node is looked up by: a symbol's `name` (its `vector` flag is ignored),
 * and the printed text of a differential (`d{v}`, `d2{x}`) or an opaque quantity (`{nabla.E}`).
 */
export function variableKey(node: VariableNode): string {
  return node.type === 'symbol' ? node.name : printTree(node);
}

/** True for the nodes {@link variableKey} accepts. */
export function isVariableNode(node: Node): node is VariableNode {
  return node.type === 'symbol' || node.type === 'differential' || node.type === 'opaque';
}
