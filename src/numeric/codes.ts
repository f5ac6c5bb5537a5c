/**
 * Every diagnostic code the numeric core emits, with its explanation (for `--explain`, the docs and
 * the viewer). Codes are stable: renaming one is a breaking change.
 */
export const NUMERIC_CODES: Readonly<Record<string, string>> = {
  'unbound-variable':
    'A variable of the formula is not in the list of variables it was compiled for; it evaluates to NaN.',
  'unexpanded-pm':
    'A ± or ∓ was left in the tree; normalization expands them into two formulas first. It evaluates to NaN.',
  'not-compilable':
    'A relation or a list cannot be evaluated to one number; compile each side (or item) separately.',
  'indefinite-integral': 'An integral without both bounds has no numeric value; it evaluates to NaN.',
  'unresolved-unit':
    'A unit node reached the numeric core; normalization replaces units by numbers. It evaluates to NaN.',
  'unsupported-node':
    'A node kind the numeric core cannot evaluate (e.g. an `apply` left by the parser); it evaluates to NaN.',
  'not-differentiable':
    'A derivative could not be expanded symbolically (e.g. of a factorial or of an opaque quantity w.r.t. itself); it evaluates to NaN.',
  'unknown-function': 'A call names a function the numeric core does not know; it evaluates to NaN.',
  'nesting-too-deep':
    'More than three integrals or sums are nested inside one another; the formula evaluates to NaN (bounded work).',
};

/** The codes of {@link NUMERIC_CODES}, as a type. */
export type NumericCode =
  | 'unbound-variable'
  | 'unexpanded-pm'
  | 'not-compilable'
  | 'indefinite-integral'
  | 'unresolved-unit'
  | 'unsupported-node'
  | 'not-differentiable'
  | 'unknown-function'
  | 'nesting-too-deep';
