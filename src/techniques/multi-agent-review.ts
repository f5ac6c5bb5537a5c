import type { ChatMessage } from '../llm/chat-types.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import { parseMistakes, parseVerifierReview, type VerifierReview, verifierScore } from './parse-review.js';
import {
  FEEDBACK_PROMPT,
  META_VERIFIER_PROMPT,
  reviewMaterial,
  VERIFIER_PROMPT,
} from './prompts/technique-prompts.js';
import { continueChat, failed, solve, techniqueFailure } from './solver-steps.js';
import type { RoundTrace, Technique, TechniqueContext } from './technique.js';

/** Σ w_k·r_k over the usable verifiers, the weights renormalised to the usable ones (null if none). */
export function aggregateScores(
  scores: readonly (number | null)[],
  weights: readonly number[],
): number | null {
  let sum = 0;
  let mass = 0;
  scores.forEach((s, k) => {
    const w = weights[k] ?? 0;
    if (s !== null) {
      sum += w * s;
      mass += w;
    }
  });
  return mass === 0 ? null : sum / mass;
}

function verifierReports(reviews: readonly (VerifierReview | null)[]): string {
  return reviews
    .map((r, k) =>
      r === null
        ? `Verifier ${k + 1}: (no usable review)`
        : `Verifier ${k + 1}:\n${JSON.stringify({ scores: r.scores, mistakes: r.mistakes }, null, 1)}`,
    )
    .join('\n\n');
}

async function reviewRound(ctx: TechniqueContext, round: number, current: string) {
  const material = reviewMaterial(ctx.problemText, current);
  const calls = await Promise.all(
    ctx.roles.verifiers.map((binding, k) =>
      askWithReask(ctx.pipeline, ctx.sample, {
        step: `verify-${round}-${k + 1}`,
        role: 'verifier',
        binding,
        sample: ctx.sampleIndex,
        promptVersion: VERIFIER_PROMPT.version,
        messages: [
          { role: 'system', content: VERIFIER_PROMPT.system },
          { role: 'user', content: `${material}\n\n${VERIFIER_PROMPT.instructions}` },
        ],
        parse: parseVerifierReview,
      }),
    ),
  );
  return { material, calls };
}

/**
 * Spec A5: the verifiers review the current solution in parallel (each: six 0–5 scores and a
 * mistake list; none sees another's output or the ground truth); the meta-verifier sees the
 * question, the solution and every verifier's review and returns the filtered mistakes; the
 * aggregated score is Eq. 2 (configurable weights) and decides nothing. Only when mistakes remain
 * does the solver revise, in the same chat, after the "I have some feedback." turn. A verifier
 * whose review is unusable after one re-ask is left out (recorded); none usable fails the sample.
 */
export const multiAgentReview: Technique = {
  name: 'multi-agent-review',
  version: 'multi-agent-review-t1',
  needs: ['verifiers', 'meta_verifier'],
  async run(ctx) {
    const meta = ctx.roles.meta_verifier;
    if (meta === undefined || ctx.roles.verifiers.length === 0)
      return techniqueFailure(
        'technique-missing-role',
        'multi-agent-review needs verifiers and a meta_verifier',
      );
    const s0 = await solve(ctx);
    if (!s0.ok) return failed(s0);
    let conversation: readonly ChatMessage[] = ctx.solvePrompt;
    let current = s0.text;
    const rounds: RoundTrace[] = [];
    for (let round = 1; round <= ctx.settings.rounds; round++) {
      const { material, calls } = await reviewRound(ctx, round, current);
      const failure = calls.find((c) => !c.ok);
      if (failure !== undefined && !failure.ok) return failed(failure);
      const reviews = calls.map((c) => (c.ok && c.parsed.ok ? c.parsed.value : null));
      if (reviews.every((r) => r === null))
        return techniqueFailure('technique-review-unparseable', 'no verifier returned a usable review');
      const scores = reviews.map((r) => (r === null ? null : verifierScore(r, ctx.settings.verifierWeights)));
      const verdict = await askWithReask(ctx.pipeline, ctx.sample, {
        step: `meta-${round}`,
        role: 'meta_verifier',
        binding: meta,
        sample: ctx.sampleIndex,
        promptVersion: META_VERIFIER_PROMPT.version,
        messages: [
          { role: 'system', content: META_VERIFIER_PROMPT.system },
          {
            role: 'user',
            content: `${material}\n\nVerifier reviews:\n\n${verifierReports(reviews)}\n\n${META_VERIFIER_PROMPT.instructions}`,
          },
        ],
        parse: parseMistakes,
      });
      if (!verdict.ok) return failed(verdict);
      if (!verdict.parsed.ok)
        return techniqueFailure(
          'technique-review-unparseable',
          `meta-verifier reply unusable: ${verdict.parsed.error}`,
        );
      const mistakes = verdict.parsed.value;
      const trace = {
        round,
        mistakes,
        verifier_scores: scores,
        aggregated_score: aggregateScores(scores, ctx.settings.metaWeights),
      };
      if (mistakes.length === 0) {
        rounds.push({ ...trace, revised: false });
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
      rounds.push({ ...trace, revised: true });
    }
    return { ok: true, final: current, initial: s0.text, rounds };
  },
};
