import type { FunctionName } from '../core/tree.js';

/**
 * Preimages under the one-argument non-periodic functions: every real u with f(u) = t (a superset
 * is fine: candidates are verified by substitution). Functions missing here (floor, ceil, sign,
 * max, min) are not inverted.
 */
export const INVERSE_FUNCTIONS: Readonly<Partial<Record<FunctionName, (t: number) => number[]>>> = {
  arcsin: (t) => [Math.sin(t)],
  arccos: (t) => [Math.cos(t)],
  arctan: (t) => [Math.tan(t)],
  arccot: (t) => [Math.tan(Math.PI / 2 - t)],
  sinh: (t) => [Math.asinh(t)],
  cosh: (t) => plusMinus(Math.acosh(t)),
  tanh: (t) => [Math.atanh(t)],
  coth: (t) => [Math.atanh(1 / t)],
  sech: (t) => plusMinus(Math.acosh(1 / t)),
  csch: (t) => [Math.asinh(1 / t)],
  arsinh: (t) => [Math.sinh(t)],
  arcosh: (t) => [Math.cosh(t)],
  artanh: (t) => [Math.tanh(t)],
  exp: (t) => [Math.log(t)],
  ln: (t) => [Math.exp(t)],
  log: (t) => [Math.exp(t)],
  lg: (t) => [10 ** t],
  sqrt: (t) => (t >= 0 ? [t * t] : []),
  abs: (t) => plusMinus(t),
};

/**
 * Periodic functions as (base preimages of t, period): every real u with f(u) = t is
 * base + k·period for an integer k.
 */
export const PERIODIC_INVERSES: Readonly<
  Partial<Record<FunctionName, (t: number) => { bases: number[]; period: number }>>
> = {
  sin: (t) => ({ bases: sinBases(t), period: 2 * Math.PI }),
  cos: (t) => ({ bases: cosBases(t), period: 2 * Math.PI }),
  tan: (t) => ({ bases: [Math.atan(t)], period: Math.PI }),
  cot: (t) => ({ bases: [Math.PI / 2 - Math.atan(t)], period: Math.PI }),
  sec: (t) => ({ bases: cosBases(1 / t), period: 2 * Math.PI }),
  csc: (t) => ({ bases: sinBases(1 / t), period: 2 * Math.PI }),
};

function plusMinus(u: number): number[] {
  return u === 0 ? [0] : [u, -u];
}

function clampUnit(t: number): number | undefined {
  if (Math.abs(t) <= 1) return t;
  return Math.abs(t) <= 1 + 1e-12 ? Math.sign(t) : undefined;
}

function sinBases(t: number): number[] {
  const c = clampUnit(t);
  if (c === undefined) return [];
  const a = Math.asin(c);
  return [a, Math.PI - a];
}

function cosBases(t: number): number[] {
  const c = clampUnit(t);
  if (c === undefined) return [];
  const a = Math.acos(c);
  return [a, -a];
}
