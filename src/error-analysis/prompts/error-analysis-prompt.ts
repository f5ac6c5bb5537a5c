import { ERROR_TAXONOMY } from '../error-taxonomy.js';

/**
 * The error-analysis prompt: our paraphrase of [000] App. G.1 (spec C4: an Olympiad grader; the
 * auto-grader's matches are given, so steps are not re-aligned; the earliest fundamental cause;
 * one primary label and secondary ones; missing diagrams are not imagined; strict JSON). The
 * version enters every cache key.
 */
export const ERROR_ANALYSIS_PROMPT = {
  version: 'error-analysis-v1',
  system:
    'You are an experienced Physics Olympiad grader who diagnoses why a student solution went wrong. You return ONLY a JSON object.',
  instructions: [
    'An automatic grader has already aligned the student answer with the reference solution: the MATCHES above say which reference steps the answer reproduced (and with which of its formulas), which it missed, and which of its formulas matched no reference step. Do NOT re-align the steps yourself; trust the matches for what is right and what is wrong.',
    'Look at the incorrect or missing expressions and find the EARLIEST FUNDAMENTAL CAUSE of the failure: the first place where the reasoning went wrong, not the errors that merely follow from it.',
    'Classify it with exactly ONE primary label, and list any other errors that also occur as secondary labels (possibly none). The labels:',
    ...ERROR_TAXONOMY.map((c) => `- ${c.label} (${c.name}): ${c.definition}`),
    'If the problem refers to a diagram or figure that you cannot see, do not assume its content; use DAE only when the answer itself shows it misread a described figure.',
    'Reply with ONLY this JSON object: {"primary_error": "<one label>", "secondary_errors": ["<label>", ...], "incorrect_expressions": ["<expression from the student answer>", ...], "related_correct_expressions": ["<reference expression>", ...], "rationale": "<2-5 sentences>", "confidence": <number from 0.0 to 1.0>}',
  ].join('\n'),
} as const;
