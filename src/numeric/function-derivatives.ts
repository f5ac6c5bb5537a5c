import type { FunctionName, Node } from '../core/tree.js';
import { add, call, div, mul, neg, num, pow, sub } from './build.js';

const two = (): Node => num(2);
const one = (): Node => num(1);
const sq = (u: Node): Node => pow(u, two());

/**
 * f'(u) for the one-argument built-in functions, as a tree in `u` (the chain rule multiplies by u'
 * outside). `floor`, `ceil` and `sign` have derivative 0 almost everywhere; `abs` has `sign(u)`.
 * Multi-argument forms (`log_b`, `sqrt[n]`, `max`, `min`) are handled by `differentiate`.
 */
export const FUNCTION_DERIVATIVES: Readonly<Record<FunctionName, (u: Node) => Node>> = {
  sin: (u) => call('cos', [u]),
  cos: (u) => neg(call('sin', [u])),
  tan: (u) => div(one(), sq(call('cos', [u]))),
  cot: (u) => neg(div(one(), sq(call('sin', [u])))),
  sec: (u) => mul(call('sec', [u]), call('tan', [u])),
  csc: (u) => neg(mul(call('csc', [u]), call('cot', [u]))),
  arcsin: (u) => div(one(), call('sqrt', [sub(one(), sq(u))])),
  arccos: (u) => neg(div(one(), call('sqrt', [sub(one(), sq(u))]))),
  arctan: (u) => div(one(), add(one(), sq(u))),
  arccot: (u) => neg(div(one(), add(one(), sq(u)))),
  sinh: (u) => call('cosh', [u]),
  cosh: (u) => call('sinh', [u]),
  tanh: (u) => div(one(), sq(call('cosh', [u]))),
  coth: (u) => neg(div(one(), sq(call('sinh', [u])))),
  sech: (u) => neg(mul(call('sech', [u]), call('tanh', [u]))),
  csch: (u) => neg(mul(call('csch', [u]), call('coth', [u]))),
  arsinh: (u) => div(one(), call('sqrt', [add(sq(u), one())])),
  arcosh: (u) => div(one(), call('sqrt', [sub(sq(u), one())])),
  artanh: (u) => div(one(), sub(one(), sq(u))),
  exp: (u) => call('exp', [u]),
  ln: (u) => div(one(), u),
  log: (u) => div(one(), u),
  lg: (u) => div(one(), mul(u, call('ln', [num(10)]))),
  sqrt: (u) => div(one(), mul(two(), call('sqrt', [u]))),
  abs: (u) => call('sign', [u]),
  floor: () => num(0),
  ceil: () => num(0),
  sign: () => num(0),
  max: () => num(0),
  min: () => num(0),
};
