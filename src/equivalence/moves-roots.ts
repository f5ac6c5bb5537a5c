import { prepareEquation } from '../numeric/prepare-equation.js';
import { equationFor } from '../numeric/solve-equation.js';
import type { PreparedFormula } from './types.js';

/**
 * Whether giving `v` the value `value` (the other variables as in `values`) may move the roots of
 * `formula` in `target`: false when, on every ± branch, lhs − rhs at a few probe values of the
 * target (`probes`) only changes by one common factor — `K\,T/K = 254.6` at any K, or `m\,(v^2 - 2gh)
 * = 0` at any m — so that its roots stay where they are. True when that cannot be shown (a probe
 * defined on one side only, a zero, or fewer than two probes defined). A few evaluations, where
 * solving again would scan.
 */
export function movesRoots(
  formula: PreparedFormula,
  target: string,
  values: Readonly<Record<string, number>>,
  v: string,
  value: number,
  probes: readonly number[],
): boolean {
  for (const { lhs, rhs } of formula.branches) {
    const prepared = prepareEquation(lhs, rhs, target);
    // One equation, v's slot switched between its drawn value and `value` at each probe (a copy of
    // the values with v replaced, and a second equation, per call were most of this test's cost).
    const eq = equationFor(prepared, values, 2 * probes.length);
    const slot = prepared.slots.indexOf(v);
    const drawn = slot < 0 ? 0 : eq.buf[slot]!;
    let ratio = Number.NaN;
    let defined = 0;
    for (const t of probes) {
      if (slot >= 0) eq.buf[slot] = drawn;
      const y0 = eq.f(t);
      if (slot >= 0) eq.buf[slot] = value;
      const y1 = eq.f(t);
      const f0 = Number.isFinite(y0);
      if (f0 !== Number.isFinite(y1)) return true;
      if (!f0) continue;
      if (y0 === 0 || y1 === 0) {
        if (y0 !== y1) return true;
        continue;
      }
      const r = y1 / y0;
      if (defined > 0 && !(Math.abs(r - ratio) <= SAME_FACTOR * Math.abs(ratio))) return true;
      ratio = r;
      defined++;
    }
    if (defined < 2) return true;
  }
  return false;
}

/** How closely the factors at the probes must agree (relative). */
const SAME_FACTOR = 1e-9;
