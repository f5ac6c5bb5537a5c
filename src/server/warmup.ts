import type { Problem } from '../dag/types.js';
import type { ScoreItem } from './types.js';

/**
 * Answers a fresh worker scores before it reports ready: a cold worker scores its first fresh
 * answers at about a third of its steady rate (the JIT has compiled nothing yet, and no problem's
 * reference side is prepared), so a pod or a replaced worker would serve its first batches slowly.
 * Built from the problems themselves, in turn, so that every problem is prepared and each kind of
 * answer text runs through the code that reads it:
 * 1. the reference solution as written (prose, numbers with units, chains; a multi-part problem's
 *    parts' solutions under bold labels; the grading formulas when there is no solution text);
 * 2. the grading formulas with each right side doubled and the final answer boxed (wrong formulas:
 *    the numeric trials and the solver run to reject them);
 * 3. the grading formulas inline in bulleted prose, the final answer after a markdown heading;
 * 4. the reference solution with every decimal number a tenth larger (wrong values: the
 *    final-answer check compares and rejects them).
 */
export function warmupAnswers(problems: readonly Problem[], count: number): ScoreItem[] {
  const out: ScoreItem[] = [];
  if (problems.length === 0) return out;
  for (let i = 0; out.length < count; i++) {
    const problem = problems[i % problems.length]!;
    out.push({ problem_id: problem.id, response: warmupText(problem, Math.floor(i / problems.length) % 4) });
  }
  return out;
}

function warmupText(problem: Problem, style: number): string {
  const bodies = problem.grading_standard.map((node) => node.formula.replace(/^\s*\$\$?|\$\$?\s*$/g, ''));
  const parts = problem.subquestions ?? [];
  const solution =
    problem.solution ??
    (parts.some((q) => q.solution !== '')
      ? parts.map((q) => `**(${q.letter})** ${q.solution}`).join('\n\n')
      : undefined);
  // The final answers, one line each (a multi-part problem's labelled by part).
  const finals = (write: (latex: string) => string): string =>
    problem.final_answer !== undefined
      ? problem.final_answer.map(write).join('\n')
      : parts.flatMap((q) => (q.final_answer ?? []).map((f) => `(${q.letter}) ${write(f)}`)).join('\n');
  switch (style) {
    case 0:
      return solution ?? `Solution.\n${bodies.map((b) => `$$${b}$$`).join('\nso\n')}`;
    case 1: {
      const lines = bodies.map((b) => `$$${doubled(b)}$$`);
      return `Solution.\n${lines.join('\nso\n')}\n${finals((f) => `$$\\boxed{${doubled(f)}}$$`)}`;
    }
    case 2: {
      const lines = bodies.map((b, k) => `- Step ${k + 1}: we have \\(${b}\\).`);
      return `## Working\n${lines.join('\n')}\n\n### Final answer\n${finals((f) => `$${f}$`)}`;
    }
    default:
      return (solution ?? bodies.map((b) => `$$${b}$$`).join('\n')).replace(/\d+\.\d+/g, (n) =>
        String(Number((Number(n) * 1.1).toPrecision(4))),
      );
  }
}

/** `lhs = 2(rhs)` for an equation (its first `=`), the text itself otherwise. */
function doubled(body: string): string {
  const eq = body.indexOf('=');
  return eq > 0 ? `${body.slice(0, eq)}= 2\\left(${body.slice(eq + 1)}\\right)` : body;
}
