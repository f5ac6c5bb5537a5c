import {
  CUBE,
  constant,
  EXP,
  ODD_POWER,
  type Piece,
  POW,
  type ProgramBuilder,
  RECIPROCAL,
  SQRT,
  SQUARE,
} from './program.js';
import { oddDenominatorFraction, oddRationalPower } from './real-power.js';

/**
 * Compiles `a ^ b`. A constant exponent is specialised (x², x³, 1/x, √x); a constant exponent
 * p/q with odd q gives the real value for a negative base ((−8)^{1/3} = −2); a base equal to e
 * uses `Math.exp`. Otherwise `Math.pow` semantics (NaN for a negative base and a non-integer
 * exponent).
 */
export function compilePower(a: Piece, b: Piece, out: ProgramBuilder): Piece {
  const x = a.constant;
  const k = b.constant;
  if (x !== undefined && k !== undefined) return constant(power(x, k));
  if (k !== undefined) {
    if (k === 1) return a;
    if (k === 2) return out.emit(SQUARE, a);
    if (k === 3) return out.emit(CUBE, a);
    if (k === -1) return out.emit(RECIPROCAL, a);
    if (k === 0.5) return out.emit(SQRT, a);
    const fraction = oddDenominatorFraction(k);
    if (fraction !== undefined) {
      const p = out.register(fraction.p);
      out.register(fraction.q); // p + 1
      return out.raw(ODD_POWER, out.operand(a), p);
    }
    return out.emit(POW, a, b);
  }
  if (x === Math.E) return out.emit(EXP, b);
  return out.emit(POW, a, b);
}

/** `x ^ k` with the odd-denominator rule, for constants. */
export function power(x: number, k: number): number {
  if (x === Math.E) return Math.exp(k);
  const fraction = oddDenominatorFraction(k);
  return fraction !== undefined ? oddRationalPower(x, fraction.p, fraction.q) : x ** k;
}
