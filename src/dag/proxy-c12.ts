import type { Level } from './structural-complexity.js';
import { levelOf } from './structural-complexity.js';
import type { Problem } from './types.js';

/** Calculus and series operators in a formula: each adds to the computational burden. */
const HEAVY_OPERATOR =
  /\\(?:o|i{1,3})?int(?![a-zA-Z])|\\sum|\\prod|\\partial|\\nabla|\\lim(?![a-zA-Z])|\\frac\s*\{\s*(?:d|\\mathrm\s*\{\s*d\s*\})[^{}]*\}\s*\{\s*(?:d|\\mathrm\s*\{\s*d\s*\})|\\d?dot(?![a-zA-Z])/g;

/**
 * Thresholds of the proxy's two counts, the tertiles over the bundled benchmark (ranks ⌊n/3⌋ and
 * ⌊2n/3⌋ of the 70 sorted counts, computed without the labels; a test recomputes them): level 1
 * below the first, 2 below the second, 3 from it on.
 */
export const PROXY_THRESHOLDS = { concepts: [3, 4], burden: [5, 8] } as const;

/** The rule-based stand-in for the judge's C1/C2, with the counts it rests on. */
export interface ProxyC12 {
  readonly c1: Level;
  readonly c2: Level;
  /** Independent relations the derivation starts from (DAG sources) + sub-questions beyond the first. */
  readonly concepts: number;
  /** DAG nodes + 2 × calculus/series operators in the node formulas. */
  readonly burden: number;
}

/**
 * A deterministic, documented proxy for the paper's LLM-rated C1 (conceptual depth) and C2
 * (computational burden), so tiers can be computed offline. C1 counts the independent relations
 * the reference derivation starts from — the DAG's source nodes, the laws and definitions no other
 * step derives — plus one per sub-question beyond the first; C2 counts the derivation's steps (DAG
 * nodes) plus two per integral, sum, product, derivative, ∇ or limit in them. Not a judge: it sees
 * only the DAG's shape and operators, never the physics.
 */
export function proxyC12(problem: Pick<Problem, 'grading_standard' | 'subquestions'>): ProxyC12 {
  const nodes = problem.grading_standard;
  const sources = nodes.filter((n) => n.dependency.length === 0).length;
  const concepts = sources + Math.max(0, (problem.subquestions?.length ?? 1) - 1);
  const heavy = nodes.reduce((k, n) => k + (n.formula.match(HEAVY_OPERATOR)?.length ?? 0), 0);
  const burden = nodes.length + 2 * heavy;
  const [c1a, c1b] = PROXY_THRESHOLDS.concepts;
  const [c2a, c2b] = PROXY_THRESHOLDS.burden;
  return { c1: levelOf(concepts, c1a, c1b), c2: levelOf(burden, c2a, c2b), concepts, burden };
}
