import { compareFormulas } from './compare-formulas.js';
import { prepareFormula } from './prepare-formula.js';
import type { EquivalenceOptions, EquivalenceResult } from './types.js';

/**
 * Decides whether two LaTeX formulas are equivalent (PRISM-Physics Algorithm 1): Stage 1 substitutes
 * the constants map, math constants and units; Stage 2 compares solution sets under random
 * assignments. Returns the verdict with its evidence; never throws on user input.
 *
 * @example checkEquivalence('v^2 = 2gh', 'v = \\sqrt{2gh}').verdict // 'equivalent' (physical mode)
 */
export function checkEquivalence(a: string, b: string, options: EquivalenceOptions = {}): EquivalenceResult {
  const prepare = options.constants === undefined ? {} : { constants: options.constants };
  const result = compareFormulas(prepareFormula(a, prepare), prepareFormula(b, prepare), options);
  return result;
}
