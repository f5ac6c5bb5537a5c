/**
 * Our prompt for PRiSM's parameterization (spec B2 stages 4 and 9, done our way): the model proposes
 * which givens become parameters, their ranges, units and constraints; our forward solve decides.
 * The version enters every call's cache key and the report.
 */
export const PARAMETERIZE_PROMPT = {
  version: 'parameterize-v1',
  system:
    'You turn a worked physics problem into a template whose given values can vary. You return ONLY a JSON object.',
  instructions: [
    'Choose which given quantities become parameters: numbers the problem states that a student could be given differently (masses, lengths, angles, voltages …). Never vary physical constants (g, c, h, e, k_B …) or pure numbers of the method.',
    'For each parameter give: "name" (letters, digits, _), "symbol" (the key it sets: a key of the constants map or of the witness, exactly as written there), "value" (the problem as written, in "unit"), "min" and "max" (a range in which the problem stays physically meaningful and solvable), optionally "unit" (LaTeX written after the number, e.g. "\\\\text{kg}"; absent: SI), "figures" (significant figures as written), "integer": true for counts and quantum numbers.',
    'Give "constraints": relations that must hold for an instance to make sense (e.g. "n_2 > n_1", "v_1 < c"), as LaTeX over the symbols; [] when none.',
    'Optionally give "context": the problem text with each parameter\'s stated value and unit replaced by {{name}} (nothing else changed).',
    'Reply with ONLY: {"parameters": [...], "constraints": [...], "context": "..."}',
  ].join('\n'),
} as const;
