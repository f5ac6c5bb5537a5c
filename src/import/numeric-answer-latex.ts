import { prepareFormula } from '../equivalence/prepare-formula.js';
import { relationSides } from '../score/answer-text.js';
import { expressionValue } from '../score/numeric-answer.js';
import { stripDelimiters, unitLatex, writtenFigures } from './answer-latex.js';

/** A numerical reference answer as our final-answer LaTeX, with its figures and a note if the unit is unread. */
export interface NumericAnswer {
  readonly latex: string;
  readonly significantFigures?: number;
  /** Set when the source's unit could not be read as a unit (kept in the instructions instead). */
  readonly unitNote?: string;
}

/** True when our numerical check reads `latex` as one value, with no error (e.g. an unknown unit). */
export function readsAsValue(latex: string): boolean {
  const p = prepareFormula(latex);
  return p.ok && !p.diagnostics.some((d) => d.severity === 'error') && expressionValue(p) !== undefined;
}

/** `10^6 m` → [`\times 10^{6}`, `m`]: a power of ten that a source wrote in its unit field. */
function splitPowerOfTen(unit: string): [string, string] {
  const m = /^\s*(?:\\times\s*)?10\s*\^\s*\{?\s*([-+]?\d+)\s*\}?\s*(.*)$/s.exec(unit);
  return m === null ? ['', unit] : [`\\times 10^{${m[1]}}`, m[2] ?? ''];
}

/**
 * Joins a value and a source's unit text into one formula our numerical check reads
 * (`2.47` + `m` → `2.47\,\mathrm{m}`; `2` + `$10^6$ m` → `2\times 10^{6}\,\mathrm{m}`); the figures
 * are those written in the value. A unit our reader does not know (dB, light-years) is not guessed:
 * the value is kept alone and the unit goes into a note for the instructions. A count of elementary
 * charges (unit `e`) is written in coulombs (`-5` → `-5 \times 1.602176634\times10^{-19}\,\mathrm{C}`).
 * A value written as a statement of its quantity (`\mathcal{P}_{\min}=4.3` with unit `kW/m^3`) takes
 * the unit and its figures on its right side: `\mathcal{P}_{\min}=4.3\,\mathrm{kW}/\mathrm{m}^{3}`.
 */
export function numericAnswerLatex(value: string, unit: string | null | undefined): NumericAnswer {
  const v = stripDelimiters(value);
  const sides = relationSides(v);
  if (sides !== undefined && sides.rhs !== '' && !/[=≈≃]/.test(sides.rhs) && readsAsValue(sides.rhs)) {
    const right = numericAnswerLatex(sides.rhs, unit);
    const latex = sides.lhs === '' ? right.latex : `${sides.lhs}=${right.latex}`;
    return { ...right, latex };
  }
  const figures = writtenFigures(v);
  const raw =
    unit === null || unit === undefined
      ? ''
      : stripDelimiters(unit.replace(/\$/g, ' ')).replace(/~/g, '').trim();
  const [power, rest] = splitPowerOfTen(raw);
  const number = `${v}${power === '' ? '' : ` ${power}`}`;
  const base = figures === undefined ? {} : { significantFigures: figures };
  if (rest.trim() === '') return { latex: number, ...base };
  // A charge counted in elementary charges (`-5` with unit `e`): TeX's upright e is Euler's number,
  // so the charge is written out in coulombs.
  if (/^(?:\\mathrm\s*\{\s*e\s*\}|e)$/.test(rest.trim()))
    return { latex: `${number} \\times 1.602176634\\times10^{-19}\\,\\mathrm{C}`, ...base };
  const u = unitLatex(rest);
  const joined = u === undefined ? undefined : `${number}\\,${u}`;
  if (joined !== undefined && readsAsValue(joined)) return { latex: joined, ...base };
  return { latex: number, ...base, unitNote: `unit '${rest.trim()}' not read; kept as an instruction` };
}
