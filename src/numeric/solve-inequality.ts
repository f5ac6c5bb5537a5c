import type { Node } from '../core/tree.js';
import { dedupeRoots, type Equation } from './equation.js';
import { prepareEquation } from './prepare-equation.js';
import { scanGrid } from './scan-grid.js';
import { equationFor, solveEquation } from './solve-equation.js';
import { type SolveOptions, solveSettings } from './solve-types.js';

/** The inequality operators. */
export type InequalityOp = '<' | '<=' | '>' | '>=' | '!=';

/** A real interval; ends may be ±Infinity (open there). */
export interface Interval {
  readonly lo: number;
  readonly hi: number;
  readonly loClosed: boolean;
  readonly hiClosed: boolean;
}

/** The solution set of an inequality in the target, with the work spent. */
export type InequalityResult = (
  | { readonly kind: 'intervals'; readonly intervals: Interval[] }
  | { readonly kind: 'all' }
  | { readonly kind: 'none' }
  | { readonly kind: 'undefined' }
) & { readonly evals: number; readonly truncated: boolean };

/**
 * The set of x where `lhs(x) op rhs(x)` holds, the other variables fixed by `values`. Boundaries
 * are the roots of lhs − rhs (`solveEquation`) plus the sign changes that are not roots (poles) and
 * the edges of the domain found on the scan grid (refined by bisection); each open piece between
 * boundaries is tested at its midpoint, each boundary at itself (equality by the relative residual
 * test), and neighbouring true pieces are merged. Periodic equations are clipped to [−P, P].
 */
export function solveInequality(
  lhs: Node,
  op: InequalityOp,
  rhs: Node,
  target: string,
  values: Readonly<Record<string, number>>,
  options?: SolveOptions,
): InequalityResult {
  const s = solveSettings(options);
  const solved = solveEquation(lhs, rhs, target, values, options);
  const prepared = prepareEquation(lhs, rhs, target);
  const eq = equationFor(prepared, values, Math.max(1, s.evalBudget - solved.evals));
  const stats = (): { evals: number; truncated: boolean } => ({
    evals: solved.evals + eq.evals,
    truncated: solved.truncated || eq.truncated,
  });
  if (solved.kind === 'undefined') return { kind: 'undefined', ...stats() };
  if (solved.kind === 'identity') return { kind: op === '<=' || op === '>=' ? 'all' : 'none', ...stats() };
  const P = s.periodicWindow;
  // Periodic sets are clipped to the (scaled) window.
  const W = P * s.scale;
  const linear =
    s.linearPoints ?? (prepared.count === 0 ? 3 : prepared.periodic ? Math.round(40 * P) + 1 : 201);
  const grid =
    prepared.count === 0
      ? Float64Array.of(-1, 0, 1)
      : scanGrid(s.minAbs, s.maxAbs, s.pointsPerDecade, P, linear, prepared.periodic).map((x) => x * s.scale);
  const points = dedupeRoots([...solved.roots, ...breaks(eq, grid)]);
  const lo = prepared.periodic ? -W : Number.NEGATIVE_INFINITY;
  const hi = prepared.periodic ? W : Number.POSITIVE_INFINITY;
  const holds = (x: number): boolean => test(eq, x, op);
  const pieces: Interval[] = [];
  const keep = (iv: Interval, ok: boolean): void => {
    if (!ok) return;
    const last = pieces[pieces.length - 1];
    if (last !== undefined && last.hi === iv.lo && (last.hiClosed || iv.loClosed)) {
      pieces[pieces.length - 1] = { lo: last.lo, loClosed: last.loClosed, hi: iv.hi, hiClosed: iv.hiClosed };
    } else pieces.push(iv);
  };
  let left = lo;
  for (const p of points.filter((x) => x > lo && x < hi)) {
    keep(
      { lo: left, hi: p, loClosed: left === lo && Number.isFinite(lo), hiClosed: false },
      holds(probe(left, p)),
    );
    keep({ lo: p, hi: p, loClosed: true, hiClosed: true }, holds(p));
    left = p;
  }
  keep(
    { lo: left, hi, loClosed: left === lo && Number.isFinite(lo), hiClosed: Number.isFinite(hi) },
    holds(probe(left, hi)),
  );
  const out = pieces;
  if (out.length === 0) return { kind: 'none', ...stats() };
  const only = out[0]!;
  if (out.length === 1 && only.lo === Number.NEGATIVE_INFINITY && only.hi === Number.POSITIVE_INFINITY) {
    return { kind: 'all', ...stats() };
  }
  return { kind: 'intervals', intervals: out, ...stats() };
}

function test(eq: Equation, x: number, op: InequalityOp): boolean {
  const y = eq.f(x);
  if (!Number.isFinite(y)) return false;
  const equal = y === 0 || eq.lastOk();
  switch (op) {
    case '<':
      return y < 0 && !equal;
    case '<=':
      return y < 0 || equal;
    case '>':
      return y > 0 && !equal;
    case '>=':
      return y > 0 || equal;
    case '!=':
      return !equal;
  }
}

/** A point strictly inside (a, b), either end possibly infinite. */
function probe(a: number, b: number): number {
  if (a === Number.NEGATIVE_INFINITY && b === Number.POSITIVE_INFINITY) return 1;
  if (a === Number.NEGATIVE_INFINITY) return b - Math.max(1, Math.abs(b));
  if (b === Number.POSITIVE_INFINITY) return a + Math.max(1, Math.abs(a));
  return 0.5 * (a + b);
}

/** Sign changes and domain edges between grid neighbours, refined by bisection. */
function breaks(eq: Equation, grid: Float64Array): number[] {
  const out: number[] = [];
  let x0 = grid[0]!;
  let y0 = eq.f(x0);
  for (let i = 1; i < grid.length && !eq.exhausted(); i++) {
    const x1 = grid[i]!;
    const y1 = eq.f(x1);
    const d0 = Number.isFinite(y0);
    const d1 = Number.isFinite(y1);
    if (d0 !== d1 || (d0 && d1 && y0 * y1 < 0)) out.push(bisect(eq, x0, x1, d0 !== d1, y0));
    x0 = x1;
    y0 = y1;
  }
  return out;
}

function bisect(eq: Equation, a0: number, b0: number, byDomain: boolean, ya: number): number {
  let a = a0;
  let b = b0;
  const side = (y: number): boolean => (byDomain ? Number.isFinite(y) : y < 0);
  const sa = side(ya);
  for (let i = 0; i < 80; i++) {
    const m = 0.5 * (a + b);
    if (m <= a || m >= b) break;
    if (side(eq.f(m)) === sa) a = m;
    else b = m;
  }
  if (!byDomain) return 0.5 * (a + b);
  const edge = sa ? a : b;
  // An isolated undefined grid point (1/x at 0) is the edge itself, not a point next to it.
  const undefinedEnd = sa ? b0 : a0;
  return Math.abs(edge - undefinedEnd) <= 1e-9 * Math.max(Math.abs(a0), Math.abs(b0)) ? undefinedEnd : edge;
}
