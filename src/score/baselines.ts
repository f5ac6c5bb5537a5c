import type { Baselines } from './types.js';

/**
 * The naive process-scoring policies of PRISM-Physics §3.2 (spec C1) for a problem with nodes
 * `1..n` in reference (index) order, beside the DAG's ancestor closure:
 * - `strict`: credit exactly the matched formulas, |M|/|F| (a lower bound: strict ≤ DAG);
 * - `strict_all_nodes`: C1's all-or-nothing reading, 1 iff every formula is matched directly;
 * - `prefix`: credit every formula up to the last matched one, max{j : F_j ∈ M}/|F| (an upper bound:
 *   DAG ≤ prefix, since every ancestor of a matched node precedes it);
 * - `matched_run`: ours, the longest run F_1..F_k all matched directly, k/|F| (≤ strict).
 */
export function baselines(total: number, matched: ReadonlySet<number>): Baselines {
  if (total === 0) return { strict: 0, strict_all_nodes: 0, prefix: 0, matched_run: 0 };
  let run = 0;
  while (run < total && matched.has(run + 1)) run++;
  let direct = 0;
  let last = 0;
  for (const index of matched) {
    if (index < 1 || index > total) continue;
    direct++;
    if (index > last) last = index;
  }
  return {
    strict: direct / total,
    strict_all_nodes: direct === total ? 1 : 0,
    prefix: last / total,
    matched_run: run / total,
  };
}
