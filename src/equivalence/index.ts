/** Formula equivalence: PRISM-Physics Algorithm 1 with evidence. */
export { checkEquivalence } from './check-equivalence.js';
export { EQUIVALENCE_CODES } from './codes.js';
export { compareFormulas, DEFAULT_EQUIVALENCE_OPTIONS } from './compare-formulas.js';
export { effectiveVariables } from './effective-variables.js';
export { formulaResidual, formulaVariables, solveFormulaFor, symbolName } from './formula-tools.js';
export { identitiesAgree } from './identities.js';
export {
  type PrepareOptions,
  prepareFormula,
  prepareFormulaItems,
  unpreparedFormula,
  VALUE_SYMBOL,
} from './prepare-formula.js';
export { stripMathDelimiters } from './strip-math.js';
export type * from './types.js';
export { valuesClearlyDiffer } from './values-differ.js';
