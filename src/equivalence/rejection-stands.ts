import { roundingBound } from '../numeric/rounding-bound.js';
import { close, type SolutionSet, scaled, type Tolerance } from './solution-set.js';
import type { EquivalenceMode, PreparedFormula } from './types.js';

/**
 * Whether a rejecting trial rests on the formulas rather than on rounding: some solution p of one
 * formula that the other lacks is (1) pinned down by its own formula to the tolerance — at p ± the
 * tolerance width, lhs − rhs stands above its rounding bound (`roundingBound`) on both sides — and
 * (2) a point where the other formula fails by more than its rounding bound. `y = \cosh^2 x -
 * \sinh^2 x` gives y = 1.5 at x = 18.4 with a rounding bound of ~10: neither 1.5 is pinned down nor
 * does y = 1 fail it, so that trial says nothing (it fails) instead of rejecting. Sets other than
 * points, and formulas with integrals or sums (no bound), keep their rejection.
 */
export function rejectionStands(
  a: SolutionSet,
  b: SolutionSet,
  fa: PreparedFormula,
  fb: PreparedFormula,
  target: string,
  values: Readonly<Record<string, number>>,
  unscaled: Tolerance,
  mode: EquivalenceMode,
): boolean {
  if (a.kind !== 'points' || b.kind !== 'points') return true;
  const tol = scaled(unscaled, [...a.values, ...b.values]);
  let pa = a.values;
  let pb = b.values;
  if (mode === 'physical') {
    const posA = pa.filter((v) => v > tol.absTol);
    const posB = pb.filter((v) => v > tol.absTol);
    if (posA.length > 0 || posB.length > 0) [pa, pb] = [posA, posB];
  }
  const at: Record<string, number> = { ...values };
  const check = (
    mine: readonly number[],
    other: readonly number[],
    own: PreparedFormula,
    them: PreparedFormula,
  ) =>
    mine.some((p) => {
      if (other.some((q) => close(p, q, tol))) return false;
      const width = Math.max(tol.relTol * Math.abs(p), tol.absTol);
      return pinned(own, target, p, width, at) && !mayHold(them, target, p, at);
    });
  // Unmatched points on either side; a difference in count alone (every point matched) cannot be
  // told from rounding either.
  return check(pa, pb, fa, fb) || check(pb, pa, fb, fa);
}

/** lhs − rhs of a branch at target = x, with its rounding bound. */
function residual(
  branch: PreparedFormula['branches'][number],
  target: string,
  x: number,
  at: Record<string, number>,
): { r: number; bound: number } {
  at[target] = x;
  const l = roundingBound(branch.lhs, at);
  const r = roundingBound(branch.rhs, at);
  return { r: l.value - r.value, bound: l.error + r.error };
}

/**
 * p is a root of `f` known to within `width`: for some branch, lhs − rhs at p ± width exceeds its
 * rounding bound there (on both sides). An unknown bound (NaN) counts as known.
 */
function pinned(
  f: PreparedFormula,
  target: string,
  p: number,
  width: number,
  at: Record<string, number>,
): boolean {
  return f.branches.some((branch) => {
    for (const x of [p - width, p + width]) {
      const { r, bound } = residual(branch, target, x, at);
      if (Number.isNaN(bound)) continue;
      if (!(Math.abs(r) > bound)) return false;
    }
    return true;
  });
}

/**
 * Some branch of `f` holds at target = p within its rounding bound (unknown bound: no), or p lies on
 * the edge of the branch's domain to rounding: lhs − rhs is undefined or infinite at p and finite a
 * few ulps away. `t = \sqrt{m/gk}\,\operatorname{artanh}(v\sqrt{k/mg})` has its root in v where
 * artanh's argument is tanh(√(gk/m)·t), which rounds to 1 once the product passes ~19: the root is
 * not representable, and the other formula's root (tanh written out) lands on the edge.
 */
function mayHold(f: PreparedFormula, target: string, p: number, at: Record<string, number>): boolean {
  return f.branches.some((branch) => {
    const { r, bound } = residual(branch, target, p, at);
    if (Math.abs(r) <= bound) return true;
    if (Number.isFinite(r) || p === 0) return false;
    return ULPS.some((u) => Number.isFinite(residual(branch, target, p * (1 + u), at).r));
  });
}

/** Relative steps of a few ulps on either side of a point (see `mayHold`). */
const ULPS = [-4 * Number.EPSILON, 4 * Number.EPSILON];
