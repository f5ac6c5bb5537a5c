import type { Problem } from '../dag/types.js';

/** The problem as reviewers and judges see it: the context and the sub-questions, no instructions. */
export function problemStatement(problem: Problem): string {
  const parts = [problem.context.trim()];
  for (const sq of problem.subquestions ?? []) parts.push(`${sq.letter}) ${sq.subproblem.trim()}`);
  return parts.join('\n\n');
}
