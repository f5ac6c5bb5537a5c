import type { EquivalenceMode, Evidence, PreparedFormula } from './types.js';

/**
 * Evidence before (or without) any trial: no trials, counts at zero, the mode, and — given the
 * prepared formulas — their canonical texts.
 */
export function noTrials(
  mode: EquivalenceMode,
  formulas?: { readonly a: PreparedFormula; readonly b: PreparedFormula },
): Evidence {
  const base = { trials: [], nEq: 0, nNeq: 0, nFail: 0, mode };
  return formulas === undefined
    ? base
    : { ...base, canonicalA: formulas.a.canonical, canonicalB: formulas.b.canonical };
}
