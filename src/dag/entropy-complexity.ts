import { dagLayers } from './dag-layers.js';
import type { DagNode, Difficulty } from './types.js';

/**
 * The paper's structural complexity of a reference DAG: e = Σ over layers of ln(width of layer)
 * (natural log). A pure chain has e = 0; every layer with k parallel steps adds ln k.
 */
export function entropyComplexity(nodes: readonly DagNode[]): number {
  return dagLayers(nodes).widths.reduce((sum, w) => (w > 0 ? sum + Math.log(w) : sum), 0);
}

/**
 * Thresholds (in nats) of {@link difficultyFromComplexity}. Chosen, not taken from the paper:
 * below 1.5 (at most ~4 parallel facts overall, e.g. ln 4 = 1.39) is `easy`; from 3.5 on (the
 * product of layer widths exceeds ~33, e.g. a 15-fact first layer plus several branching layers)
 * is `hard`. On the 15 real electromagnetism problems this gives 8 easy, 6 medium, 1 hard.
 */
export const DIFFICULTY_THRESHOLDS = { medium: 1.5, hard: 3.5 } as const;

/** Maps an entropy complexity to a difficulty with {@link DIFFICULTY_THRESHOLDS}. */
export function difficultyFromComplexity(e: number): Difficulty {
  if (e >= DIFFICULTY_THRESHOLDS.hard) return 'hard';
  if (e >= DIFFICULTY_THRESHOLDS.medium) return 'medium';
  return 'easy';
}

/** A problem's difficulty: its own `difficulty` field when present, else derived from its DAG. */
export function problemDifficulty(problem: {
  readonly difficulty?: Difficulty;
  readonly grading_standard: readonly DagNode[];
}): Difficulty {
  return problem.difficulty ?? difficultyFromComplexity(entropyComplexity(problem.grading_standard));
}
