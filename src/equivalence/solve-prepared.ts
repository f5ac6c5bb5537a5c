import type { Mutable } from '../core/mutable.js';
import { type SolveOptions, solveEquation, solveInequality } from '../numeric/index.js';
import { dedupe, type Interval, type SolutionSet, type Tolerance } from './solution-set.js';
import type { PreparedFormula } from './types.js';

/** Result of solving a prepared formula for one target. */
export interface PreparedSolution {
  readonly set: SolutionSet;
  /** Function evaluations spent. */
  readonly evals: number;
  /** The solver hit its budget; the set may be incomplete. */
  readonly truncated: boolean;
  /**
   * Every branch is undefined at these values whatever the target (`\ln(1 - x/a)` with x > a, a
   * divergent series): the values lie outside the formula's domain, so the set says nothing.
   */
  readonly undefined?: boolean;
  /** The target sits inside a periodic function: the set is a window of a periodic family. */
  readonly periodic?: boolean;
  /** A root was dropped as rounding noise (see `SolveStats.uncertain`): the set cannot reject. */
  readonly uncertain?: boolean;
}

/**
 * All real solutions of a prepared formula (the union over its ± branches) for `target`, the other
 * variables fixed by `values`. A branch whose sides are undefined everywhere contributes nothing.
 */
export function solvePrepared(
  formula: PreparedFormula,
  target: string,
  values: Readonly<Record<string, number>>,
  tol: Tolerance,
  evalBudget: number,
  solver: Omit<SolveOptions, 'evalBudget'> = DEFAULT_SOLVER,
): PreparedSolution {
  let evals = 0;
  let truncated = false;
  let defined = false;
  let periodic = false;
  let uncertain = false;
  // A branch's roots are adopted as they are (one branch: no copy), later branches' appended.
  let points: readonly number[] = NO_POINTS;
  const intervals: Interval[] = [];
  for (const { lhs, rhs } of formula.branches) {
    const budget = Math.max(1, evalBudget - evals);
    if (formula.kind === 'inequality') {
      const r = solveInequality(lhs, formula.op as '<' | '<=' | '!=', rhs, target, values, {
        evalBudget: budget,
        ...(solver.scale === undefined ? {} : { scale: solver.scale }),
      });
      evals += r.evals;
      truncated ||= r.truncated;
      if (r.kind === 'all') return { set: { kind: 'all' }, evals, truncated };
      if (r.kind === 'intervals') intervals.push(...r.intervals);
      defined ||= r.kind !== 'undefined';
    } else {
      const r = solveEquation(lhs, rhs, target, values, solver, budget);
      evals += r.evals;
      truncated ||= r.truncated;
      if (r.kind === 'identity') return { set: { kind: 'all' }, evals, truncated };
      if (r.kind === 'roots' && r.roots.length > 0)
        points = points.length === 0 ? r.roots : points.concat(r.roots);
      defined ||= r.kind !== 'undefined';
      periodic ||= r.periodic;
      uncertain ||= r.uncertain;
    }
  }
  const set: SolutionSet =
    formula.kind === 'inequality'
      ? { kind: 'intervals', intervals: mergeIntervals(intervals) }
      : {
          kind: 'points',
          values: points.length === 0 ? [] : onePoint(points) ? points : dedupe(points, tol),
        };
  // Flags set on the literal (a spread of conditional parts was a measurable share of a trial).
  const out: Mutable<PreparedSolution> = { set, evals, truncated };
  if (!defined) out.undefined = true;
  if (periodic) out.periodic = true;
  if (uncertain) out.uncertain = true;
  return out;
}

/** The solver's defaults (one object: the solver keeps its resolved settings per options object). */
const DEFAULT_SOLVER: Omit<SolveOptions, 'evalBudget'> = Object.freeze({});

/** No roots yet (never returned: an empty set gets an array of its own). */
const NO_POINTS: readonly number[] = [];

/** One number: already what {@link dedupe} would make of it. */
function onePoint(points: readonly number[]): boolean {
  return points.length === 1 && !Number.isNaN(points[0]!);
}

/** Sorted union of intervals with overlapping or touching pieces merged. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = [...list].sort((a, b) => a.lo - b.lo || Number(b.loClosed) - Number(a.loClosed));
  const out: Interval[] = [];
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && (iv.lo < last.hi || (iv.lo === last.hi && (iv.loClosed || last.hiClosed)))) {
      if (iv.hi > last.hi || (iv.hi === last.hi && iv.hiClosed)) {
        out[out.length - 1] = { lo: last.lo, loClosed: last.loClosed, hi: iv.hi, hiClosed: iv.hiClosed };
      }
    } else {
      out.push(iv);
    }
  }
  return out;
}
