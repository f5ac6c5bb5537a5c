import { statedFigures, writtenNumber } from '../dag/check-final-answers.js';
import { formatFigures } from '../dag/render-template.js';
import type { AnswerForm, Problem } from '../dag/types.js';
import { prepareFormula } from '../equivalence/index.js';
import { relationSides } from '../score/answer-text.js';
import { expressionValue } from '../score/numeric-answer.js';
import { evaluateExpression } from './evaluate-expression.js';

/** The computed final answer of one quantity of an instance. */
export interface GroundTruthAnswer {
  /** Sub-question letter, absent for a top-level answer. */
  readonly part?: string;
  readonly form: AnswerForm;
  /** The quantity as written on the answer's left side (`A`, `\frac{N_C}{N_0}`). */
  readonly quantity: string;
  /** The answer as LaTeX: numerical answers re-written with the instance's value, algebraic ones as stated. */
  readonly latex: string;
  /** SI value at this instance. */
  readonly value_si: number;
  /** Value in the unit the answer is written in (numerical answers). */
  readonly value?: number;
  /** That unit as LaTeX (`\,\text{MeV}`), empty for SI. */
  readonly unit?: string;
  readonly figures?: number;
}

const NUMBER =
  /^\s*[-+]?\s*(?:\d+(?:\.\d*)?|\.\d+)(?:\s*(?:\\times|\\cdot)\s*10\s*\^\s*(?:\{\s*[-+]?\d+\s*\}|\d))?/;

/**
 * The final answers of a problem recomputed at a solution of its DAG (canonical names → values, as
 * the witness walk gives them): each stated answer `quantity = …` has its quantity evaluated; a
 * numerical one is written again in its own unit to its significant figures (default 3), an algebraic
 * one keeps its formula. Answers whose quantity cannot be evaluated are left out.
 */
export function groundTruth(
  problem: Problem,
  constants: Readonly<Record<string, string>>,
  solution: Readonly<Record<string, number>>,
): GroundTruthAnswer[] {
  const parts = [
    {
      letter: undefined,
      form: problem.final_answer_form ?? 'algebraic',
      answers: problem.final_answer ?? [],
      figures: problem.significant_figures ?? statedFigures(problem.final_answer_instructions),
    },
    ...(problem.subquestions ?? []).map((s) => ({
      letter: s.letter,
      form: s.final_answer_form ?? problem.final_answer_form ?? 'algebraic',
      answers: s.final_answer ?? [],
      figures:
        s.significant_figures ??
        problem.significant_figures ??
        statedFigures(s.final_answer_instructions) ??
        statedFigures(problem.final_answer_instructions),
    })),
  ];
  const out: GroundTruthAnswer[] = [];
  for (const part of parts) {
    for (const latex of part.answers) {
      const sides = relationSides(latex);
      if (sides === undefined) continue;
      const valueSi = evaluateExpression(prepareFormula(sides.lhs, { constants }), solution);
      if (valueSi === undefined) continue;
      const where = part.letter === undefined ? {} : { part: part.letter };
      if (part.form !== 'numerical') {
        out.push({ ...where, form: part.form, quantity: sides.lhs, latex, value_si: valueSi });
        continue;
      }
      // The written unit: the stated number's SI value over the number as written.
      const stated = expressionValue(prepareFormula(sides.rhs));
      const written = writtenNumber(sides.rhs);
      const factor = stated === undefined || written === undefined || written === 0 ? 1 : written / stated;
      const unit = sides.rhs.replace(NUMBER, '').trim();
      const figures = part.figures ?? 3;
      const value = valueSi * factor;
      const number = formatFigures(value, figures);
      out.push({
        ...where,
        form: 'numerical',
        quantity: sides.lhs,
        latex: `${sides.lhs} = ${number}${unit === '' ? '' : unit.startsWith('\\') ? unit : `\\ ${unit}`}`,
        value_si: valueSi,
        value: Number(number.replace(/\\times10\^\{(-?\d+)\}/, 'e$1')),
        unit,
        figures,
      });
    }
  }
  return out;
}
