import type { Diagnostic } from '../core/diagnostic.js';
import {
  compareFormulas,
  formulaResidual,
  formulaVariables,
  prepareFormula,
  VALUE_SYMBOL,
} from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { compile } from '../numeric/index.js';
import { WITNESS_TOLERANCE } from './check-witness.js';
import type { AnswerForm, Problem } from './types.js';

/**
 * The numeric-answer helpers of the scoring stage (`src/score/`: `expressionValue`,
 * `withinPrecision`, `relationSides`), passed in because `dag/` sits above `score/` and must not
 * import it. The final answers are read exactly as scoring reads them.
 */
export interface NumericAnswerTools {
  /** SI value of a prepared bare expression (`312\,\text{K}`), or undefined. */
  readonly expressionValue: (p: PreparedFormula) => number | undefined;
  /** Whether `value` agrees with `expected` to `significantFigures` (else 1%). */
  readonly withinPrecision: (value: number, expected: number, significantFigures?: number) => boolean;
  /** The two sides of a single relation written in LaTeX, or undefined. */
  readonly relationSides: (latex: string) => { lhs: string; rhs: string } | undefined;
}

/** One part of a problem with stated final answers: the problem itself or a sub-question. */
interface AnswerPart {
  readonly where: string;
  readonly letter: string | undefined;
  readonly form: AnswerForm;
  readonly answers: readonly string[];
  readonly figures: number | undefined;
}

const WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** Significant figures an instruction states ("to 3 significant figures", "to three …"), if any. */
export function statedFigures(instructions: string | undefined): number | undefined {
  const m = /\b(\d+|one|two|three|four|five|six)\s+significant\s+(?:figures?|digits?)/i.exec(
    instructions ?? '',
  );
  if (m === null) return undefined;
  const word = m[1]!.toLowerCase();
  return WORDS[word] ?? Number(word);
}

function answerParts(problem: Problem): AnswerPart[] {
  const out: AnswerPart[] = [];
  const base = `problem ${problem.id}`;
  if (problem.final_answer !== undefined && problem.final_answer.length > 0) {
    out.push({
      where: base,
      letter: undefined,
      form: problem.final_answer_form ?? 'algebraic',
      answers: problem.final_answer,
      figures: problem.significant_figures ?? statedFigures(problem.final_answer_instructions),
    });
  }
  for (const sub of problem.subquestions ?? []) {
    if (sub.final_answer === undefined || sub.final_answer.length === 0) continue;
    out.push({
      where: `${base} subquestion ${sub.letter}`,
      letter: sub.letter,
      form: sub.final_answer_form ?? problem.final_answer_form ?? 'algebraic',
      answers: sub.final_answer,
      figures:
        sub.significant_figures ??
        problem.significant_figures ??
        statedFigures(sub.final_answer_instructions) ??
        statedFigures(problem.final_answer_instructions),
    });
  }
  return out;
}

/**
 * Checks the stated final answers against the DAG and the witness. `prepared[i]` holds node `i + 1`'s
 * relations; `solutions` the values each witness walk determined (see `checkWitness`).
 *
 * Numerical (the problem's or sub-question's `final_answer_form`): the answer's left side (`T`, or an
 * expression such as `N_C/N_0`) is evaluated at the first witness's solution and must agree with the
 * stated number, converted to SI, to the stated significant figures (`significant_figures`, else the
 * figures the instructions name, else 1%) — else `witness-final-mismatch`. Algebraic: the answer must
 * be equivalent (`compareFormulas`) to one of the part's final nodes, or — only when it is written in
 * other quantities than every such node (e.g. masses instead of the reduced mass) — hold at every
 * witness solution; else `final-answer-mismatch`. An answer that cannot be checked (no relation, no number, a quantity
 * the witness does not determine) is `final-answer-unchecked`. Text-based answers are not checked.
 */
export function checkFinalAnswers(
  problem: Problem,
  prepared: readonly (readonly PreparedFormula[])[],
  solutions: readonly Readonly<Record<string, number>>[],
  tools: NumericAnswerTools,
): Diagnostic[] {
  const options = problem.constants === undefined ? {} : { constants: problem.constants };
  const prepare = (latex: string): PreparedFormula => prepareFormula(latex, options);
  const out: Diagnostic[] = [];
  const hasLetters = problem.grading_standard.some((n) => n.subquestion !== undefined);
  for (const part of answerParts(problem)) {
    const finals = problem.grading_standard
      .map((node, i) => ({ node, i }))
      .filter(
        ({ node }) =>
          node.is_final_answer === true &&
          (part.letter === undefined || !hasLetters || node.subquestion === part.letter),
      );
    for (const latex of part.answers) {
      if (part.form === 'numerical') {
        out.push(...checkNumerical(latex, part, solutions[0], prepare, tools));
      } else if (part.form === 'algebraic') {
        const formulas = finals.flatMap(({ i }) => prepared[i] ?? []).filter((f) => f.ok);
        const names = finals.map(({ node }) => node.index).join(', ');
        out.push(...checkAlgebraic(latex, part, formulas, names, solutions, prepare));
      }
    }
  }
  return out;
}

