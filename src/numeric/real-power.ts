/**
 * Real powers and roots with the physics reading of negative bases: an odd root of a negative number
 * is real (∛−8 = −2), and so is a negative base raised to a literal rational exponent p/q with odd q
 * ((−8)^{2/3} = 4). Everything else follows `Math.pow` (NaN for a negative base and a non-integer
 * exponent).
 */

/** `x^(1/n)`, real for odd integer n and negative x. */
export function nthRoot(x: number, n: number): number {
  if (n === 2) return Math.sqrt(x);
  if (n === 3) return Math.cbrt(x);
  if (x < 0 && Number.isInteger(n) && Math.abs(n % 2) === 1) return -((-x) ** (1 / n));
  return x ** (1 / n);
}

/**
 * The exponent as a fraction p/q with odd q ≤ 99 (q > 1), when it is one to 1e-12; else undefined.
 * Used once at compile time on literal exponents.
 */
export function oddDenominatorFraction(exponent: number): { p: number; q: number } | undefined {
  if (!Number.isFinite(exponent) || Number.isInteger(exponent)) return undefined;
  for (let q = 3; q <= 99; q += 2) {
    const p = Math.round(exponent * q);
    if (Math.abs(exponent * q - p) <= 1e-12 * Math.max(1, Math.abs(p))) return { p, q };
  }
  return undefined;
}

/** `x^(p/q)` for odd q: real for negative x, the sign following the parity of p. */
export function oddRationalPower(x: number, p: number, q: number): number {
  if (x >= 0 || Number.isNaN(x)) return x ** (p / q);
  const magnitude = (-x) ** (p / q);
  return Math.abs(p % 2) === 1 ? -magnitude : magnitude;
}
