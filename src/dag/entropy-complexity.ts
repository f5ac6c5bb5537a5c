import { dagLayers } from './dag-layers.js';
import type { DagNode } from './types.js';

/**
 * The paper's structural complexity of a reference DAG: e = Σ over layers of ln(width of layer)
 * (natural log). A pure chain has e = 0; every layer with k parallel steps adds ln k.
 */
export function entropyComplexity(nodes: readonly DagNode[]): number {
  return dagLayers(nodes).widths.reduce((sum, w) => (w > 0 ? sum + Math.log(w) : sum), 0);
}
