import type { ImportedProblem } from './types.js';

/**
 * Each problem's own reference answers written as a response (`$$\boxed{…}$$` per answer), for a
 * round-trip check: scoring them must mark every final answer correct.
 */
export function referenceResponses(
  problems: readonly ImportedProblem[],
): { problem_id: string; response: string }[] {
  return problems.map((p) => {
    const answers = [...(p.final_answer ?? []), ...(p.subquestions ?? []).flatMap((s) => s.final_answer)];
    return {
      problem_id: p.id,
      response: `Final answer:\n\n${answers.map((a) => `$$\\boxed{${a}}$$`).join('\n\n')}\n`,
    };
  });
}
