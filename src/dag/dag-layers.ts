import type { DagNode } from './types.js';

/** The layering of a DAG: each node's layer is 1 + the longest path from a source (sources are layer 1). */
export interface DagLayers {
  /** Node index → layer (1-based). */
  readonly layerOf: ReadonlyMap<number, number>;
  /** Number of nodes per layer; `widths[0]` is layer 1. */
  readonly widths: readonly number[];
  /** Number of layers (longest path length in nodes). */
  readonly depth: number;
  /** Largest layer. */
  readonly width: number;
}

/**
 * Layers a validated DAG by longest path from the sources. Dependencies that name missing or
 * later nodes are ignored, so it is total on any input.
 */
export function dagLayers(nodes: readonly DagNode[]): DagLayers {
  const layerOf = new Map<number, number>();
  for (const node of nodes) {
    let layer = 1;
    for (const parent of node.dependency) {
      const parentLayer = layerOf.get(parent);
      if (parentLayer !== undefined && parentLayer + 1 > layer) layer = parentLayer + 1;
    }
    layerOf.set(node.index, layer);
  }
  const widths: number[] = [];
  for (const layer of layerOf.values()) widths[layer - 1] = (widths[layer - 1] ?? 0) + 1;
  const dense = Array.from(widths, (w) => w ?? 0);
  return { layerOf, widths: dense, depth: dense.length, width: Math.max(0, ...dense) };
}
