import type { ParseOutcome } from '../pipeline/create-pipeline.js';
import { extractJsonObject } from '../pipeline/extract-json.js';
import { VERIFIER_CRITERIA, type VerifierCriterion } from '../pipeline/project-config.js';

/** §4.1.2's weights of the verifier score (sum 1). */
export const DEFAULT_VERIFIER_WEIGHTS: Readonly<Record<VerifierCriterion, number>> = {
  numerical_correctness: 0.3,
  formulation: 0.25,
  logical_consistency: 0.25,
  completeness: 0.1,
  validity_of_assumptions: 0.05,
  clarity: 0.05,
};

/** A verifier's review. */
export interface VerifierReview {
  readonly scores: Readonly<Record<VerifierCriterion, number>>;
  readonly mistakes: readonly string[];
}

function mistakeText(m: unknown): string | undefined {
  if (typeof m === 'string') return m.trim() === '' ? undefined : m.trim();
  if (typeof m === 'object' && m !== null) {
    const o = m as Record<string, unknown>;
    const text = [o.location, o.description ?? o.mistake ?? o.text].filter((x) => typeof x === 'string');
    return text.length > 0 ? text.join(': ') : JSON.stringify(m);
  }
  return undefined;
}

/** Reads `{"mistakes": [...]}` (strings, or objects with a description); anything else is an error. */
export function parseMistakes(text: string): ParseOutcome<string[]> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const list = json.value.mistakes;
  if (!Array.isArray(list)) return { ok: false, error: 'the JSON object has no "mistakes" list' };
  return { ok: true, value: list.map(mistakeText).filter((m): m is string => m !== undefined) };
}

/** Reads a verifier's `{"scores": {six criteria 0–5}, "mistakes": [...]}`; every score must be a number in [0, 5]. */
export function parseVerifierReview(text: string): ParseOutcome<VerifierReview> {
  const json = extractJsonObject(text);
  if (!json.ok) return json;
  const raw = json.value.scores;
  if (typeof raw !== 'object' || raw === null)
    return { ok: false, error: 'the JSON object has no "scores" object' };
  const scores: Partial<Record<VerifierCriterion, number>> = {};
  for (const c of VERIFIER_CRITERIA) {
    const v = (raw as Record<string, unknown>)[c];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 5)
      return { ok: false, error: `scores.${c} must be a number from 0 to 5, got ${JSON.stringify(v)}` };
    scores[c] = v;
  }
  const mistakes = parseMistakes(text);
  if (!mistakes.ok) return mistakes;
  return {
    ok: true,
    value: { scores: scores as Record<VerifierCriterion, number>, mistakes: mistakes.value },
  };
}

/** The scalar verifier score Σ w·s (0–5). */
export function verifierScore(
  review: VerifierReview,
  weights: Readonly<Record<VerifierCriterion, number>> = DEFAULT_VERIFIER_WEIGHTS,
): number {
  let sum = 0;
  for (const c of VERIFIER_CRITERIA) sum += weights[c] * review.scores[c];
  return sum;
}
