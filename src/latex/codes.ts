/**
 * Every diagnostic code the LaTeX parser emits, with the explanation shown by `--explain`, the docs
 * and the viewer. Codes are stable: tests and downstream tools match on them.
 */
export const LATEX_CODES = {
  'empty-input': 'The input holds no formula (only whitespace, delimiters, labels or spacing).',
  'input-too-large': 'The input is longer than the parser accepts (ParseOptions.maxLength, default 100000).',
  'nesting-too-deep':
    'Groups, fractions or scripts are nested deeper than ParseOptions.maxDepth (default 200).',
  'unbalanced-brace': 'A `{` has no matching `}` or a `}` has no matching `{`.',
  'unbalanced-delimiter': 'A `(`, `[`, `|`, `\\left` or `\\begin` has no matching closer.',
  'unknown-command': 'A backslash command the grammar does not know.',
  'unexpected-token': 'A token that cannot stand where it was found (e.g. an operator with no operand).',
  'not-a-formula': 'The input is prose, not a formula.',
  'unsupported-unit': 'An offset unit (°C, °F): its value is not a scale factor; write temperatures in K.',
  'missing-operand': 'An operator (`\\frac{d}{dx}`, `\\nabla`, a function) has nothing to apply to.',
  'missing-differential': 'An integral without a trailing differential (`dx`); kept as an opaque quantity.',
  'dangling-relation': 'A relation with a missing side (`= b` continuing a previous line); the side kept.',
  'reaction-equation':
    "A reaction or decay equation (`p + p \\to d + e^+ + \\nu_e`): kept as the relation between two opaque quantities keyed by each side's sorted particles, so it matches the same reaction written in another order, and nothing else.",
  'internal-error': 'A bug in the parser: please report the input.',
} as const;

/** A diagnostic code of the LaTeX parser. */
export type LatexCode = keyof typeof LATEX_CODES;
