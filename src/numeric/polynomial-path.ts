import type { Equation } from './equation.js';
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
export function polynomialPath(eq: Equation, maxAbs: number, scale = 1): number[] | 'zero' | undefined {
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
    return polish(eq, dropNoise(coefficients, 3 * scale), k, maxAbs);
  }
  return undefined;
}

function polish(eq: Equation, coefficients: number[], k: number, maxAbs: number): number[] {
  const slope = derivativeCoefficients(coefficients);
  const roots: number[] = [];
  for (let x of realPolynomialRoots(coefficients, maxAbs)) {
    for (let i = 0; i < 8 && !eq.exhausted(); i++) {
      const y = eq.f(x) * x ** k;
      const s = horner(slope, x);
      if (!Number.isFinite(y) || y === 0 || s === 0) break;
      const step = y / s;
      if (!Number.isFinite(step)) break;
      x -= step;
      if (Math.abs(step) <= 1e-15 * Math.abs(x)) break;
    }
    if (Math.abs(x) <= maxAbs && eq.isRoot(x)) roots.push(x);
  }
  return roots;
}

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
