/** Reasons a fragment is dropped and diagnostics of formula extraction, with their explanations. */
export const EXTRACT_CODES: Readonly<Record<string, string>> = {
  'no-relation':
    'A lone expression, number or symbol without a relation: kept only as a final-answer candidate.',
  unparseable: 'The fragment does not parse as LaTeX math (prose, malformed or unsupported notation).',
  'unterminated-math': 'A math delimiter (`$$`, `\\[`, `\\(`, `\\begin{…}`, `\\boxed{`) is never closed.',
  'unchecked-relation':
    'A relation we do not check (`\\to`, `\\mapsto`, `\\in`); `\\sim` and `\\propto` are compared up to a factor.',
  empty: 'An empty math block.',
  'too-long': 'A math block longer than the per-block limit; skipped unparsed.',
  'too-many-formulas': 'The answer holds more formulas than the per-answer cap; the rest is ignored.',
  'too-many-fragments': 'The answer holds more math fragments than the per-answer cap; the rest is ignored.',
};
