/** Anthropic's smallest extended-thinking budget. */
export const MIN_THINKING_BUDGET = 1024;

const THINKING_SHARE: Readonly<Record<string, number>> = {
  minimal: 0.125,
  low: 0.25,
  medium: 0.5,
  high: 0.75,
};

/**
 * The extended-thinking token budget for an effort level: a share of `max_tokens` (minimal 1/8, low
 * 1/4, medium 1/2, high 3/4), at least Anthropic's minimum of 1024 and below `max_tokens`; undefined
 * when `max_tokens` leaves no room for it.
 */
export function thinkingBudget(effort: string, maxTokens: number): number | undefined {
  const share = THINKING_SHARE[effort];
  if (share === undefined || maxTokens <= MIN_THINKING_BUDGET) return undefined;
  return Math.min(maxTokens - 1, Math.max(MIN_THINKING_BUDGET, Math.floor(share * maxTokens)));
}
