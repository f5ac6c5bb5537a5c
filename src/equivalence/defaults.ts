// In a module of their own so that the helpers `compare-formulas.ts` calls (effective variables)
// read them without importing it back.

/** The paper's parameters (PRISM-Physics, Appendix B) and our budget defaults. */
export const DEFAULT_EQUIVALENCE_OPTIONS = {
  maxTrials: 40,
  minSuccesses: 10,
  minEqual: 10,
  minTrials: 10,
  range: [2, 20] as const,
  relTol: 1e-6,
  absTol: 1e-9,
  mode: 'physical' as const,
  evalBudget: 400_000,
  workBudget: 1_000_000,
  maxVariables: 64,
  fallbackRanges: [
    [0.05, 0.95],
    [-20, 20],
  ] as readonly (readonly [number, number])[],
};
