import type { Problem } from '../dag/types.js';
import { prepareFormula } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { relationSides } from '../score/answer-text.js';
import { expressionValue } from '../score/numeric-answer.js';
import type { ScoreRecord } from '../score/types.js';

/** An answer's value for one expected numerical answer, against the reference value. */
export interface RelativeError {
  /** The answer's text that gave the value. */
  readonly got: string;
  /** Its value in SI. */
  readonly value: number;
  /** The reference value in SI. */
  readonly expected_value: number;
  /** (value − expected) / |expected|. */
  readonly relative_error: number;
}

/**
 * For each expected answer of a scored record (same order as `final_answer.answers`): when it is
 * numerical, the answer's value and its relative error against the reference, both in SI. The
 * value is the text the grader credited (`by`); for an answer judged wrong, the last extracted
 * formula that states the same quantity with a value (`q = …`), as a reader looks for it. Null where
 * the answer is not numerical, the reference has no value, or the answer states none.
 */
export function relativeErrors(problem: Problem, record: Partial<ScoreRecord>): (RelativeError | null)[] {
  const answers = record.final_answer?.answers ?? [];
  if (!answers.some((a) => a.form === 'numerical')) return answers.map(() => null);
  const constants = problem.constants === undefined ? {} : { constants: problem.constants };
  const cache = new Map<string, PreparedFormula>();
  const prepare = (latex: string): PreparedFormula => {
    let p = cache.get(latex);
    if (p === undefined) {
      p = prepareFormula(latex, constants);
      cache.set(latex, p);
    }
    return p;
  };
  const statedValue = (latex: string): number | undefined => {
    const sides = relationSides(latex);
    return expressionValue(prepare(sides === undefined ? latex : sides.rhs));
  };
  const quantityOf = (latex: string): string | undefined => {
    const sides = relationSides(latex);
    if (sides === undefined) return undefined;
    const q = prepare(sides.lhs);
    return q.ok && q.kind === 'expression' ? q.canonical : undefined;
  };
  const formulas = record.formulas ?? [];
  return answers.map((a) => {
    if (a.form !== 'numerical') return null;
    const expected = statedValue(a.expected);
    if (expected === undefined) return null;
    let got = a.by;
    if (got === undefined) {
      const quantity = quantityOf(a.expected);
      if (quantity === undefined) return null;
      for (let k = formulas.length - 1; k >= 0 && got === undefined; k--) {
        const f = formulas[k]!.latex;
        if (quantityOf(f) === quantity && statedValue(f) !== undefined) got = f;
      }
    }
    if (got === undefined) return null;
    const value = statedValue(got);
    if (value === undefined) return null;
    const relative =
      expected === 0 ? (value === 0 ? 0 : Number.POSITIVE_INFINITY) : (value - expected) / Math.abs(expected);
    return Number.isFinite(relative)
      ? { got, value, expected_value: expected, relative_error: relative }
      : null;
  });
}
