import type { Problem } from '../dag/types.js';
import { createScorer, type Scorer, type ScorerOptions } from '../score/create-scorer.js';

/**
 * The dataset's scorer plus an overlay scorer for problems added or replaced at runtime
 * (`POST /v1/problems`): only the overlay is rebuilt on an update, so the dataset's prepared nodes
 * and pair cache survive. The overlay wins for an id both hold.
 */
export interface ProblemScorers {
  /** The scorer that holds `problemId`, or undefined. */
  scorerFor(problemId: string): Scorer | undefined;
  /** Adds or replaces problems (by id). */
  upsert(problems: readonly Problem[]): void;
  /** Ids of every problem held. */
  count(): number;
}

/** Builds the scorers for a dataset, with `overlay` already applied. */
export function createProblemScorers(
  base: readonly Problem[],
  overlay: readonly Problem[],
  options: ScorerOptions = {},
): ProblemScorers {
  const baseScorer = createScorer(base, options);
  const extra = new Map<string, Problem>();
  let overlayScorer: Scorer | undefined;
  const upsert = (problems: readonly Problem[]): void => {
    if (problems.length === 0) return;
    for (const p of problems) extra.set(p.id, p);
    overlayScorer = createScorer([...extra.values()], options);
  };
  upsert(overlay);
  return {
    scorerFor: (id) =>
      overlayScorer?.problems.has(id) === true
        ? overlayScorer
        : baseScorer.problems.has(id)
          ? baseScorer
          : undefined,
    upsert,
    count: () => {
      let n = extra.size;
      for (const id of baseScorer.problems.keys()) if (!extra.has(id)) n++;
      return n;
    },
  };
}
