import { ancestorClosure } from '../dag/ancestor-closure.js';
import type { DagNode } from '../dag/types.js';

/**
 * How the step score counts nodes. `derived` (the default): what the answer derived — nodes the
 * problem states (`given`) count for nothing, neither matched nor as ancestors, and a match of a
 * given node credits none of its ancestors; score = |Ach(M \ G) \ G| / |F \ G|. `paper`: the
 * paper's plain |Ach(M)| / |F| (PRISM-Physics, Sec. 3), for comparison with published numbers.
 */
export type ScorePolicy = 'derived' | 'paper';

/** The scoring policies, for flags and validation. */
export const SCORE_POLICIES: readonly ScorePolicy[] = ['derived', 'paper'];

/** What a set of matches earns under a policy. */
export interface StepCredit {
  /** The credited closure, ascending: under `derived`, Ach(M \ G) (it may hold given ancestors). */
  readonly achieved: readonly number[];
  /** Nodes that count: achieved minus givens (`derived`), or all achieved (`paper`). */
  readonly counted: number;
  /** The denominator: |F \ G| (`derived`) or |F| (`paper`). */
  readonly total: number;
  /** counted / total; 0 when total is 0. */
  readonly score: number;
}

/**
 * The step credit of `matched` nodes. Ancestors of a given node are credited only through a
 * derived node: matching `Z_c = \frac{p_c V_c}{R T_c}`, which the problem states, credits neither
 * it nor the p_c, V_c, T_c steps above it; matching a derived node below it credits them all.
 */
export function stepCredit(
  nodes: readonly DagNode[],
  matched: ReadonlySet<number>,
  given: ReadonlySet<number>,
  policy: ScorePolicy = 'derived',
): StepCredit {
  if (policy === 'paper' || given.size === 0) {
    const achieved = ancestorClosure(nodes, matched);
    const total = nodes.length;
    return { achieved, counted: achieved.length, total, score: total === 0 ? 0 : achieved.length / total };
  }
  const seeds = new Set<number>();
  for (const m of matched) if (!given.has(m)) seeds.add(m);
  const achieved = ancestorClosure(nodes, seeds);
  const counted = achieved.filter((n) => !given.has(n)).length;
  const total = nodes.filter((n) => !given.has(n.index)).length;
  return { achieved, counted, total, score: total === 0 ? 0 : counted / total };
}
