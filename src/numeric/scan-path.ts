import { brent } from './brent.js';
import type { Equation } from './equation.js';
import { goldenMinimum } from './golden-minimum.js';

/** What the scan found. */
export type ScanOutcome = { kind: 'roots'; roots: number[] } | { kind: 'identity' } | { kind: 'undefined' };

/**
 * The general path: evaluates f = lhs − rhs on the grid; every sign change between neighbours is
 * refined by Brent's method and kept when the result is a root (a pole fails the verification: |f|
 * grows towards it); every interior local minimum of the relative residual |f|/(|l|+|r|) below 0.05 is
 * minimised by golden-section search and kept when the relative residual test passes there
 * (touching roots), unless it and both neighbours pass the residual test (a stretch where the
 * equation holds numerically: no isolated root there). All finite points pass the residual test → identity; no finite point →
 * undefined. The points scanned are `grid` times `scale` (the target's typical size). Stops (truncated) when the budget is spent. `roundingError(x)`, when given, bounds the
 * rounding error of lhs − rhs at x (see `roundingBound`; NaN when unknown): a point where the
 * residual stays within it says nothing against an identity.
 */
export function scanPath(
  eq: Equation,
  grid: Float64Array,
  scale = 1,
  roundingError?: (x: number) => number,
  poles: readonly number[] = NO_POLES,
): ScanOutcome {
  const n = grid.length;
  // Work arrays reused across scans (a scan allocated ~40 KB, a sixth of a fresh answer's garbage);
  // a scan never runs inside another (f runs compiled programs, integrals and sums only), and
  // the depth check keeps that true if it ever changes.
  const buffers = depth === 0 ? shared(n) : fresh(n);
  depth++;
  try {
    let points = grid;
    if (scale !== 1) {
      points = buffers.points;
      for (let i = 0; i < n; i++) points[i] = grid[i]! * scale;
    }
    return scanWith(eq, points, n, scale, buffers, roundingError, poles);
  } finally {
    depth--;
  }
}

interface Buffers {
  /** The grid times the scale (when it is not 1). */
  readonly points: Float64Array;
  readonly fs: Float64Array;
  readonly rel: Float64Array;
  /** |l| + |r| at each point, NaN where f is not finite. */
  readonly size: Float64Array;
  /** Grid points where the equation holds numerically (the relative residual test). */
  readonly holds: Uint8Array;
}

let depth = 0;
let pool: Buffers = fresh(0);

function fresh(n: number): Buffers {
  return {
    points: new Float64Array(n),
    fs: new Float64Array(n),
    rel: new Float64Array(n),
    size: new Float64Array(n),
    holds: new Uint8Array(n),
  };
}

function shared(n: number): Buffers {
  if (pool.fs.length < n) pool = fresh(n);
  return pool;
}

