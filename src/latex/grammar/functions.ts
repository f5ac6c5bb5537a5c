import type { FunctionName } from '../../core/tree.js';

/** Function commands (and `\operatorname{…}` names) → the built-in function they call. */
export const FUNCTIONS: Readonly<Record<string, FunctionName>> = {
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  tg: 'tan',
  cot: 'cot',
  ctg: 'cot',
  sec: 'sec',
  csc: 'csc',
  cosec: 'csc',
  arcsin: 'arcsin',
  arccos: 'arccos',
  arctan: 'arctan',
  arctg: 'arctan',
  arccot: 'arccot',
  asin: 'arcsin',
  acos: 'arccos',
  atan: 'arctan',
  sinh: 'sinh',
  cosh: 'cosh',
  tanh: 'tanh',
  coth: 'coth',
  sech: 'sech',
  csch: 'csch',
  arsinh: 'arsinh',
  arcsinh: 'arsinh',
  asinh: 'arsinh',
  arcosh: 'arcosh',
  arccosh: 'arcosh',
  acosh: 'arcosh',
  artanh: 'artanh',
  arctanh: 'artanh',
  atanh: 'artanh',
  exp: 'exp',
  ln: 'ln',
  log: 'log',
  lg: 'lg',
  sgn: 'sign',
  sign: 'sign',
  abs: 'abs',
  max: 'max',
  min: 'min',
  floor: 'floor',
  ceil: 'ceil',
};

/** `f^{-1}` of these functions is the inverse function (`\sin^{-1} x` = arcsin x). */
export const INVERSES: Readonly<Partial<Record<FunctionName, FunctionName>>> = {
  sin: 'arcsin',
  cos: 'arccos',
  tan: 'arctan',
  cot: 'arccot',
  sinh: 'arsinh',
  cosh: 'arcosh',
  tanh: 'artanh',
};

/**
 * Operator names without a built-in function (`\det`, `\operatorname{erf}`…): they apply to their
 * argument as an {@link ApplyNode} named after the operator, or stay a symbol.
 */
export const OPERATOR_NAMES: ReadonlySet<string> = new Set([
  'det',
  'dim',
  'ker',
  'arg',
  'deg',
  'gcd',
  'hom',
  'inf',
  'sup',
  'liminf',
  'limsup',
  'Pr',
  'tr',
  'erf',
  'erfc',
]);
