import type { Equation } from './equation.js';
import { goldenMinimum } from './golden-minimum.js';
import { PreciseSides, type Sides as WrittenSides } from './precise-sides.js';
import { derivativeCoefficients, horner, realPolynomialRoots } from './real-polynomial-roots.js';

/** Interpolation nodes (5, for degree ≤ 4) and check nodes; irregular, so poles rarely hit them. */
const NODES = [-1.6180339887, -0.7316, 0.3713, 1.1892, 2.0346];
const CHECKS = [2.8711, -2.4142];
/** Largest k tried in x^k·f(x) (the target in denominators). */
const MAX_SHIFT = 3;

/**
 * Path B: detects numerically that x^k·(lhs − rhs) is a polynomial of degree ≤ 4 for some k ≤ 3
 * (interpolate at 5 points, check at 2 more within 1e-8 relative to the sides), finds the real roots
 * of that polynomial, polishes each by (up to 8) Newton steps on the true function and verifies it by
 * substitution. Returns `'zero'` when the function vanishes at every sample (an identity candidate
 * for the scan to confirm) and undefined when no polynomial fits.
 */
export function polynomialPath(
  eq: Equation,
  maxAbs: number,
  scale = 1,
  written?: WrittenSides,
): number[] | 'zero' | undefined {
  const nodes = NODES.map((x) => x * scale);
  const checks = CHECKS.map((x) => x * scale);
  const xs = [...nodes, ...checks];
  const fs: number[] = [];
  const scales: number[] = [];
  let zero = true;
  for (const x of xs) {
    fs.push(eq.f(x));
    scales.push(Math.abs(eq.l) + Math.abs(eq.r));
    zero &&= eq.lastOk();
  }
  if (zero) return 'zero';
  for (let k = 0; k <= MAX_SHIFT; k++) {
    const g = fs.map((y, i) => y * xs[i]! ** k);
    if (!g.every(Number.isFinite)) continue;
    const coefficients = interpolate(nodes, g.slice(0, nodes.length));
    const fits = checks.every((x, j) => {
      const i = nodes.length + j;
      return Math.abs(horner(coefficients, x) - g[i]!) <= 1e-8 * Math.abs(x) ** k * scales[i]! + 1e-300;
    });
    if (!fits) continue;
    return polish(eq, dropNoise(coefficients, 3 * scale), k, maxAbs, written);
  }
  return undefined;
}

function polish(
  eq: Equation,
  coefficients: number[],
  k: number,
  maxAbs: number,
  written: WrittenSides | undefined,
): number[] {
  const slope = derivativeCoefficients(coefficients);
  // Each candidate after Newton's method, then whether it settled, then the reach of its last step.
  const polished: number[] = [];
  // (A critical point within 1e-10 of vanishing is a candidate: interpolated far from its nodes, the
  // quartic of a quadruple root at 19 has a minimum of 2e-6 where the terms are ~2e6, and no root.)
  for (let x of realPolynomialRoots(coefficients, maxAbs, TOUCH)) {
    let settled = false;
    let step = 0;
    for (let i = 0; i < 8 && !eq.exhausted(); i++) {
      const y = eq.f(x) * x ** k;
      const s = horner(slope, x);
      settled = !Number.isFinite(y) || y === 0;
      if (settled || s === 0) break;
      step = y / s;
      if (!Number.isFinite(step)) break;
      x -= step;
      settled = Math.abs(step) <= 1e-15 * Math.abs(x);
      if (settled) break;
    }
    polished.push(x, settled ? 1 : 0, Math.abs(step));
  }
  const roots: number[] = [];
  // Candidates where Newton's method did not settle, or that lie within a relative 1e-3 of
  // another candidate, with the reach of their last step (see below): a root Newton settles on
  // beside a close pair can be a point of the rounding noise between them, and its neighbour
  // missed (`(x - a)^2 (x - 1.0001a)^2` gave 1.0001a alone).
  let unsettled: number[] | undefined;
  for (let i = 0; i < polished.length; i += 3) {
    const x = polished[i]!;
    if (Math.abs(x) > maxAbs) continue;
    const settled = polished[i + 1] === 1 && !closeToAnother(polished, i);
    if (!settled && !eq.truncated) (unsettled ??= []).push(x, polished[i + 2]!);
    else if (eq.isRoot(x)) roots.push(x);
  }
  if (unsettled !== undefined) {
    const precise = written === undefined ? undefined : PreciseSides.of(eq, written);
    for (const x of multipleRoots(eq, unsettled, precise)) roots.push(x);
  }
  return roots;
}