function scanWith(
  eq: Equation,
  grid: Float64Array,
  n: number,
  scale: number,
  buffers: Buffers,
  roundingError: ((x: number) => number) | undefined,
  poles: readonly number[],
): ScanOutcome {
  // The grid's first n points are scanned (a pooled buffer may be longer).
  const { fs, rel, size, holds } = buffers;
  let finite = 0;
  let allOk = true;
  for (let i = 0; i < n; i++) {
    const y = eq.f(grid[i]!);
    fs[i] = y;
    size[i] = Math.abs(eq.l) + Math.abs(eq.r);
    rel[i] = Math.abs(y) / (size[i]! + 1e-300);
    if (Number.isFinite(y)) {
      finite++;
      const ok = eq.lastOk();
      holds[i] = ok ? 1 : 0;
      allOk &&= ok;
    } else {
      rel[i] = Number.NaN;
      size[i] = Number.NaN;
      holds[i] = 0;
    }
  }
  if (finite === 0) return { kind: 'undefined' };
  if (allOk || holdsButNearCommonZeros(eq, grid, fs, holds, size, scale, n, roundingError))
    return { kind: 'identity' };
  const roots: number[] = [];
  const f = (x: number): number => eq.f(x);
  for (let i = 0; i < n && !eq.exhausted(); i++) {
    // Most points need nothing: only a zero, a change of sign or of finiteness to the next point,
    // or a local minimum of the relative residual below 0.05 is looked at (in `examine`), so the
    // loop over the points stays small and allocates nothing.
    const y = fs[i]!;
    if (y === 0) {
      examine(eq, grid, n, i, buffers, f, roots);
      continue;
    }
    if (i + 1 < n) {
      const y1 = fs[i + 1]!;
      if (Number.isFinite(y) !== Number.isFinite(y1) || y * y1 < 0) {
        examine(eq, grid, n, i, buffers, f, roots);
        continue;
      }
      if (i > 0 && smallDip(rel, i)) examine(eq, grid, n, i, buffers, f, roots);
      else if (i > 0 && zeroSideMinimum(fs, rel, i)) touchingZero(eq, grid, i, fs, roots);
      else if (
        i > 0 &&
        parabolaDip(grid, fs, i) &&
        !(holds[i - 1] === 1 && holds[i] === 1 && holds[i + 1] === 1)
      )
        dip(eq, grid, i, fs, f, roots, Math.abs(y), true);
    }
  }
  for (let k = 0; k < poles.length && !eq.exhausted(); k++) besidePole(eq, grid, n, fs, poles[k]!, f, roots);
  return { kind: 'roots', roots: poles.length === 0 ? roots : offPoles(roots, poles) };
}

/**
 * The roots that are not poles. Where both sides blow up at one pole and their difference stays
 * finite (`U - (U_0 - \frac{R_0}{R_0 + R}E)e^{…} = \frac{R_0}{R_0 + R}E` at R = −R_0), the relative
 * residual vanishes there and the point passed for a root; the formula is undefined at it.
 */
function offPoles(roots: number[], poles: readonly number[]): number[] {
  const out = roots.filter((r) => !nearPole(r, poles));
  return out.length === roots.length ? roots : out;
}

function nearPole(r: number, poles: readonly number[]): boolean {
  for (let k = 0; k < poles.length; k++) {
    const p = poles[k]!;
    if (Math.abs(r - p) <= AT_POLE * Math.abs(p)) return true;
  }
  return false;
}

/** How close (relative) to a pole a root is taken for the pole itself. */
const AT_POLE = 1e-8;

const NO_POLES: readonly number[] = [];

/**
 * A root in the grid cell of a pole p, between p and a grid point: f changes sign twice in the cell
 * (at the root and across the pole), so its ends agree in sign and the loop over the points sees
 * nothing (`k_l = \frac{(1 - l/l_1)(T_1 - T_0)}{T_1 - T}` solved for T_1, with a root 1e-3 below
 * the pole T_1 = T). Each half of the cell, from its grid point to just beside p, is searched when
 * f changes sign across it. A pole on a grid point, or in a cell with an end outside the domain,
 * is left to the loop.
 */
function besidePole(
  eq: Equation,
  grid: Float64Array,
  n: number,
  fs: Float64Array,
  p: number,
  f: (x: number) => number,
  roots: number[],
): void {
  if (!(p > grid[0]! && p < grid[n - 1]!)) return;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (grid[mid]! < p) lo = mid;
    else hi = mid;
  }
  const a = grid[lo]!;
  const b = grid[hi]!;
  const fa = fs[lo]!;
  const fb = fs[hi]!;
  if (!(a < p && p < b) || !Number.isFinite(fa) || !Number.isFinite(fb)) return;
  // Ends of opposite signs: one crossing in the cell, the pole's own (a root beside it would make a
  // second, or a third with another); the loop's search already rejected the pole.
  if (fa * fb < 0) return;
  const d = POLE_GAP * Math.abs(p);
  if (!(p - d > a && p + d < b)) return;
  const left = f(p - d);
  if (Number.isFinite(left) && left * fa < 0) {
    const r = brent(f, a, p - d, fa, left, 100);
    if (Number.isFinite(r) && eq.isIsolatedRoot(r)) keep(eq, r, roots);
  }
  const right = f(p + d);
  if (Number.isFinite(right) && right * fb < 0) {
    const r = brent(f, p + d, b, right, fb, 100);
    if (Number.isFinite(r) && eq.isIsolatedRoot(r)) keep(eq, r, roots);
  }
}

