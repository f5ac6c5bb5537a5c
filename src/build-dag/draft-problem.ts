import type { Problem, Subquestion } from '../dag/types.js';

/** The answer fields of a problem or sub-question that stage 2 adds. */
export interface DraftAnswerFields {
  readonly final_answer?: readonly string[];
  readonly final_answer_form?: string;
  readonly final_answer_instructions?: string;
  readonly significant_figures?: number;
}

/** One sub-question as the rewriting stages exchange it. */
export interface DraftSubquestion extends DraftAnswerFields {
  readonly letter: string;
  readonly subproblem: string;
  readonly solution: string;
}

/**
 * The part of a problem the rewriting stages see and rewrite (spec C7's sample schema without the
 * DAG): the text, the solution(s) and the final answers with their form and instructions.
 */
export interface DraftProblem extends DraftAnswerFields {
  readonly id: string;
  readonly context: string;
  readonly solution?: string;
  readonly subquestions?: readonly DraftSubquestion[];
}

const answerFields = (from: DraftAnswerFields): DraftAnswerFields => ({
  ...(from.final_answer === undefined ? {} : { final_answer: from.final_answer }),
  ...(from.final_answer_form === undefined ? {} : { final_answer_form: from.final_answer_form }),
  ...(from.final_answer_instructions === undefined
    ? {}
    : { final_answer_instructions: from.final_answer_instructions }),
  ...(from.significant_figures === undefined ? {} : { significant_figures: from.significant_figures }),
});

/** The draft of a problem: its id, text, solution(s) and answer fields (the DAG is left out). */
export function draftOf(problem: Problem): DraftProblem {
  return {
    id: problem.id,
    context: problem.context,
    ...(problem.solution === undefined ? {} : { solution: problem.solution }),
    ...answerFields(problem),
    ...(problem.subquestions === undefined
      ? {}
      : {
          subquestions: problem.subquestions.map((s) => ({
            letter: s.letter,
            subproblem: s.subproblem,
            solution: s.solution,
            ...answerFields(s),
          })),
        }),
  };
}

/**
 * The problem with a draft's text, solutions and answer fields written over its own; every other
 * field (domain, source, images, constants, meta, …) is kept, and the DAG is set to `dag`.
 */
export function problemFromDraft(
  original: Problem,
  draft: DraftProblem,
  dag: Problem['grading_standard'],
): Problem {
  const {
    solution: _s,
    subquestions: _q,
    final_answer: _a,
    final_answer_form: _f,
    final_answer_instructions: _i,
    significant_figures: _g,
    witness: _w,
    ...rest
  } = original;
  const subs: Subquestion[] | undefined = draft.subquestions?.map((s) => ({
    letter: s.letter,
    subproblem: s.subproblem,
    solution: s.solution,
    ...answerFields(s),
  }));
  return {
    ...rest,
    context: draft.context,
    ...(draft.solution === undefined ? {} : { solution: draft.solution }),
    ...answerFields(draft),
    ...(subs === undefined ? {} : { subquestions: subs }),
    grading_standard: dag,
  };
}

/** Every solution text of a draft (the problem's, then each sub-question's), for the verbatim check. */
export function solutionTexts(draft: DraftProblem): string[] {
  return [
    ...(draft.solution === undefined ? [] : [draft.solution]),
    ...(draft.subquestions ?? []).map((s) => s.solution),
  ];
}
