import type { Problem } from '../dag/types.js';
import { prismReference } from '../dataset/load-any-dataset.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import type { Pipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { problemStatement } from '../techniques/problem-statement.js';
import { type DifficultyJudgement, parseDifficultyJudgement } from './parse-difficulty-judgement.js';
import { DIFFICULTY_PROMPT } from './prompts/difficulty-prompt.js';

/** The judge's C1/C2 for one problem, or why there is none (never a guess). */
export type DifficultyCall =
  | { readonly ok: true; readonly judgement: DifficultyJudgement; readonly reasked: boolean }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** The user turn: the problem and its reference solution (spec C5's `{problem}`, `{solution}`). */
export function difficultyMessage(problem: Problem): string {
  const reference = prismReference(problem);
  return [
    `Problem ID: ${problem.id}`,
    '',
    'Problem:',
    problemStatement(problem),
    '',
    'Reference solution (for estimating step depth and concepts only):',
    reference.ground_truth || '(none given)',
    '',
    DIFFICULTY_PROMPT.instructions,
  ].join('\n');
}

/**
 * One call per problem to the difficulty judge through the call layer (transcribed, cached,
 * resumed): the sample key is the problem id, the step `difficulty`. A malformed reply is re-asked
 * once in the same chat; a second one is a `difficulty-unparseable` failure; a failed call is a
 * failure with the call's code.
 */
export async function judgeDifficulty(
  pipeline: Pipeline,
  problem: Problem,
  binding: ModelBinding,
): Promise<DifficultyCall> {
  const r = await askWithReask(pipeline, problem.id, {
    step: 'difficulty',
    role: 'judge',
    binding,
    promptVersion: DIFFICULTY_PROMPT.version,
    messages: [
      { role: 'system', content: DIFFICULTY_PROMPT.system },
      { role: 'user', content: difficultyMessage(problem) },
    ],
    parse: parseDifficultyJudgement,
  });
  if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
  if (!r.parsed.ok)
    return {
      ok: false,
      error: {
        code: 'difficulty-unparseable',
        message: `difficulty judge reply unusable after one re-ask: ${r.parsed.error}`,
      },
    };
  return { ok: true, judgement: r.parsed.value, reasked: r.reasked };
}
