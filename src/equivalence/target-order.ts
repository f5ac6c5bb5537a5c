import { occurrences } from '../numeric/occurrences.js';
import type { PreparedFormula } from './types.js';

const memo = new WeakMap<PreparedFormula, Map<string, number>>();

/**
 * How often `target` occurs in a formula, over all its ± branches (the most of any branch). Once
 * (1) means every branch can be solved by inverting the operations along the target's path (the
 * solver's isolating path, a few evaluations); more means the polynomial path or the root scan
 * (~1,500 evaluations); an occurrence inside an integral, sum or unexpanded derivative counts 2.
 * Memoized per prepared formula.
 */
export function targetOccurrences(formula: PreparedFormula, target: string): number {
  let byTarget = memo.get(formula);
  if (byTarget === undefined) memo.set(formula, (byTarget = new Map()));
  let count = byTarget.get(target);
  if (count === undefined) {
    count = 0;
    for (const { lhs, rhs } of formula.branches)
      count = Math.max(count, occurrences(lhs, target).count + occurrences(rhs, target).count);
    byTarget.set(target, count);
  }
  return count;
}

/**
 * `targets` with those every formula can isolate (each occurs once) first, the rest after, each
 * group in its given order (stable).
 */
export function isolatableFirst(targets: readonly string[], formulas: readonly PreparedFormula[]): string[] {
  const once = (v: string) => formulas.every((f) => targetOccurrences(f, v) <= 1);
  return [...targets.filter(once), ...targets.filter((v) => !once(v))];
}
