import type { Node, RelationNode, RelOp } from '../core/tree.js';
import { rewriteBottomUp } from './map-children.js';

const FLIP: Partial<Record<RelOp, RelOp>> = { '>': '<', '>=': '<=' };

/**
 * A single relation `a > b` / `a >= b` turned around to `b < a` / `b <= a`; every other relation,
 * and every chain (`a < b < c`, `a > b > c`: the equivalence checker rejects chains), as it is.
 */
export function orientRelation(node: RelationNode): RelationNode {
  const op = node.ops[0];
  const flipped = op === undefined || node.ops.length !== 1 ? undefined : FLIP[op];
  if (flipped === undefined) return node;
  return { ...node, ops: [flipped], args: [node.args[1]!, node.args[0]!] };
}

/** Applies {@link orientRelation} to every relation in a tree (including the items of a list). */
export function orientRelations(tree: Node): Node {
  return rewriteBottomUp(tree, (node) => (node.type === 'relation' ? orientRelation(node) : node));
}
