import type { MatchRecord } from './render-matches.js';

/**
 * Which answers `prism errors` classifies by default: those with a step score below 1 on a
 * problem with a reference DAG; on a problem without one (an imported, final-answer-only problem)
 * those whose final answer was judged wrong. A perfect answer has no error to classify.
 */
export function isImperfect(record: MatchRecord): boolean {
  return record.total_nodes > 0 ? record.step_score < 1 : record.final_answer_correct === false;
}
