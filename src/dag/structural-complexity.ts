import { dagLayers } from './dag-layers.js';
import { entropyComplexity } from './entropy-complexity.js';
import type { DagNode } from './types.js';

/** A 1–3 rating (the paper's C1, C2, C3 scale). */
export type Level = 1 | 2 | 3;

/**
 * Thresholds τ1 < τ2 (in nats) of the paper's C3 (spec C5). They are the tertiles of e over the
 * bundled benchmark (the values at ranks ⌊n/3⌋ and ⌊2n/3⌋ of the 70 sorted entropies, computed
 * without looking at the difficulty labels): ln 3 and ln 6. Since e = ln Π width_ℓ, this reads
 * C3 = 1 when the product of the layer widths is below 3 (a chain, or one pair of parallel
 * steps), 2 when it is 3–5, 3 from 6 on. On the 15 released PRISM-Physics DAGs in
 * `../shared/peers/prism-physics/` they give 4 / 5 / 6 problems at C3 = 1 / 2 / 3.
 */
export const C3_THRESHOLDS = { tau1: Math.log(3), tau2: Math.log(6) } as const;

/** Slack for comparing a sum of logarithms with a threshold (ln 2 + ln 3 may miss ln 6 by an ulp). */
const SLACK = 1e-9;

/**
 * The 1–3 level of a value against thresholds t1 < t2: 1 below t1, 2 from t1 up to below t2, 3
 * from t2 on (the lower boundary belongs to the higher level, as spec C5 writes it).
 */
export function levelOf(value: number, t1: number, t2: number): Level {
  if (value + SLACK < t1) return 1;
  if (value + SLACK < t2) return 2;
  return 3;
}

/** What C3 is made of for one problem. */
export interface StructuralComplexity {
  /** e = Σ_ℓ ln(width_ℓ), natural log, layers by longest path from the sources. */
  readonly entropy: number;
  /** Nodes per layer (layer 1 first). */
  readonly widths: readonly number[];
  readonly c3: Level;
}

/**
 * The paper's C3 (spec C5) of a problem: the entropy of its whole reference DAG — every
 * sub-question's nodes in one graph, since difficulty is a per-problem label — discretised with
 * {@link C3_THRESHOLDS} (or the given ones). Total on any node list (see {@link dagLayers}).
 */
export function structuralComplexity(
  nodes: readonly DagNode[],
  thresholds: { readonly tau1: number; readonly tau2: number } = C3_THRESHOLDS,
): StructuralComplexity {
  const entropy = entropyComplexity(nodes);
  return {
    entropy,
    widths: dagLayers(nodes).widths,
    c3: levelOf(entropy, thresholds.tau1, thresholds.tau2),
  };
}
