import { failed, solve } from './solver-steps.js';
import type { Technique } from './technique.js';

/** Spec A2, the Baseline: one solver call on the zero-shot prompt. */
export const zeroShot: Technique = {
  name: 'zero-shot',
  version: 'zero-shot-t1',
  needs: [],
  async run(ctx) {
    const s0 = await solve(ctx);
    if (!s0.ok) return failed(s0);
    return { ok: true, final: s0.text, initial: s0.text, rounds: [] };
  },
};
