import type { Difficulty } from '../dag/types.js';

// The tier rule lives with the difficulty model in `src/dag/difficulty-model.ts` (every command that
// needs a tier uses it); re-exported here for the `prism difficulty` modules.
export { SCORE_RANGE, TIER_CUTS, tierFromScore } from '../dag/difficulty-model.js';

const TIERS: readonly Difficulty[] = ['easy', 'medium', 'hard'];

/** easy → 1, medium → 2, hard → 3. */
export function tierLevel(tier: Difficulty): 1 | 2 | 3 {
  return (TIERS.indexOf(tier) + 1) as 1 | 2 | 3;
}
