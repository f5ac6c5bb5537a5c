import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';
import type { DraftAnswerFields, DraftProblem, DraftSubquestion } from './draft-problem.js';

type Json = Record<string, unknown>;

const FORMS = ['algebraic', 'numerical', 'text-based'];
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the answer fields of one part; `clarified` requires the form and the instructions (stage 2). */
function readAnswerFields(
  raw: Json,
  where: string,
  clarified: boolean,
  expectsAnswer: boolean,
): { fields: DraftAnswerFields } | { error: string } {
  const fa = raw.final_answer;
  let final: string[] | undefined;
  if (typeof fa === 'string') final = [fa];
  else if (Array.isArray(fa) && fa.every((x) => typeof x === 'string')) final = fa as string[];
  else if (fa !== undefined) return { error: `${where}.final_answer is not a list of strings` };
  const form = raw.final_answer_form;
  const instructions = raw.final_answer_instructions;
  const figures = raw.significant_figures;
  if (form !== undefined && (typeof form !== 'string' || !FORMS.includes(form)))
    return { error: `${where}.final_answer_form must be one of ${FORMS.join(', ')}` };
  if (instructions !== undefined && typeof instructions !== 'string')
    return { error: `${where}.final_answer_instructions is not a string` };
  if (figures !== undefined && figures !== null && !(Number.isInteger(figures) && (figures as number) > 0))
    return { error: `${where}.significant_figures must be a positive integer` };
  if (clarified && expectsAnswer) {
    if (form === undefined) return { error: `${where} has no final_answer_form` };
    if (typeof instructions !== 'string' || instructions.trim() === '')
      return { error: `${where} has no final_answer_instructions` };
  }
  return {
    fields: {
      ...(final === undefined ? {} : { final_answer: final }),
      ...(form === undefined ? {} : { final_answer_form: form as string }),
      ...(instructions === undefined ? {} : { final_answer_instructions: instructions as string }),
      ...(typeof figures === 'number' ? { significant_figures: figures } : {}),
    },
  };
}

/**
 * Parses a stage-1 (`normalize`) or stage-2 (`clarify`) reply: a JSON object of the draft's shape.
 * The id comes from `previous`; the context, a solution where `previous` had one, and the same
 * sub-question letters in the same order are required; final answers must stay present where
 * `previous` had them. Stage 2 also requires `final_answer_form` (algebraic | numerical |
 * text-based) and `final_answer_instructions` on each part that states final answers.
 */
export function parseDraft(
  text: string,
  previous: DraftProblem,
  stage: 'normalize' | 'clarify',
): ParseOutcome<DraftProblem> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const raw = json.value;
  const fail = (error: string): ParseOutcome<DraftProblem> => ({ ok: false, error });
  if (typeof raw.context !== 'string' || raw.context.trim() === '')
    return fail('"context" is missing or empty');
  if (previous.solution !== undefined && (typeof raw.solution !== 'string' || raw.solution.trim() === ''))
    return fail('"solution" is missing or empty');
  const clarified = stage === 'clarify';
  const prevSubs = previous.subquestions ?? [];
  const top = readAnswerFields(
    raw,
    'the problem',
    clarified,
    previous.final_answer !== undefined || prevSubs.length === 0,
  );
  if ('error' in top) return fail(top.error);
  if (previous.final_answer !== undefined && top.fields.final_answer === undefined)
    return fail('"final_answer" was dropped');
  const subs: DraftSubquestion[] = [];
  if (prevSubs.length > 0) {
    const rawSubs = raw.subquestions;
    if (!Array.isArray(rawSubs) || rawSubs.length !== prevSubs.length)
      return fail(`"subquestions" must keep its ${prevSubs.length} entries`);
    for (const [i, prev] of prevSubs.entries()) {
      const s: unknown = rawSubs[i];
      const where = `subquestion ${prev.letter}`;
      if (!isObject(s) || s.letter !== prev.letter)
        return fail(`subquestions[${i}] must keep letter "${prev.letter}"`);
      if (typeof s.subproblem !== 'string' || typeof s.solution !== 'string' || s.solution.trim() === '')
        return fail(`${where} needs "subproblem" and a non-empty "solution"`);
      const fields = readAnswerFields(s, where, clarified, prev.final_answer !== undefined);
      if ('error' in fields) return fail(fields.error);
      if (prev.final_answer !== undefined && fields.fields.final_answer === undefined)
        return fail(`${where}: "final_answer" was dropped`);
      subs.push({ letter: prev.letter, subproblem: s.subproblem, solution: s.solution, ...fields.fields });
    }
  }
  return {
    ok: true,
    value: {
      id: previous.id,
      context: raw.context,
      ...(typeof raw.solution === 'string' ? { solution: raw.solution } : {}),
      ...top.fields,
      ...(subs.length > 0 ? { subquestions: subs } : {}),
    },
  };
}
