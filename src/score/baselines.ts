import type { Baselines } from './types.js';

/**
 * The baseline policies for a problem with nodes `1..n` (index order is topological):
 * all-or-nothing strict matching, and credit for the longest directly matched prefix.
 */
export function baselines(total: number, matched: ReadonlySet<number>): Baselines {
  let prefix = 0;
  while (prefix < total && matched.has(prefix + 1)) prefix++;
  return {
    strict_all_nodes: total > 0 && prefix === total ? 1 : 0,
    prefix_credit: total === 0 ? 0 : prefix / total,
  };
}
