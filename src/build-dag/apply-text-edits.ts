import type { Diagnostic } from '../core/diagnostic.js';
import type { DraftProblem } from './draft-problem.js';
import type { TextEdit } from './parse-witness-reply.js';

/** Replaces `old` by `new` in the one text of `texts` that holds it exactly once, or says why not. */
function applyOne(texts: string[], edit: TextEdit): boolean {
  const holders = texts.map((t, i) => ({ i, n: t.split(edit.old).length - 1 })).filter((h) => h.n > 0);
  if (holders.length !== 1 || holders[0]!.n !== 1) return false;
  const i = holders[0]!.i;
  texts[i] = texts[i]!.replace(edit.old, () => edit.new);
  return true;
}

/**
 * A witness repair's exact-text edits applied to a draft: `solution_edits` to the solution texts
 * (the problem's and each sub-question's), `final_answer_edits` to the stated final answers. Each
 * `old` must occur exactly once among its texts, else `build-edit-not-found` and it is skipped.
 */
export function applyTextEdits(
  draft: DraftProblem,
  solutionEdits: readonly TextEdit[],
  answerEdits: readonly TextEdit[],
): { draft: DraftProblem; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const subs = draft.subquestions ?? [];
  const solutions = [draft.solution ?? '', ...subs.map((s) => s.solution)];
  const answers = [...(draft.final_answer ?? []), ...subs.flatMap((s) => s.final_answer ?? [])];
  for (const [edits, texts, what] of [
    [solutionEdits, solutions, 'solution'],
    [answerEdits, answers, 'final answer'],
  ] as const) {
    for (const edit of edits)
      if (!applyOne(texts, edit))
        diagnostics.push({
          code: 'build-edit-not-found',
          severity: 'error',
          message: `"${edit.old.slice(0, 80)}" does not occur exactly once in the ${what}s; edit not applied`,
          where: `problem ${draft.id}`,
        });
  }
  let k = (draft.final_answer ?? []).length;
  const take = (n: number): string[] => {
    const out = answers.slice(k, k + n);
    k += n;
    return out;
  };
  return {
    draft: {
      ...draft,
      ...(draft.solution === undefined ? {} : { solution: solutions[0]! }),
      ...(draft.final_answer === undefined
        ? {}
        : { final_answer: answers.slice(0, draft.final_answer.length) }),
      ...(draft.subquestions === undefined
        ? {}
        : {
            subquestions: subs.map((s, i) => ({
              ...s,
              solution: solutions[i + 1]!,
              ...(s.final_answer === undefined ? {} : { final_answer: take(s.final_answer.length) }),
            })),
          }),
    },
    diagnostics,
  };
}
