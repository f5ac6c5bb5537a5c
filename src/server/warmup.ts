import type { Problem } from '../dag/types.js';
import type { ScoreItem } from './types.js';

/**
 * Answers a fresh worker scores before it reports ready: a cold worker scores its first fresh
 * answers at about a third of its steady rate (the JIT has compiled nothing yet), so a pod or a
 * replaced worker would serve its first batches slowly. Built from the problems themselves, in
 * turn: the reference formulas as written (the cheap path, the final-answer check), then with each
 * right side doubled (wrong formulas: the numeric trials and the solver run to reject them).
 */
export function warmupAnswers(problems: readonly Problem[], count: number): ScoreItem[] {
  const out: ScoreItem[] = [];
  if (problems.length === 0) return out;
  for (let i = 0; out.length < count; i++) {
    const problem = problems[i % problems.length]!;
    const wrong = Math.floor(i / problems.length) % 2 === 1;
    const lines = problem.grading_standard.map((node) => {
      const body = node.formula.replace(/^\s*\$\$?|\$\$?\s*$/g, '');
      const eq = body.indexOf('=');
      return wrong && eq > 0
        ? `$$${body.slice(0, eq)}= 2\\left(${body.slice(eq + 1)}\\right)$$`
        : `$$${body}$$`;
    });
    out.push({ problem_id: problem.id, response: `Solution.\n${lines.join('\nso\n')}` });
  }
  return out;
}
