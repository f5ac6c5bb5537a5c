import type { ChatMessage } from '../llm/chat-types.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import { parseMistakes } from './parse-review.js';
import { FEEDBACK_PROMPT, REVIEWER_PROMPT, reviewMaterial } from './prompts/technique-prompts.js';
import { continueChat, failed, solve, techniqueFailure } from './solver-steps.js';
import type { RoundTrace, Technique } from './technique.js';

/**
 * Spec A4: a reviewer (no ground truth) lists probable mistakes as JSON; only a non-empty list
 * sends the solver the feedback turn (the A5 template) in the same chat; an empty list keeps the
 * current solution as final. An unparseable review (after one re-ask) fails the sample.
 */
export const singleAgentReview: Technique = {
  name: 'single-agent-review',
  version: 'single-agent-review-t1',
  needs: ['reviewer'],
  async run(ctx) {
    const reviewer = ctx.roles.reviewer;
    if (reviewer === undefined)
      return techniqueFailure('technique-missing-role', 'no reviewer role is configured');
    const s0 = await solve(ctx);
    if (!s0.ok) return failed(s0);
    let conversation: readonly ChatMessage[] = ctx.solvePrompt;
    let current = s0.text;
    const rounds: RoundTrace[] = [];
    for (let round = 1; round <= ctx.settings.rounds; round++) {
      const review = await askWithReask(ctx.pipeline, ctx.sample, {
        step: `review-${round}`,
        role: 'reviewer',
        binding: reviewer,
        sample: ctx.sampleIndex,
        promptVersion: REVIEWER_PROMPT.version,
        messages: [
          { role: 'system', content: REVIEWER_PROMPT.system },
          {
            role: 'user',
            content: `${reviewMaterial(ctx.problemText, current)}\n\n${REVIEWER_PROMPT.instructions}`,
          },
        ],
        parse: parseMistakes,
      });
      if (!review.ok) return failed(review);
      if (!review.parsed.ok)
        return techniqueFailure(
          'technique-review-unparseable',
          `reviewer reply unusable: ${review.parsed.error}`,
        );
      const mistakes = review.parsed.value;
      if (mistakes.length === 0) {
        rounds.push({ round, mistakes, revised: false });
        break;
      }
      const next = await continueChat(
        ctx,
        conversation,
        current,
        FEEDBACK_PROMPT.render(mistakes),
        `revise-${round}`,
        FEEDBACK_PROMPT.version,
      );
      if (!next.result.ok) return failed(next.result);
      conversation = next.conversation;
      current = next.result.text;
      rounds.push({ round, mistakes, revised: true });
    }
    return { ok: true, final: current, initial: s0.text, rounds };
  },
};
