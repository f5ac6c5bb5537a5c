import type { ImportedForm, ImportedProblem } from './types.js';

/** One final answer of a source item, converted (see `answer-latex.ts`, `numeric-answer-latex.ts`). */
export interface ConvertedAnswer {
  readonly latex: string;
  readonly form: ImportedForm;
  readonly figures?: number;
  /** `final_answer_instructions` for this answer (e.g. the unit to give it in). */
  readonly instructions?: string;
}

/**
 * A problem from an item with one or more final answers: answers of one form stay one list of
 * final answers (the coarsest significant figures, the first answer's instructions); answers of
 * mixed forms become one sub-question each (`Answer k of the question above.`), each checked in its
 * own form.
 */
export function withAnswers(
  base: Omit<ImportedProblem, 'final_answer' | 'final_answer_form' | 'subquestions'>,
  answers: readonly ConvertedAnswer[],
): ImportedProblem {
  const first = answers[0]!;
  if (answers.every((a) => a.form === first.form)) {
    const figures = answers.map((a) => a.figures).filter((f): f is number => f !== undefined);
    const instructions = answers.find((a) => a.instructions !== undefined)?.instructions;
    return {
      ...base,
      final_answer: answers.map((a) => a.latex),
      final_answer_form: first.form,
      ...(instructions === undefined ? {} : { final_answer_instructions: instructions }),
      ...(figures.length > 0 ? { significant_figures: Math.min(...figures) } : {}),
    };
  }
  return {
    ...base,
    subquestions: answers.map((a, k) => ({
      letter: String.fromCharCode(97 + k),
      subproblem: `Answer ${k + 1} of the question above.`,
      solution: '',
      final_answer: [a.latex],
      final_answer_form: a.form,
      ...(a.instructions === undefined ? {} : { final_answer_instructions: a.instructions }),
      ...(a.figures === undefined ? {} : { significant_figures: a.figures }),
    })),
  };
}
