import type { ChatMessage } from '../llm/chat-types.js';
import { SELF_REFINE_PROMPT } from './prompts/technique-prompts.js';
import { continueChat, failed, solve } from './solver-steps.js';
import type { RoundTrace, Technique } from './technique.js';

/**
 * Spec A3: the solver sees the question and its own previous solution (same chat: the solution
 * as the assistant turn) and the paper's metacognitive instruction as the next user turn;
 * applied unconditionally, `rounds` times; the last answer is final.
 */
export const selfRefine: Technique = {
  name: 'self-refine',
  version: 'self-refine-t1',
  needs: [],
  async run(ctx) {
    const s0 = await solve(ctx);
    if (!s0.ok) return failed(s0);
    let conversation: readonly ChatMessage[] = ctx.solvePrompt;
    let current = s0.text;
    const rounds: RoundTrace[] = [];
    for (let round = 1; round <= ctx.settings.rounds; round++) {
      const next = await continueChat(
        ctx,
        conversation,
        current,
        SELF_REFINE_PROMPT.text,
        `refine-${round}`,
        SELF_REFINE_PROMPT.version,
      );
      if (!next.result.ok) return failed(next.result);
      conversation = next.conversation;
      current = next.result.text;
      rounds.push({ round, mistakes: [], revised: true });
    }
    return { ok: true, final: current, initial: s0.text, rounds };
  },
};
