/**
 * Every diagnostic code the normalizer emits, with its explanation (for `--explain`, the docs and
 * the viewer). Codes are stable; explanations may be reworded.
 */
export const NORMALIZE_CODES = {
  'bad-constant':
    'An entry of the problem’s constants map could not be used: its key is not a single symbol, its value does not parse to an expression, the key is given twice, or a key mapped to itself names no physical constant. The other entries are still applied.',
  'constant-cycle':
    'Entries of the constants map refer to each other in a cycle (k = 2k, or a = b with b = a); the entries in the cycle are left as free symbols.',
  'constant-from-table':
    'A symbol inside a constants-map value was not a key of the map and was replaced by the physical constant of that name from the CODATA 2018 table.',
  'complex-unsupported':
    'The formula uses the imaginary unit i (declared with imaginaryUnit); the checker is real-valued, so the formula cannot be compared reliably.',
  'unknown-unit': 'A unit could not be resolved to an SI scale factor and dimension.',
  'unsupported-unit':
    'An offset unit (°C, °F) where its reading is ambiguous: a stated temperature (`T = 27\\,^{\\circ}C`, a whole side) converts to kelvin, a difference (`\\Delta T = …`, `T_2 - T_1 = …`) and a compound unit (`J/(kg\\,^{\\circ}C)`) take only the scale, anything else (a temperature inside arithmetic) is this error; write the value in kelvin.',
} as const satisfies Record<string, string>;

/** A diagnostic code of the normalizer. */
export type NormalizeCode = keyof typeof NORMALIZE_CODES;
