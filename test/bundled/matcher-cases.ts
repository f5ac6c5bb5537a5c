import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/index.js';

/**
 * One formula pair from the label-agreement triage: `a` as an answer writes it (a display formula,
 * possibly a chain `x = y = z`), `b` a reference node, and what the matcher should say.
 */
export interface MatcherCase {
  readonly id: string;
  readonly a: string;
  readonly b: string;
  readonly constants?: Readonly<Record<string, string>>;
  readonly expected: 'equivalent' | 'different';
  readonly note: string;
  /** Why the row fails today (the test runs as `todo`); delete it when the row passes. */
  readonly todo?: string;
  /**
   * `score`: only the scoring pipeline is asserted (`a` is an answer line, e.g. a chain, not one
   * formula); default: both `checkEquivalence(a, b)` and the pipeline.
   */
  readonly scope?: 'score';
  /** The (answer id)/n(node) disagreements of the bundled sample answers this row explains. */
  readonly covers?: readonly string[];
}

export const MATCHER_CASES_FILE = fileURLToPath(new URL('./matcher-cases.jsonl', import.meta.url));

export function readMatcherCases(): MatcherCase[] {
  return readFileSync(MATCHER_CASES_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as MatcherCase);
}

/**
 * Whether `prism score` matches node `b` from an answer that writes `$$a$$`: extraction, splitting,
 * preparation with the constants, the pair matcher's cheap path and Algorithm 1, as for real answers.
 */
export function scorerMatches(row: MatcherCase): boolean {
  const problem: Problem = {
    id: row.id,
    context: '',
    grading_standard: [{ index: 1, formula: `$$${row.b}$$`, dependency: [], is_final_answer: true }],
    ...(row.constants === undefined ? {} : { constants: row.constants }),
  };
  return createScorer([problem]).scoreResponse(problem, `$$${row.a}$$`).matched.includes(1);
}
