/** Diagnostic codes of the equivalence checker, with their explanations (for `--explain`). */
export const EQUIVALENCE_CODES: Readonly<Record<string, string>> = {
  'not-a-relation':
    'The formula has no relation sign; it is compared as an expression (its value), or against the right-hand side of the other formula.',
  'chained-relation':
    'The formula is a chain with inequalities such as 0 < x < 1, which the checker does not compare (a chain of equalities is compared as its first member = its last); extraction splits chains into pairs before matching.',
  'chain-first-last':
    'A chain a = b = c of equalities is compared as its first member equal to its last (the stated result); the links in between are not checked here.',
  'multiple-formulas':
    'The block holds several formulas (separated by \\Rightarrow, \\quad, commas or rows); compare them one at a time.',
  'unsupported-relation':
    'The relation (\\to, \\mapsto, \\in) has no solution-set meaning; the verdict is undetermined.',
  'compared-up-to-factor':
    'A \\sim or \\propto relation was compared up to a constant factor: \\propto needs the ratio of its sides to be the same in every trial, \\sim also needs it within [1/10, 10].',
  'relation-kind-mismatch': 'An equation was compared with an inequality; they are different.',
  'too-many-branches':
    'The formula has more \\pm signs than the checker expands; the verdict is undetermined.',
  'budget-exhausted':
    'The pair used up its evaluation budget before enough trials succeeded; the verdict is undetermined.',
  'too-many-variables':
    'The formula has more free variables than the checker accepts; the verdict is undetermined.',
  'too-few-successes':
    'Too few trials produced a solution on either side (both sides had no real solution for the target); the verdict is undetermined.',
  'identities-differ':
    'Both formulas hold whatever the values (identities), but they are about different variables or one is a tautology such as x = x: in physical mode they are different (Algorithm 1 alone would call any two identities equivalent).',
  'item-count-mismatch': 'The two blocks hold different numbers of formulas or values; they are different.',
  'too-many-items': 'A block holds more items than are compared pairwise; the verdict is undetermined.',
  'unparseable-formula': 'One side could not be parsed; see its parser diagnostics.',
  'constants-fallback':
    'One side is a value with a unit and the other names standard constants (c, ħ, e, m_e, k_B, G, ε₀, …; never k or g): they were given their CODATA 2018 values.',
  'work-budget-exhausted':
    'The pair (or the response it belongs to) spent its work budget — integrand evaluations, series terms, solver probes — before a verdict; the verdict is undetermined.',
};
