/**
 * Solution sets of one formula for one target, and their comparison (PRISM Algorithm 1, with the
 * `physical` mode of the design brief).
 */

import { sortNumbers } from '../core/sort-small.js';

/** An interval of the real line; bounds may be ±Infinity. */
export interface Interval {
  readonly lo: number;
  readonly hi: number;
  readonly loClosed: boolean;
  readonly hiClosed: boolean;
}

/** What solving one formula for the target gave. */
export type SolutionSet =
  | { readonly kind: 'points'; readonly values: readonly number[] }
  | { readonly kind: 'intervals'; readonly intervals: readonly Interval[] }
  | { readonly kind: 'all' };

/**
 * Tolerances of the comparison. `absTol` is the floor near zero RELATIVE to the largest magnitude in
 * the sets compared (see {@link scaled}): quantities in SI units can be 1e-16 J, so a fixed absolute
 * floor would make 2 keV equal 2 MeV.
 */
export interface Tolerance {
  readonly relTol: number;
  readonly absTol: number;
}

/** The tolerance with its floor scaled by the largest finite magnitude among `values`. */
export function scaled(tol: Tolerance, values: readonly number[]): Tolerance {
  let scale = 0;
  for (const v of values) if (Number.isFinite(v)) scale = Math.max(scale, Math.abs(v));
  return { relTol: tol.relTol, absTol: Math.max(tol.absTol * scale, Number.MIN_VALUE) };
}

function magnitudes(set: SolutionSet): number[] {
  if (set.kind === 'points') return [...set.values];
  if (set.kind === 'intervals') return set.intervals.flatMap((iv) => [iv.lo, iv.hi]);
  return [];
}

/** True when two numbers agree to the relative tolerance, or both lie within the absolute floor. */
export function close(x: number, y: number, tol: Tolerance): boolean {
  if (x === y) return true;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  return Math.abs(x - y) <= Math.max(tol.relTol * Math.max(Math.abs(x), Math.abs(y)), tol.absTol);
}

/** Sorted values with near-duplicates (within tolerance) merged. */
export function dedupe(values: readonly number[], unscaled: Tolerance): number[] {
  const tol = scaled(unscaled, values);
  const sorted = sortNumbers(values.filter((v) => !Number.isNaN(v)));
  const out: number[] = [];
  for (const v of sorted) if (out.length === 0 || !close(out[out.length - 1]!, v, tol)) out.push(v);
  return out;
}

/** True when the set has no element. */
export function isEmpty(set: SolutionSet): boolean {
  return (
    (set.kind === 'points' && set.values.length === 0) ||
    (set.kind === 'intervals' && set.intervals.length === 0)
  );
}

function positivePart(set: SolutionSet, tol: Tolerance): SolutionSet {
  if (set.kind === 'points') return { kind: 'points', values: set.values.filter((v) => v > tol.absTol) };
  const intervals =
    set.kind === 'all' ? [{ lo: 0, hi: Infinity, loClosed: false, hiClosed: false }] : set.intervals;
  const clipped: Interval[] = [];
  for (const iv of intervals) {
    if (iv.hi <= 0) continue;
    clipped.push(iv.lo < 0 ? { lo: 0, hi: iv.hi, loClosed: false, hiClosed: iv.hiClosed } : iv);
  }
  return { kind: 'intervals', intervals: clipped };
}

function pointsEqual(a: readonly number[], b: readonly number[], tol: Tolerance): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => close(x, b[i]!, tol));
}

function intervalsEqual(
  a: readonly Interval[],
  b: readonly Interval[],
  tol: Tolerance,
  strict: boolean,
): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    if (!close(x.lo, y.lo, tol) || !close(x.hi, y.hi, tol)) return false;
    return !strict || (x.loClosed === y.loClosed && x.hiClosed === y.hiClosed);
  });
}

/**
 * Physical mode: whether the sets differ only by roots outside the positive domain — neither has a
 * positive member and one is empty (`T = \frac{E}{E - E_b}` solved for a magnitude that would have
 * to be negative, against a form with `|E_b|` that has no root there). Such a trial says nothing.
 */
export function onlyNonPositiveRoots(a: SolutionSet, b: SolutionSet, unscaled: Tolerance): boolean {
  if (isEmpty(a) === isEmpty(b)) return false;
  const tol = scaled(unscaled, [...magnitudes(a), ...magnitudes(b)]);
  return isEmpty(positivePart(a, tol)) && isEmpty(positivePart(b, tol));
}