function checkNumerical(
  latex: string,
  part: AnswerPart,
  solution: Readonly<Record<string, number>> | undefined,
  prepare: (latex: string) => PreparedFormula,
  tools: NumericAnswerTools,
): Diagnostic[] {
  const unchecked = (why: string): Diagnostic[] => [
    { code: 'final-answer-unchecked', severity: 'warning', message: `${latex}: ${why}`, where: part.where },
  ];
  if (solution === undefined) return unchecked('the problem has no witness to re-derive it from');
  const sides = tools.relationSides(latex);
  if (sides === undefined) return unchecked('not written as `quantity = value`');
  const stated = tools.expressionValue(prepare(sides.rhs));
  if (stated === undefined) return unchecked(`no single number in ${sides.rhs}`);
  const quantity = prepare(sides.lhs);
  if (!quantity.ok || quantity.kind !== 'expression') return unchecked(`cannot read ${sides.lhs}`);
  const missing = formulaVariables(quantity).filter((v) => v !== VALUE_SYMBOL && !(v in solution));
  if (missing.length > 0) return unchecked(`witness 1 does not determine ${missing.join(', ')}`);
  const derived = evaluate(quantity, solution);
  if (derived === undefined) return unchecked(`cannot evaluate ${sides.lhs} at witness 1`);
  // Significant figures count in the unit the answer is written in (3.24 MeV, not 5.19e-13 J).
  const written = writtenNumber(sides.rhs);
  const agree =
    written === undefined || written === 0
      ? tools.withinPrecision(derived, stated, part.figures)
      : tools.withinPrecision(derived * (written / stated), written, part.figures);
  if (agree) return [];
  const inUnit =
    written === undefined || written === 0 || written === stated
      ? ''
      : `; ${derived * (written / stated)} in the unit written`;
  const precision = part.figures === undefined ? 'within 1%' : `to ${part.figures} significant figure(s)`;
  return [
    {
      code: 'witness-final-mismatch',
      severity: 'error',
      message: `${latex}: witness 1 gives ${sides.lhs} = ${derived} (SI${inUnit}), the stated answer is ${stated} (SI); they do not agree ${precision}`,
      where: part.where,
    },
  ];
}

/**
 * The number as written at the start of a stated value (`-3.00`, `4.86\times10^{-7}`), before any
 * unit, or undefined when it does not start with one.
 */
export function writtenNumber(latex: string): number | undefined {
  const m =
    /^\s*([-+]?)\s*(\d+(?:\.\d*)?|\.\d+)(?:\s*(?:\\times|\\cdot)\s*10\s*\^\s*(?:\{\s*([-+]?\d+)\s*\}|(\d)))?/.exec(
      latex,
    );
  if (m === null) return undefined;
  const exponent = Number(m[3] ?? m[4] ?? 0);
  return Number(`${m[1]}${m[2]}e${exponent}`);
}

/** The value of a prepared single-branch expression at an assignment, or undefined. */
function evaluate(p: PreparedFormula, values: Readonly<Record<string, number>>): number | undefined {
  const [branch, ...more] = p.branches;
  if (branch === undefined || more.length > 0) return undefined;
  const names = [...p.variables];
  const value = compile(branch.rhs, names).fn(new Float64Array(names.map((n) => values[n] ?? Number.NaN)));
  return Number.isFinite(value) ? value : undefined;
}

function checkAlgebraic(
  latex: string,
  part: AnswerPart,
  finals: readonly PreparedFormula[],
  names: string,
  solutions: readonly Readonly<Record<string, number>>[],
  prepare: (latex: string) => PreparedFormula,
): Diagnostic[] {
  const answer = prepare(latex);
  if (!answer.ok) {
    return [
      {
        code: 'final-answer-unchecked',
        severity: 'warning',
        message: `${latex}: cannot prepare (${answer.diagnostics.map((d) => d.code).join(', ')})`,
        where: part.where,
      },
    ];
  }
  if (finals.length === 0) return [];
  const verdicts = finals.map((f) => compareFormulas(answer, f).verdict);
  if (verdicts.includes('equivalent')) return [];
  // Written in other quantities than every final node (masses instead of the reduced mass): it must
  // still hold wherever the witness is. In the same quantities as a final node it must be equivalent.
  const vars = formulaVariables(answer);
  const key = vars.join('\u0000');
  const sameQuantities = finals.some((f) => formulaVariables(f).join('\u0000') === key);
  const at = solutions.filter((s) => vars.every((v) => v in s));
  const residuals = at.map((s) => formulaResidual(answer, s));
  if (!sameQuantities && at.length > 0 && residuals.every((r) => r <= WITNESS_TOLERANCE)) return [];
  const witness = sameQuantities
    ? 'it uses the same quantities as a final node, so it must be equivalent to it'
    : at.length === 0
      ? 'the witness does not determine all its quantities'
      : `at the witness its relative residual is ${Math.max(...residuals).toExponential(2)}`;
  return [
    {
      code: 'final-answer-mismatch',
      severity: 'error',
      message: `${latex} is not equivalent to final node(s) ${names} (${verdicts.join(', ')}); ${witness}`,
      where: part.where,
    },
  ];
}
