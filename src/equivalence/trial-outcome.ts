import {
  close,
  isEmpty,
  onlyNonPositiveRoots,
  type SolutionSet,
  sameSolutions,
  scaled,
  type Tolerance,
} from './solution-set.js';
import type { PreparedSolution } from './solve-prepared.js';

/**
 * What one trial says: the sets agree (`not-rejecting`), disagree (`rejecting`), or say nothing
 * (`failed`: a solve ran out of budget, both sets are empty, the sets differ but one of them lost a
 * root to rounding noise (`uncertain`), or — physical mode — one set is empty and the other has no
 * positive member, or a formula is
 * undefined at the drawn values whatever the target, e.g. `\ln(1 - x/a)` with x > a drawn, or a
 * series drawn outside its radius of convergence).
 */
export type TrialOutcome = 'not-rejecting' | 'rejecting' | 'failed';

/**
 * Compares the solutions of both formulas for one trial. Physical mode also reads a periodic family
 * (the target inside sin, tan, …) against a non-periodic set as "principal branch": `\theta =
 * \arctan(y/x)` agrees with `\tan\theta = y/x` when every positive solution of the non-periodic
 * formula belongs to the family. Strict mode is the paper's whole-set comparison.
 */
export function trialOutcome(
  sa: PreparedSolution,
  sb: PreparedSolution,
  tol: Tolerance,
  mode: 'physical' | 'strict',
): TrialOutcome {
  if (sa.truncated || sb.truncated || (isEmpty(sa.set) && isEmpty(sb.set))) return 'failed';
  // A set from which a root was dropped as rounding noise cannot reject: the trial says nothing.
  const rejecting = sa.uncertain === true || sb.uncertain === true ? 'failed' : 'rejecting';
  if (mode === 'strict') return sameSolutions(sa.set, sb.set, tol, mode) ? 'not-rejecting' : rejecting;
  if (sa.undefined === true || sb.undefined === true) return 'failed';
  // A root outside the positive domain, against no root at all, does not reject the pair: the
  // quantity solved for would have to be negative (or zero) in one formula and has no value in the other.
  if (onlyNonPositiveRoots(sa.set, sb.set, tol)) return 'failed';
  if (
    sa.periodic !== sb.periodic &&
    principalBranch(sa.periodic === true ? sb.set : sa.set, sa.periodic === true ? sa.set : sb.set, tol)
  )
    return 'not-rejecting';
  return sameSolutions(sa.set, sb.set, tol, mode) ? 'not-rejecting' : rejecting;
}

/**
 * Every positive point of `single` (at least one) lies in the periodic family `family`; with no
 * positive point, every point (at least one): `\varphi = \arctan X` at a negative X is the principal
 * member of `\tan\varphi = X`'s family, as it is at a positive X.
 */
function principalBranch(single: SolutionSet, family: SolutionSet, unscaled: Tolerance): boolean {
  if (single.kind !== 'points' || family.kind !== 'points') return false;
  const tol = scaled(unscaled, [...single.values, ...family.values]);
  const positive = single.values.filter((v) => v > tol.absTol);
  const members = positive.length > 0 ? positive : single.values;
  return members.length > 0 && members.every((v) => family.values.some((w) => close(v, w, tol)));
}
