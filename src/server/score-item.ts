import { denseRewards } from './dense-rewards.js';
import type { ProblemScorers } from './problem-scorers.js';
import type { ItemDetail, ItemOutcome, ScoreItem } from './types.js';

/**
 * Scores one item with the scorer that holds its problem; never throws. An unknown problem or a malformed item is an error
 * outcome of its own. `now` is the clock used for `ms` (the caller's, so this stays pure).
 */
export function scoreItem(
  scorers: ProblemScorers,
  item: unknown,
  detail: ItemDetail,
  now: () => number,
): ItemOutcome {
  const start = now();
  const shaped = shapeItem(item);
  if (typeof shaped === 'string') return { status: 'error', code: 'bad-item', message: shaped, ms: 0 };
  const scorer = scorers.scorerFor(shaped.problem_id);
  const problem = scorer?.problems.get(shaped.problem_id);
  if (scorer === undefined || problem === undefined) {
    return {
      status: 'error',
      code: 'unknown-problem',
      message: `problem ${JSON.stringify(shaped.problem_id.slice(0, 200))} is not loaded`,
      ms: 0,
    };
  }
  try {
    const record = scorer.scoreResponse(problem, shaped.response);
    const base = {
      status: 'ok' as const,
      step_score: record.step_score,
      final_answer_correct: record.final_answer_correct,
    };
    if (detail === 'summary') return { ...base, ms: now() - start };
    return { ...base, record, dense: denseRewards(record, problem.grading_standard), ms: now() - start };
  } catch (error) {
    return {
      status: 'error',
      code: 'worker-failed',
      message: `internal error while scoring: ${error instanceof Error ? error.message : String(error)}`,
      ms: now() - start,
    };
  }
}

/** Checks the shape of an untrusted item; returns the item or what is wrong with it. */
export function shapeItem(item: unknown): ScoreItem | string {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return 'item is not a JSON object';
  const { problem_id, response } = item as Record<string, unknown>;
  const id = typeof problem_id === 'number' ? String(problem_id) : problem_id;
  if (typeof id !== 'string' || id.trim() === '') return 'item has no problem_id (string)';
  if (typeof response !== 'string') return 'item has no response (string)';
  return { problem_id: id.trim(), response };
}