/** How close to a pole (relative) its cell's halves end. */
const POLE_GAP = 1e-9;

/** What the scan finds at grid point i: the body of the loop over the points (see `scanWith`). */
function examine(
  eq: Equation,
  grid: Float64Array,
  n: number,
  i: number,
  buffers: Buffers,
  f: (x: number) => number,
  roots: number[],
): void {
  const { fs, rel, holds } = buffers;
  const x = grid[i]!;
  const y = fs[i]!;
  if (y === 0) {
    if (eq.isIsolatedRoot(x)) keep(eq, x, roots);
    return;
  }
  if (i + 1 < n) {
    const y1 = fs[i + 1]!;
    if (Number.isFinite(y) !== Number.isFinite(y1)) {
      const r = rootAtEdge(eq, x, grid[i + 1]!, y, y1);
      if (r !== undefined) roots.push(r);
      return;
    }
    if (y * y1 < 0) {
      const r = brent(f, x, grid[i + 1]!, y, y1, 100);
      if (Number.isFinite(r) && eq.isIsolatedRoot(r)) keep(eq, r, roots);
      return;
    }
  }
  if (
    i > 0 &&
    i + 1 < n &&
    smallDip(rel, i) &&
    fs[i - 1]! * y > 0 &&
    fs[i + 1]! * y > 0 &&
    // Where the equation holds numerically at a point and both its neighbours, the minimum is
    // rounding noise inside a stretch that holds, never an isolated root: no search.
    !(holds[i - 1] === 1 && holds[i] === 1 && holds[i + 1] === 1)
  ) {
    dip(eq, grid, i, fs, f, roots, rel[i]!, false);
  }
}

/**
 * The search at a dip of the residual around grid point i (`absolute`: of |f|, from `start` there),
 * the grid's sign at i − 1, i and i + 1: the close pair of roots around the minimiser, or the root
 * it landed on and the other one of its pair.
 */
function dip(
  eq: Equation,
  grid: Float64Array,
  i: number,
  fs: Float64Array,
  f: (x: number) => number,
  roots: number[],
  start: number,
  absolute: boolean,
): void {
  const y = fs[i]!;
  const m = goldenMinimum(eq, grid[i - 1]!, grid[i + 1]!, start, absolute);
  const ym = eq.f(m);
  if (ym * y < 0) {
    // A close pair of roots between grid points (|Z| solved for C with Z just above R): f dips
    // through zero and back, and the point found lies between them: one root on each side.
    closePair(eq, grid[i - 1]!, m, grid[i + 1]!, fs[i - 1]!, ym, fs[i + 1]!, roots);
  } else if (eq.isIsolatedRoot(m)) {
    // The search may have landed on one root of such a pair (the residual vanishes at both):
    // where f crosses zero at m with the grid's sign on both neighbours, that root is refined
    // (golden search stops at a width of 1e-10) and a second one lies on the side where f has
    // the other sign.
    const d = 1e-7 * Math.abs(m) + 1e-300;
    const fl = eq.f(m - d);
    const fr = eq.f(m + d);
    const refined = fl * fr < 0 ? brent(f, m - d, m + d, fl, fr, 100) : m;
    roots.push(Number.isFinite(refined) ? refined : m);
    if (fl * fr < 0) {
      const [lo, hi, flo, fhi] =
        fl * y < 0 ? [grid[i - 1]!, m - d, fs[i - 1]!, fl] : [m + d, grid[i + 1]!, fr, fs[i + 1]!];
      const r = brent(f, lo, hi, flo, fhi, 100);
      if (Number.isFinite(r) && eq.isIsolatedRoot(r)) keep(eq, r, roots);
    }
  }
}

/** A local minimum of the relative residual below 0.05 at grid point i. */
function smallDip(rel: Float64Array, i: number): boolean {
  return rel[i]! < 0.05 && rel[i]! < rel[i - 1]! && rel[i]! < rel[i + 1]!;
}

