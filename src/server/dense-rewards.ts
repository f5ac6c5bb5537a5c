import type { DagNode } from '../dag/types.js';
import { stepCredit } from '../score/step-credit.js';
import type { ScoreRecord } from '../score/types.js';
import type { DenseCredit } from './types.js';

/**
 * Dense rewards of a record: walks the answer formulas in response order and gives each the nodes
 * it newly achieved — its matches plus their ancestors, minus what earlier formulas achieved, counted
 * under the record's policy (given nodes earn nothing under `derived`). Only formulas that added
 * something are listed; the credits sum to `record.step_score`.
 */
export function denseRewards(record: ScoreRecord, nodes: readonly DagNode[]): DenseCredit[] {
  const given = new Set(record.policy === 'paper' ? [] : (record.given ?? []));
  const achieved = new Set<number>();
  const matched = new Set<number>();
  const out: DenseCredit[] = [];
  const order = record.formulas
    .map((f, i) => ({ f, i }))
    .sort((a, b) => a.f.offset - b.f.offset || a.i - b.i);
  for (const { f, i } of order) {
    if (f.matches.length === 0) continue;
    const before = matched.size;
    for (const index of f.matches) matched.add(index);
    if (matched.size === before) continue;
    const credit = stepCredit(nodes, matched, given);
    const fresh = credit.achieved.filter((n) => !achieved.has(n) && !given.has(n));
    if (fresh.length === 0) continue;
    for (const n of fresh) achieved.add(n);
    out.push({
      formula: i,
      latex: f.latex,
      start: f.offset,
      end: f.end,
      nodes: fresh,
      credit: credit.total === 0 ? 0 : fresh.length / credit.total,
    });
  }
  return out;
}
