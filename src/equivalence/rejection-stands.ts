import { copyNamedValues } from '../core/named-values.js';
import { difference, evaluateDoubleDouble, isDoubleDoubleTree } from '../numeric/double-double.js';
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
  const at = copyNamedValues(values);
  const check = (
    mine: readonly number[],
    other: readonly number[],
    own: PreparedFormula,
    them: PreparedFormula,
  ) =>
    mine.some((p) => {
      if (other.some((q) => close(p, q, tol))) return false;
      const width = Math.max(tol.relTol * Math.abs(p), tol.absTol);
      if (pinned(own, target, p, width, at) && !mayHold(them, target, p, at)) return true;
      return preciselyStands(own, them, target, p, width, at);
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

/**
 * Where binary64 cannot tell (the expanded quartic of two double roots 1e-4 apart is rounding noise
 * for a relative 3e-4 around them), the same question in double-double, for branches of arithmetic
 * and square roots only: some branch of `own` has a root within p ± width and no branch of `them`
 * has one there (see {@link preciseRoot}; a branch it cannot evaluate, or that stays within its
 * bound at p ± width, leaves the rejection unproved).
 */
function preciselyStands(
  own: PreparedFormula,
  them: PreparedFormula,
  target: string,
  p: number,
  width: number,
  at: Record<string, number>,
): boolean {
  return (
    own.branches.some((branch) => preciseRoot(branch, target, p, width, at) === true) &&
    them.branches.every((branch) => preciseRoot(branch, target, p, width, at) === false)
  );
}

/**
 * Whether lhs − rhs, in double-double, has a root within p ± width: it stands above its bound at
 * both ends (else undefined: it cannot tell) and changes sign across them, or at p is within its
 * bound or a hundredth of both ends (touching). The root test matters: in double-double a "root"
 * that binary64 cancellation made is no root, and f stands clear of its bound on both sides of it.
 */
function preciseRoot(
  branch: PreparedFormula['branches'][number],
  target: string,
  p: number,
  width: number,
  at: Record<string, number>,
): boolean | undefined {
  const below = preciseResidual(branch, target, p - width, at);
  const above = preciseResidual(branch, target, p + width, at);
  const mid = preciseResidual(branch, target, p, at);
  if (below === undefined || above === undefined || mid === undefined) return undefined;
  if (!(Math.abs(below.r) > below.bound && Math.abs(above.r) > above.bound)) return undefined;
  const ends = Math.min(Math.abs(below.r), Math.abs(above.r));
  return below.r * above.r < 0 || Math.abs(mid.r) <= mid.bound || Math.abs(mid.r) <= 1e-2 * ends;
}

/** lhs − rhs in double-double with a bound on its rounding (binary64's first-order bound, scaled). */
function preciseResidual(
  branch: PreparedFormula['branches'][number],
  target: string,
  x: number,
  at: Record<string, number>,
): { r: number; bound: number } | undefined {
  if (!isDoubleDoubleTree(branch.lhs) || !isDoubleDoubleTree(branch.rhs)) return undefined;
  at[target] = x;
  const l = evaluateDoubleDouble(branch.lhs, at);
  const r = evaluateDoubleDouble(branch.rhs, at);
  if (l === undefined || r === undefined) return undefined;
  const { bound } = residual(branch, target, x, at);
  const diff = difference(l, r);
  if (!Number.isFinite(bound) || !Number.isFinite(diff)) return undefined;
  return { r: diff, bound: bound * DOUBLE_DOUBLE_SHARE };
}

/** How much of binary64's rounding bound double-double keeps: its unit roundoff is ~2^-53 of binary64's; 2^7 to spare. */
const DOUBLE_DOUBLE_SHARE = 2 ** -46;

/** Relative steps of a few ulps on either side of a point (see `mayHold`). */
const ULPS = [-4 * Number.EPSILON, 4 * Number.EPSILON];
