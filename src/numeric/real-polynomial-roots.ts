import { brent } from './brent.js';

/** p(x) for coefficients `a` in ascending order (a[i] multiplies xⁱ), by Horner's rule. */
export function horner(a: readonly number[], x: number): number {
  let y = 0;
  for (let i = a.length - 1; i >= 0; i--) y = y * x + a[i]!;
  return y;
}

/** The coefficients of p′. */
export function derivativeCoefficients(a: readonly number[]): number[] {
  return a.slice(1).map((c, i) => c * (i + 1));
}

/**
 * The real roots of a polynomial (ascending coefficients) with |x| ≤ `bound`, sorted. Degree ≤ 2 in
 * closed form (a slightly negative discriminant, relative 1e-12, counts as a double root); higher
 * degrees by isolation between the real roots of p′ (found recursively) and Brent's method, with
 * critical points where p nearly vanishes (|p| within `touch` of the sum of its terms' magnitudes)
 * kept as double roots.
 */
export function realPolynomialRoots(coefficients: readonly number[], bound: number, touch = 1e-12): number[] {
  const a = trim(coefficients);
  const d = a.length - 1;
  if (d <= 0) return [];
  if (d === 1) return [-a[0]! / a[1]!];
  if (d === 2) return quadratic(a[2]!, a[1]!, a[0]!);
  const lead = a[d]!;
  let cauchy = 0;
  for (let i = 0; i < d; i++) cauchy = Math.max(cauchy, Math.abs(a[i]! / lead));
  const edge = Math.min(1 + cauchy, bound);
  const critical = realPolynomialRoots(derivativeCoefficients(a), bound, touch).filter(
    (x) => Math.abs(x) < edge,
  );
  const points = [-edge, ...critical, edge];
  const p = (x: number): number => horner(a, x);
  const magnitude = (x: number): number => horner(a.map(Math.abs), Math.abs(x));
  const roots: number[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const x0 = points[i]!;
    const x1 = points[i + 1]!;
    const y0 = p(x0);
    const y1 = p(x1);
    if (y0 * y1 < 0) roots.push(brent(p, x0, x1, y0, y1, 200));
    else if (y0 === 0) roots.push(x0);
  }
  for (const x of critical) if (Math.abs(p(x)) <= touch * magnitude(x)) roots.push(x);
  if (p(edge) === 0) roots.push(edge);
  return roots.sort((x, y) => x - y);
}

function trim(a: readonly number[]): number[] {
  const out = [...a];
  while (out.length > 0 && out[out.length - 1] === 0) out.pop();
  return out;
}

function quadratic(a: number, b: number, c: number): number[] {
  const disc = b * b - 4 * a * c;
  if (disc < 0) {
    if (-disc > 1e-12 * (b * b + Math.abs(4 * a * c))) return [];
    return [-b / (2 * a)];
  }
  if (b === 0) {
    const r = Math.sqrt(-c / a);
    return [-r, r];
  }
  const q = -0.5 * (b + Math.sign(b) * Math.sqrt(disc));
  const roots = [q / a, c / q].filter(Number.isFinite);
  return roots.sort((x, y) => x - y);
}
