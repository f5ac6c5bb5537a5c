/**
 * The numeric core: compile trees to register programs, differentiate symbolically, integrate and sum
 * numerically, and find all real solutions of equations and inequalities.
 */
export { NUMERIC_CODES, type NumericCode } from './codes.js';
export { type Compiled, compile } from './compile.js';
export { differentiate } from './differentiate.js';
export { expandDerivatives } from './expand-derivatives.js';
export { freeVariables } from './free-variables.js';
export { gamma } from './gamma.js';
export { type IntegrateOptions, type IntegrateResult, integrate } from './integrate.js';
export { solveEquation } from './solve-equation.js';
export {
  type InequalityOp,
  type InequalityResult,
  type Interval,
  solveInequality,
} from './solve-inequality.js';
export type { SolveOptions, SolvePath, SolveResult, SolveStats } from './solve-types.js';
export { sumSeries } from './sum-series.js';
export { isVariableNode, type VariableNode, variableKey } from './variable-key.js';
