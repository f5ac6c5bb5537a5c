import type { Problem } from '../../src/dag/types.js';
import type { ResponseScorer } from '../../src/runs/index.js';

const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
const DOMAINS = ['mechanics', 'optics', 'quantum'] as const;

/** `n` synthetic problems `p0…p{n−1}`, each a 3-node chain DAG; the prompt carries `PROBLEM-ID:<id>`. */
export function syntheticProblems(n: number): Problem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    context: `PROBLEM-ID:p${i} A ball is thrown with speed $v_${i}$. Find the height.`,
    difficulty: DIFFICULTIES[i % 3]!,
    domain: DOMAINS[Math.floor(i / 3) % 3]!,
    grading_standard: [
      { index: 1, formula: `$$x_{${i}} = 1$$`, dependency: [] },
      { index: 2, formula: `$$y_{${i}} = 2$$`, dependency: [1] },
      { index: 3, formula: `$$z_{${i}} = 3$$`, dependency: [2], is_final_answer: true },
    ],
  }));
}

/** A deterministic answer for a problem id: it states the first (index mod 4) nodes of the chain. */
export function syntheticAnswer(problemId: string): string {
  const i = Number(problemId.slice(1));
  const names = ['x', 'y', 'z'].slice(0, i % 4);
  return `Solution.\n${names.map((s, k) => `$$${s}_{${i}} = ${k + 1}$$`).join('\n')}`;
}

/** A tiny deterministic scorer for tests: a node is matched when its formula text appears verbatim. */
export const tinyScorer: ResponseScorer = (problem, response) => {
  const matched = problem.grading_standard
    .filter((n) => response.includes(n.formula.replace(/^\$\$|\$\$$/g, '')))
    .map((n) => n.index);
  const final = problem.grading_standard.filter((n) => n.is_final_answer === true).map((n) => n.index);
  return {
    problem_id: problem.id,
    step_score: matched.length / problem.grading_standard.length,
    final_answer_correct: final.every((f) => matched.includes(f)),
    matched,
    achieved: matched,
    total_nodes: problem.grading_standard.length,
    diagnostics: [],
    scorer_version: 'tiny-test-scorer',
  };
};
