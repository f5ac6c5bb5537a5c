/**
 * Environments whose rows (`\\`) are separate formulas; `&` is alignment only, and a row that starts
 * with a relation continues the previous row's chain (`a &= b \\ &= c` is `a = b = c`).
 */
export const ROW_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'aligned',
  'align',
  'align*',
  'alignat',
  'alignat*',
  'alignedat',
  'flalign',
  'flalign*',
  'gather',
  'gather*',
  'gathered',
  'split',
  'eqnarray',
  'eqnarray*',
  'equation',
  'equation*',
  'multline',
  'multline*',
  'array',
  'subequations',
  'displaymath',
  'math',
  'center',
  'dcases',
  'rcases',
  'tabular',
]);

/** Environments kept as one opaque quantity keyed by their whitespace-normalized source. */
export const OPAQUE_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'cases',
  'pmatrix',
  'bmatrix',
  'Bmatrix',
  'vmatrix',
  'Vmatrix',
  'matrix',
  'smallmatrix',
  'psmallmatrix',
]);

/** Environments followed by a column specification argument (`\begin{array}{rl}`). */
export const COLUMN_SPEC_ENVIRONMENTS: ReadonlySet<string> = new Set([
  'array',
  'tabular',
  'alignat',
  'alignat*',
  'alignedat',
]);
