import type { ParseOutcome } from '../pipeline/create-pipeline.js';

/** A reviewer's verdict on one stage output. */
export interface ReviewVerdict {
  readonly valid: boolean;
  readonly reason: string;
}

/**
 * Parses `<judge>valid|invalid</judge><reason>…</reason>` (spec C7's review format; tags
 * case-insensitive, whitespace ignored). Exactly one verdict is required: a reply naming both, or
 * none, is rejected (to be re-asked). An invalid verdict without a reason gets a placeholder.
 */
export function parseReviewVerdict(text: string): ParseOutcome<ReviewVerdict> {
  const verdicts = [...text.matchAll(/<judge>\s*(valid|invalid)\s*<\/judge>/gi)].map((m) =>
    m[1]!.toLowerCase(),
  );
  const distinct = new Set(verdicts);
  if (distinct.size === 0)
    return { ok: false, error: 'no <judge>valid</judge> or <judge>invalid</judge> tag' };
  if (distinct.size > 1) return { ok: false, error: 'both valid and invalid verdicts in one reply' };
  const reason = /<reason>([\s\S]*?)(?:<\/reason>|$)/i.exec(text)?.[1]?.trim() ?? '';
  const valid = verdicts[0] === 'valid';
  return {
    ok: true,
    value: { valid, reason: reason === '' && !valid ? '(the reviewer gave no reason)' : reason },
  };
}
