import type { Diagnostic } from '../core/diagnostic.js';
import { checkFinalAnswers, type NumericAnswerTools } from './check-final-answers.js';
import { checkWitness, prepareWitnessFormulas } from './check-witness.js';
import type { Problem } from './types.js';

/**
 * The numeric checks of one structurally valid problem that has a `witness`: every DAG formula holds
 * when the DAG is solved forward from each witness ({@link checkWitness}), and the stated final
 * answers agree with the DAG and the witness ({@link checkFinalAnswers}). A problem without a witness
 * gives no findings. Formulas are prepared once, with the problem's constants, chains split.
 */
export function validateWitness(problem: Problem, tools: NumericAnswerTools): Diagnostic[] {
  if (problem.witness === undefined || problem.witness.length === 0) return [];
  const prepared = prepareWitnessFormulas(problem);
  const report = checkWitness(problem, prepared);
  return [...report.diagnostics, ...checkFinalAnswers(problem, prepared, report.solutions, tools)];
}
