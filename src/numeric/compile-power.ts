import type { Piece } from './compile.js';
import { oddDenominatorFraction, oddRationalPower } from './real-power.js';

/**
 * Compiles `a ^ b`. A constant exponent is specialised (x², x³, 1/x, √x); a constant exponent
 * p/q with odd q gives the real value for a negative base ((−8)^{1/3} = −2); a base equal to e
 * uses `Math.exp`. Otherwise `Math.pow` semantics (NaN for a negative base and a non-integer
 * exponent).
 */
export function compilePower(a: Piece, b: Piece): Piece {
  const f = a.ev;
  const g = b.ev;
  const x = a.constant;
  const k = b.constant;
  if (x !== undefined && k !== undefined) return constantPiece(power(x, k));
  if (k !== undefined) {
    if (k === 1) return a;
    if (k === 2)
      return {
        ev: (v) => {
          const u = f(v);
          return u * u;
        },
      };
    if (k === 3)
      return {
        ev: (v) => {
          const u = f(v);
          return u * u * u;
        },
      };
    if (k === -1) return { ev: (v) => 1 / f(v) };
    if (k === 0.5) return { ev: (v) => Math.sqrt(f(v)) };
    const fraction = oddDenominatorFraction(k);
    if (fraction !== undefined) {
      const { p, q } = fraction;
      return { ev: (v) => oddRationalPower(f(v), p, q) };
    }
    return { ev: (v) => f(v) ** k };
  }
  if (x === Math.E) return { ev: (v) => Math.exp(g(v)) };
  if (x !== undefined) return { ev: (v) => x ** g(v) };
  return { ev: (v) => f(v) ** g(v) };
}

/** `x ^ k` with the odd-denominator rule, for constants. */
export function power(x: number, k: number): number {
  if (x === Math.E) return Math.exp(k);
  const fraction = oddDenominatorFraction(k);
  return fraction !== undefined ? oddRationalPower(x, fraction.p, fraction.q) : x ** k;
}

function constantPiece(value: number): Piece {
  return { ev: () => value, constant: value };
}