/**
 * A local minimum of |f| at grid point i (one sign at i − 1, i, i + 1) where the parabola through
 * the three points comes within a tenth of |f(x_i)| of zero, or crosses it: a close pair of roots
 * between grid points, whatever the size of the sides (`\Delta\ell = rs + \frac{v_0}{\omega}\sin\omega t
 * + (1 - r)s\cos\omega t` solved for ω, its roots in pairs 0.026 apart near each crest, a twentieth
 * of the grid step: written with `rs` on the left the relative residual dips below 0.05 there, with
 * it on the right it stays above).
 */
function parabolaDip(grid: Float64Array, fs: Float64Array, i: number): boolean {
  const y0 = fs[i - 1]!;
  const y1 = fs[i]!;
  const y2 = fs[i + 1]!;
  if (!(y0 * y1 > 0 && y2 * y1 > 0 && Math.abs(y1) < Math.abs(y0) && Math.abs(y1) < Math.abs(y2)))
    return false;
  const u0 = grid[i - 1]! - grid[i]!;
  const u2 = grid[i + 1]! - grid[i]!;
  const d0 = (y0 - y1) / u0;
  const d2 = (y2 - y1) / u2;
  const a = (d2 - d0) / (u2 - u0);
  const b = d0 - a * u0;
  if (!(a * y1 > 0)) return false;
  const vertex = y1 - (b * b) / (4 * a);
  return Math.sign(y1) * vertex < 0.1 * Math.abs(y1);
}

/**
 * A local minimum of |f| at grid point i (one sign at i − 1, i, i + 1) where the relative residual is
 * 1 at all three points — one side is zero, or the sides have opposite signs — so it has no minimum
 * to show: a double root of `(\sin x + \tfrac12)^2 = 0` touches zero there without a sign change,
 * and f may dip through zero and back between two grid points (a close pair of roots).
 */
function zeroSideMinimum(fs: Float64Array, rel: Float64Array, i: number): boolean {
  const y = fs[i]!;
  const a = fs[i - 1]!;
  const b = fs[i + 1]!;
  return (
    rel[i] === 1 &&
    rel[i - 1] === 1 &&
    rel[i + 1] === 1 &&
    a * y > 0 &&
    b * y > 0 &&
    Math.abs(y) < Math.abs(a) &&
    Math.abs(y) < Math.abs(b)
  );
}

/**
 * The minimiser m of |f| between the neighbours of grid point i: where f has the other sign at m,
 * the close pair of roots either side of it; else m when it is an isolated root (`isRoot` accepts
 * a touching root where |f| is 1e4 times below its value at a relative 1e-4).
 */
function touchingZero(eq: Equation, grid: Float64Array, i: number, fs: Float64Array, roots: number[]): void {
  const y = fs[i]!;
  const m = goldenMinimum(eq, grid[i - 1]!, grid[i + 1]!, Math.abs(y), true);
  const ym = eq.f(m);
  if (ym * y < 0) closePair(eq, grid[i - 1]!, m, grid[i + 1]!, fs[i - 1]!, ym, fs[i + 1]!, roots);
  else if (eq.isIsolatedRoot(m)) roots.push(m);
}

/**
 * The equation holds at every finite grid point except where the sides differ by rounding only: at
 * each failing point |l − r| is below 1e-9 of the largest |l| + |r| among the points that hold with
 * |x| in [1e-3, 1e3] (times the target's scale). There the relative residual test measures
 * cancellation, not the equation — `1 - \cos^2 x = \sin^2 x` near x = 0, where 1 − cos²x keeps one
 * significant figure. Points far out do not set the size: `x = x + 1` holds at |x| ≥ 1e9 only by
 * absorption, and nowhere in the band. Checked only when most finite points hold. A failing point
 * whose residual is rounding noise (it scatters under tiny moves, or stays within the rounding
 * bound `roundingError` gives) says nothing against the identity either.
 */