/** Whether the candidate at `i` of `polished` (triples) lies within a relative {@link CLUSTER} of another point. */
function closeToAnother(polished: readonly number[], i: number): boolean {
  const x = polished[i]!;
  for (let j = 0; j < polished.length; j += 3) {
    // (The same point twice is one candidate: x = 0 comes out once per order of a root at 0.)
    const d = Math.abs(polished[j]! - x);
    if (d > 0 && d <= CLUSTER * Math.max(Math.abs(x), Math.abs(polished[j]!))) return true;
  }
  return false;
}

/**
 * The roots of the true function near candidates where Newton's method on the interpolated
 * polynomial did not settle (`pairs`: each candidate followed by its last step's size). At a root of
 * multiplicity m the polynomial's coefficients, good to ~1e-13, place it only to ~1e-13^(1/m) (1e-4
 * relative for m = 4), its slope there is noise, and Newton crawls ((m − 1)/m a step): a quadruple
 * root came out as two or three "roots" 1e-5 apart, each passing the touching-root test on the flat
 * true function. Candidates within a relative 1e-3 of each other form a cluster; |f| of the true
 * function is sampled across the cluster (widened by 8 last steps on each side, the distance a
 * crawling Newton still had to go, and by at least 1e-3 relative) and each local minimum is refined by golden-section search and
 * kept when it passes {@link Equation.isRoot}. Distinct close roots (`(x - a)^3 (x - 1.0001a)`) are
 * separate minima of |f|, so they stay apart; one multiple root is one minimum.
 */
function multipleRoots(
  eq: Equation,
  unsorted: readonly number[],
  precise: PreciseSides | undefined,
): number[] {
  const at = precise ?? eq;
  // (Newton may carry a candidate past its neighbour: by position first.)
  const order: number[] = [];
  for (let i = 0; i < unsorted.length; i += 2) order.push(i);
  order.sort((x, y) => unsorted[x]! - unsorted[y]!);
  const pairs = order.flatMap((i) => [unsorted[i]!, unsorted[i + 1]!]);
  const found: number[] = [];
  let i = 0;
  while (i < pairs.length && !eq.exhausted()) {
    const first = pairs[i]!;
    let last = first;
    let step = pairs[i + 1]!;
    let j = i + 2;
    for (; j < pairs.length && pairs[j]! - last <= CLUSTER * Math.abs(pairs[j]!); j += 2) {
      last = pairs[j]!;
      step = Math.max(step, pairs[j + 1]!);
    }
    const size = Math.max(Math.abs(first), Math.abs(last));
    const reach = Math.max(Math.min(8 * step, MAX_REACH * size), last - first, REACH * size);
    const lo = first - reach;
    const hi = last + reach;
    const samples = Math.min(MAX_SAMPLES, Math.max(MIN_SAMPLES, Math.ceil((hi - lo) / (SPACING * size))));
    const xs: number[] = [];
    for (let n = 0; n <= samples; n++) xs.push(lo + ((hi - lo) * n) / samples);
    for (let m = i; m < j; m += 2) xs.push(pairs[m]!);
    xs.sort((x, y) => x - y);
    // (A candidate found twice, or on a sample, once: a point is no minimum of |f| beside itself.)
    for (let n = xs.length - 1; n > 0; n--) if (xs[n] === xs[n - 1]) xs.splice(n, 1);
    const fs = xs.map((x) => Math.abs(at.f(x)));
    for (let n = 1; n + 1 < xs.length; n++) {
      const y = fs[n]!;
      if (!(y <= fs[n - 1]! && y < fs[n + 1]!)) continue;
      // (The search gives up where |f| does not halve from the sample's: the sample is then the best.)
      const refined = goldenMinimum(at, xs[n - 1]!, xs[n + 1]!, y, true);
      const x = Math.abs(at.f(refined)) < y ? refined : xs[n]!;
      if (precise === undefined ? eq.isRoot(x) || touches(eq, x) : touches(precise, x) || crosses(precise, x))
        found.push(x);
    }
    i = j;
  }
  return found;
}

