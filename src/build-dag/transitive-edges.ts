import type { DagNode } from '../dag/types.js';

/** A dependency edge `from → to` that is implied by another path. */
export interface TransitiveEdge {
  readonly from: number;
  readonly to: number;
  /** The other dependency of `to` through which `from` is already an ancestor. */
  readonly via: number;
}

/**
 * The transitive dependencies of a structurally valid DAG (dependencies point backwards): an edge
 * d → k is transitive when another dependency e of k has d among its ancestors (spec C7: direct
 * causes only). Quadratic in the node count at worst.
 */
export function transitiveEdges(nodes: readonly DagNode[]): TransitiveEdge[] {
  const ancestors = new Map<number, Set<number>>();
  for (const node of nodes) {
    const set = new Set<number>();
    for (const dep of node.dependency) {
      set.add(dep);
      for (const a of ancestors.get(dep) ?? []) set.add(a);
    }
    ancestors.set(node.index, set);
  }
  const out: TransitiveEdge[] = [];
  for (const node of nodes) {
    for (const d of node.dependency) {
      const via = node.dependency.find((e) => e !== d && ancestors.get(e)?.has(d) === true);
      if (via !== undefined) out.push({ from: d, to: node.index, via });
    }
  }
  return out;
}
