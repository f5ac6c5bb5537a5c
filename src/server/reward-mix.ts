/**
 * How a reward is made from a record: `step * step_score + final * [final answer correct] + bias`.
 * The default, `0.5*step+0.5*final`, keeps rewards in [0, 1].
 */
export interface RewardMix {
  readonly step: number;
  readonly final: number;
  readonly bias: number;
}

/** The default mix: half step score, half final-answer correctness. */
export const DEFAULT_REWARD_MIX: RewardMix = { step: 0.5, final: 0.5, bias: 0 };

const TERM = /^([+-]?)\s*(?:(\d+(?:\.\d*)?|\.\d+)\s*(?:\*\s*)?)?(step|final)?$/;

/**
 * Parses a mix such as `0.5*step+0.5*final`, `step`, `0.8*step + 0.2*final - 0.1`: a sum of
 * terms `w*step`, `w*final` and constants. Returns a message for anything else.
 */
export function parseRewardMix(text: string): RewardMix | { readonly error: string } {
  const terms = text
    .replace(/\s+/g, '')
    .replace(/([^eE*])-/g, '$1+-')
    .split('+')
    .filter((t) => t !== '');
  if (terms.length === 0) return { error: 'empty reward mix' };
  let step = 0;
  let final = 0;
  let bias = 0;
  for (const term of terms) {
    const m = TERM.exec(term);
    if (m === null || (m[2] === undefined && m[3] === undefined))
      return { error: `cannot read '${term}' (write terms like 0.5*step, 0.5*final or a constant)` };
    const weight = (m[1] === '-' ? -1 : 1) * (m[2] === undefined ? 1 : Number(m[2]));
    if (m[3] === 'step') step += weight;
    else if (m[3] === 'final') final += weight;
    else bias += weight;
  }
  return { step, final, bias };
}

/** The reward of a scored item under a mix. */
export function mixReward(mix: RewardMix, stepScore: number, finalCorrect: boolean | null): number {
  return mix.step * stepScore + mix.final * (finalCorrect === true ? 1 : 0) + mix.bias;
}

/** The mix written back as text (for `/health` and logs). */
export function formatRewardMix(mix: RewardMix): string {
  const parts = [`${mix.step}*step`, `${mix.final}*final`];
  if (mix.bias !== 0) parts.push(String(mix.bias));
  return parts.join('+').replace(/\+-/g, '-');
}
