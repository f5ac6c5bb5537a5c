import type { DagNode } from './types.js';

/**
 * Ach(M): the matched node indices plus every ancestor reachable through `dependency` edges
 * (PRISM-Physics, Sec. 3). Unknown indices in `matched` are ignored; cycles are tolerated.
 * Returns the indices ascending.
 */
export function ancestorClosure(nodes: readonly DagNode[], matched: ReadonlySet<number>): number[] {
  const byIndex = new Map<number, DagNode>();
  for (const node of nodes) byIndex.set(node.index, node);
  const seen = new Set<number>();
  const stack: number[] = [];
  for (const index of matched) if (byIndex.has(index)) stack.push(index);
  while (stack.length > 0) {
    const index = stack.pop()!;
    if (seen.has(index)) continue;
    seen.add(index);
    for (const parent of byIndex.get(index)?.dependency ?? []) {
      if (byIndex.has(parent) && !seen.has(parent)) stack.push(parent);
    }
  }
  return [...seen].sort((a, b) => a - b);
}