/**
 * f keeps its sign at a relative 1e-6 on both sides of x and is 1e4 times larger there than at x: a
 * touching root whose neighbour is too close for the test at 1e-4 of {@link Equation.isRoot}
 * (`(x - a)^2 (x - 1.0001a)^2` at a: f vanishes at a(1 + 1e-4) too).
 */
function touches(at: Sides, x: number): boolean {
  const y = Math.abs(at.f(x));
  if (!Number.isFinite(y)) return false;
  const w = 1e-6 * Math.abs(x) + 1e-300;
  const c = at.f(x - w);
  const e = at.f(x + w);
  return c * e > 0 && y <= 1e-4 * Math.min(Math.abs(c), Math.abs(e));
}

/** f changes sign within a relative 1e-7 of x and |f(x)| is 1e3 times below |f| there. */
function crosses(at: Sides, x: number): boolean {
  const y = Math.abs(at.f(x));
  if (y === 0) return true;
  const d = 1e-7 * Math.abs(x) + 1e-300;
  const a = at.f(x - d);
  const b = at.f(x + d);
  return a * b < 0 && y <= 1e-3 * Math.min(Math.abs(a), Math.abs(b));
}

/** What the cluster search evaluates: f in binary64 or in double-double. */
type Sides = Pick<Equation, 'f'>;

/** How nearly a critical point of the interpolated polynomial must vanish to be a candidate. */
const TOUCH = 1e-10;
/** Relative distance within which unsettled candidates are one cluster (see `multipleRoots`). */
const CLUSTER = 1e-3;
/** How far beyond a cluster |f| is sampled at least (relative): a multiple root's candidates can miss it by several 1e-4. */
const REACH = 1e-3;
/** At most this far (relative) for a candidate whose last Newton step was a jump (a slope of noise). */
const MAX_REACH = 4e-3;
/** Samples of |f| across a cluster: 2e-5 apart (relative), so roots 1e-4 apart are separate minima, 64 to 512. */
const SPACING = 2e-5;
const MIN_SAMPLES = 64;
const MAX_SAMPLES = 512;

/**
 * Drops leading coefficients whose share at |x| ≈ `at` is below 1e-12 (interpolation noise), and
 * sets such lower coefficients to 0: `m v^2/r − q v B` interpolates to a constant of ~1e-15, whose
 * "root" near 0 fails verification, while the true root is exactly 0.
 */
function dropNoise(a: number[], at: number): number[] {
  const size = a.map((c, i) => Math.abs(c) * at ** i);
  const max = Math.max(...size);
  let d = a.length;
  while (d > 1 && size[d - 1]! <= 1e-12 * max) d--;
  const out = a.slice(0, d);
  // Any other such coefficient is noise too: M^2c^4 - 2Mpc^3 + p^2c^2\frac{K}{K} = p^2c^2 + m^2c^4
  // leaves ~1e-16 of p^2 on c^2 (K/K rounds), which would turn the triple root c = 0 into a double
  // one beside a spurious root near 1e-16.
  for (let i = 0; i < d - 1; i++) if (size[i]! <= 1e-12 * max) out[i] = 0;
  return out;
}

/** Ascending monomial coefficients of the interpolating polynomial (Newton divided differences). */
function interpolate(xs: readonly number[], ys: readonly number[]): number[] {
  const n = xs.length;
  const c = [...ys];
  for (let j = 1; j < n; j++) {
    for (let i = n - 1; i >= j; i--) c[i] = (c[i]! - c[i - 1]!) / (xs[i]! - xs[i - j]!);
  }
  let poly = [c[n - 1]!];
  for (let i = n - 2; i >= 0; i--) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let m = 0; m < poly.length; m++) {
      next[m + 1]! += poly[m]!;
      next[m]! -= poly[m]! * xs[i]!;
    }
    next[0]! += c[i]!;
    poly = next;
  }
  return poly;
}
