import type { FunctionName } from '../core/tree.js';

/**
 * Real implementations of the one-argument built-in functions. Conventions: `log` without a base is
 * the natural logarithm; `lg` is base 10; `arccot x = π/2 − arctan x` (range (0, π), continuous);
 * the reciprocal functions are `1/f`. NaN and ±∞ propagate as `Math` does.
 */
export const UNARY_FUNCTIONS: Readonly<Partial<Record<FunctionName, (x: number) => number>>> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  cot: (x) => 1 / Math.tan(x),
  sec: (x) => 1 / Math.cos(x),
  csc: (x) => 1 / Math.sin(x),
  arcsin: Math.asin,
  arccos: Math.acos,
  arctan: Math.atan,
  arccot: (x) => Math.PI / 2 - Math.atan(x),
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  coth: (x) => 1 / Math.tanh(x),
  sech: (x) => 1 / Math.cosh(x),
  csch: (x) => 1 / Math.sinh(x),
  arsinh: Math.asinh,
  arcosh: Math.acosh,
  artanh: Math.atanh,
  exp: Math.exp,
  ln: Math.log,
  log: Math.log,
  lg: Math.log10,
  sqrt: Math.sqrt,
  abs: Math.abs,
  floor: Math.floor,
  ceil: Math.ceil,
  sign: Math.sign,
};

/** The periodic functions: a target inside their argument makes the solver report roots in [−P, P] only. */
export const PERIODIC_FUNCTIONS: ReadonlySet<FunctionName> = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
]);