/**
 * Compares two solution sets. `physical` compares the positive parts when either is non-empty (the
 * quantities are positive), the whole sets otherwise (the design brief's rule: `{-15.4}` against `{}`
 * rejects) — without the root zero, which the positive parts leave out too: a factor of the target
 * (`\varepsilon \cdot (\ldots) = \varepsilon \cdot (\ldots)`, `c^3 (\ldots) = 0`) adds the root 0 to a
 * formula, and whether it counted used to depend on whether the draw left a positive root.
 * `strict` compares whole sets, interval ends included.
 */
export function sameSolutions(
  a: SolutionSet,
  b: SolutionSet,
  tol: Tolerance,
  mode: 'physical' | 'strict',
): boolean {
  tol = scaledBy(tol, Math.max(largest(a), largest(b)));
  if (mode === 'strict') return equalSets(a, b, tol, true);
  // Two point sets (nearly every trial) are compared without building their parts.
  if (a.kind === 'points' && b.kind === 'points') {
    const positive = someAbove(a.values, tol.absTol) || someAbove(b.values, tol.absTol);
    return keptEqual(a.values, b.values, tol, positive);
  }
  const pa = positivePart(a, tol);
  const pb = positivePart(b, tol);
  if (!isEmpty(pa) || !isEmpty(pb)) return equalSets(pa, pb, tol, false);
  return equalSets(withoutZero(a, tol), withoutZero(b, tol), tol, false);
}

/** The largest finite magnitude in a set (0 for none), as {@link scaled} reads its values. */
function largest(set: SolutionSet): number {
  let scale = 0;
  if (set.kind === 'points') {
    const values = set.values;
    for (let i = 0; i < values.length; i++)
      if (Number.isFinite(values[i])) scale = Math.max(scale, Math.abs(values[i]!));
  } else if (set.kind === 'intervals') {
    for (const iv of set.intervals) {
      if (Number.isFinite(iv.lo)) scale = Math.max(scale, Math.abs(iv.lo));
      if (Number.isFinite(iv.hi)) scale = Math.max(scale, Math.abs(iv.hi));
    }
  }
  return scale;
}

/** {@link scaled} given the largest magnitude. */
function scaledBy(tol: Tolerance, scale: number): Tolerance {
  return { relTol: tol.relTol, absTol: Math.max(tol.absTol * scale, Number.MIN_VALUE) };
}

function someAbove(values: readonly number[], floor: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]! > floor) return true;
  return false;
}

/**
 * The points each set keeps — its positive part (`positive`), else those off zero (see
 * {@link withoutZero}) — are equal one by one: what `equalSets` says of the parts, without them.
 */
function keptEqual(a: readonly number[], b: readonly number[], tol: Tolerance, positive: boolean): boolean {
  const floor = tol.absTol;
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !kept(a[i]!, floor, positive)) i++;
    while (j < b.length && !kept(b[j]!, floor, positive)) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (!close(a[i]!, b[j]!, tol)) return false;
    i++;
    j++;
  }
}

function kept(x: number, floor: number, positive: boolean): boolean {
  return positive ? x > floor : !(Math.abs(x) <= floor);
}

/** The set without the point 0 (within the absolute floor): isolated points and one-point intervals. */
function withoutZero(set: SolutionSet, tol: Tolerance): SolutionSet {
  const zero = (x: number) => Math.abs(x) <= tol.absTol;
  if (set.kind === 'points') {
    return set.values.some(zero) ? { kind: 'points', values: set.values.filter((v) => !zero(v)) } : set;
  }
  if (set.kind === 'intervals' && set.intervals.some((iv) => zero(iv.lo) && zero(iv.hi))) {
    return { kind: 'intervals', intervals: set.intervals.filter((iv) => !(zero(iv.lo) && zero(iv.hi))) };
  }
  return set;
}

function equalSets(a: SolutionSet, b: SolutionSet, tol: Tolerance, strict: boolean): boolean {
  if (a.kind === 'all' || b.kind === 'all') return a.kind === b.kind;
  if (a.kind === 'points' && b.kind === 'points') return pointsEqual(a.values, b.values, tol);
  return intervalsEqual(asIntervals(a), asIntervals(b), tol, strict);
}

function asIntervals(set: SolutionSet): readonly Interval[] {
  if (set.kind === 'intervals') return set.intervals;
  if (set.kind === 'points') return set.values.map((v) => ({ lo: v, hi: v, loClosed: true, hiClosed: true }));
  return [{ lo: -Infinity, hi: Infinity, loClosed: false, hiClosed: false }];
}
