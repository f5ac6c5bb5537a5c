import { prepareFormula } from '../equivalence/index.js';
import { expressionValue } from '../score/numeric-answer.js';

/**
 * The SI scale of a LaTeX unit as answers are read (`\text{nm}` → 1e-9, `^\circ` → π/180); 1 for
 * no unit; undefined when the unit cannot be read.
 */
export function unitScale(unit: string | undefined): number | undefined {
  if (unit === undefined || unit.trim() === '') return 1;
  const spaced = unit.startsWith('^') ? `1${unit}` : `1\\,${unit}`;
  return expressionValue(prepareFormula(spaced));
}

/** A number as exact LaTeX (`5.235987755982988\times10^{-1}`), for a constants map. */
export function latexNumber(value: number): string {
  const [mantissa, exponent] = value.toExponential().split('e');
  const e = Number(exponent);
  return e === 0 ? mantissa! : `${mantissa}\\times10^{${e}}`;
}
