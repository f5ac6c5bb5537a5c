import { multiAgentReview } from './multi-agent-review.js';
import { DEFAULT_VERIFIER_WEIGHTS } from './parse-review.js';
import { selfRefine } from './self-refine.js';
import { singleAgentReview } from './single-agent-review.js';
import type { Technique, TechniqueSettings } from './technique.js';
import { zeroShot } from './zero-shot.js';

/** Every technique by name (`prism run --technique NAME`). */
export const TECHNIQUES: Readonly<Record<string, Technique>> = {
  'zero-shot': zeroShot,
  'self-refine': selfRefine,
  'single-agent-review': singleAgentReview,
  'multi-agent-review': multiAgentReview,
};

/** Eq. 2's weights (Phi-4, DeepSeek-R1, Qwen3-14B as verifiers 1–3). */
export const DEFAULT_META_WEIGHTS: readonly number[] = [0.5, 0.3, 0.2];

/** The paper's settings: one round, Eq. 2 weights, §4.1.2 verifier weights. */
export const DEFAULT_TECHNIQUE_SETTINGS: TechniqueSettings = {
  rounds: 1,
  metaWeights: DEFAULT_META_WEIGHTS,
  verifierWeights: DEFAULT_VERIFIER_WEIGHTS,
};