function holdsButNearCommonZeros(
  eq: Equation,
  grid: Float64Array,
  fs: Float64Array,
  holds: Uint8Array,
  size: Float64Array,
  scale: number,
  n: number,
  roundingError: ((x: number) => number) | undefined,
): boolean {
  let failing = 0;
  let finite = 0;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    const s = size[i]!;
    if (Number.isNaN(s)) continue;
    finite++;
    const ax = Math.abs(grid[i]!) / scale;
    if (holds[i] === 0) failing++;
    else if (ax >= 1e-3 && ax <= 1e3 && s > largest) largest = s;
  }
  if (failing === 0 || failing > finite / 2 || !(largest > 0)) return false;
  // Cancellation: \cosh^2 x - \sinh^2 x at x = 20 keeps no figure of the 1. Where cosh x and
  // sinh x round to the same double the residual is exactly 1 at every nearby point (it does not
  // scatter), but it stays within the rounding bound of the two squares (~10 there).
  for (let i = 0; i < n; i++)
    if (
      holds[i] === 0 &&
      !Number.isNaN(size[i]!) &&
      !(Math.abs(fs[i]!) <= 1e-9 * largest) &&
      (eq.exhausted() ||
        (!noiseAt(eq, grid[i]!, fs[i]!) && !(Math.abs(fs[i]!) <= (roundingError?.(grid[i]!) ?? Number.NaN))))
    )
      return false;
  return true;
}

/**
 * f at p is rounding noise: the values at p·(1 ± 4^k·1e-12), k = 0, 1, 2, scatter by at least |f(p)|
 * (cancellation), where a smooth f would move by ~1e-11 of itself.
 */
function noiseAt(eq: Equation, p: number, y: number): boolean {
  let spread = 0;
  for (let k = 0; k < 3; k++) {
    const h = 1e-12 * 4 ** k * p;
    spread = Math.max(spread, Math.abs(eq.f(p + h) - y), Math.abs(eq.f(p - h) - y));
  }
  return spread >= Math.abs(y);
}

/** The roots of a close pair around `m`, where f has the sign opposite to its value at a and b. */
function closePair(
  eq: Equation,
  a: number,
  m: number,
  b: number,
  fa: number,
  fm: number,
  fb: number,
  roots: number[],
): void {
  const f = (x: number): number => eq.f(x);
  for (const [lo, hi, flo, fhi] of [
    [a, m, fa, fm],
    [m, b, fm, fb],
  ] as const) {
    const r = brent(f, lo, hi, flo, fhi, 100);
    if (Number.isFinite(r) && eq.isIsolatedRoot(r)) keep(eq, r, roots);
  }
}

/**
 * Keeps a root found from a sign change when the change is real ({@link Equation.resolvedRoot});
 * otherwise drops it and marks the solve uncertain.
 */
function keep(eq: Equation, x: number, roots: number[]): void {
  if (eq.resolvedRoot(x)) roots.push(x);
  else eq.uncertain = true;
}

/**
 * A root between a grid point outside the domain and one inside it, close to the domain's edge
 * (`\operatorname{artanh}(v\sqrt{k/mg})` solved for m: the root lies 1e-5 (relative) above the
 * edge m = v²k/g, where the side blows up). Bisects for the edge, then brackets from the innermost
 * finite point found; undefined when f keeps its sign up to the edge.
 */
function rootAtEdge(eq: Equation, x0: number, x1: number, y0: number, y1: number): number | undefined {
  const inside0 = Number.isFinite(y0);
  let a = x0;
  let b = x1;
  for (let i = 0; i < 60; i++) {
    const m = 0.5 * (a + b);
    if (m <= Math.min(a, b) || m >= Math.max(a, b)) break;
    if (Number.isFinite(eq.f(m)) === inside0) a = m;
    else b = m;
  }
  const edge = inside0 ? a : b;
  const far = inside0 ? x0 : x1;
  const yFar = inside0 ? y0 : y1;
  const yEdge = eq.f(edge);
  if (!Number.isFinite(yEdge) || yEdge * yFar >= 0) return undefined;
  const r = brent((x) => eq.f(x), edge, far, yEdge, yFar, 100);
  return Number.isFinite(r) && eq.isIsolatedRoot(r) ? r : undefined;
}
