/**
 * Our judge prompts. PPS paraphrases PhysicsEval App. A (spec A6: inputs, framing, anchors, hard
 * rules; we add the problem statement, which the printed prompt lacks — spec AMBIGUOUS). Binary
 * and per-step are our own (spec C2: the papers print neither). Versions enter cache keys.
 */

/** One rubric criterion: its JSON key and an anchor for every score (index 0 = score 1). */
export interface RubricCriterion {
  readonly key: string;
  readonly anchors: readonly string[];
}

/**
 * Spec A6's rubric in our own words, every criterion with an anchor at every level 1–5 (and the
 * 0–10 bands of overall correctness) including the paper's hard rules: different input data caps
 * mathematical accuracy at 2 and overall correctness at 3; solving a part the ground truth calls
 * unsolvable caps completeness at 3.
 */
export const PPS_RUBRIC: readonly RubricCriterion[] = [
  {
    key: 'mathematical_accuracy',
    anchors: [
      'almost every calculation is wrong, or the data used are drastically different from the ground truth',
      'major errors; also 2 whenever the AI works from different input data than the ground truth, however sound its internal math',
      'several minor errors, or one significant error',
      'one minor calculation or unit slip',
      'every calculation, number and unit is right and agrees with the ground truth (or is verifiably right by a valid alternative method)',
    ],
  },
  {
    key: 'logical_consistency',
    anchors: [
      'incoherent: the steps do not follow from one another',
      'significant flaws in the reasoning, or it contradicts how the ground truth reads the problem',
      'gaps in the reasoning, or a deviation from the ground-truth logic that is not explained',
      'sound overall with one weak or poorly justified step',
      'a flawless chain of reasoning, aligned with the ground truth or with a valid alternative',
    ],
  },
  {
    key: 'completeness',
    anchors: [
      'the problem is largely unaddressed or the answer is off-topic',
      'only a small part of the problem is addressed',
      'a significant part is missing; also at most 3 when the AI answers a part the ground truth deems unsolvable by making unwarranted assumptions',
      'one minor aspect or one sub-question is missing',
      'every part that the ground truth treats as solvable is answered',
    ],
  },
  {
    key: 'clarity_and_coherence',
    anchors: [
      'incomprehensible',
      'hard to follow: confusing order, undefined symbols or unclear statements in many places',
      'understandable, but disorganised or verbose in places',
      'clear and well organised, with small lapses in presentation',
      'exceptionally clear, concise and well structured',
    ],
  },
  {
    key: 'formulas_principles',
    anchors: [
      'the relevant formulas and principles are inappropriate or ignored',
      'major formulas or principles are wrong or misapplied',
      'some formulas are incorrect, or a principle over-simplifies the situation compared with the ground truth',
      'the right formulas and principles, with a minor imprecision in how one is stated or when it applies',
      'every formula and principle is correct and appropriate',
    ],
  },
  {
    key: 'assumptions_made',
    anchors: [
      'no sensible assumptions: they are invalid, or contradict the problem',
      'major unreasonable assumptions, including ones used to solve parts the ground truth deems unsolvable',
      'key assumptions missing or questionable, or simplifications the ground truth does not make',
      'reasonable and mostly stated, with one minor assumption left implicit or weakly justified',
      'explicit, justified and consistent with the limits the ground truth sets',
    ],
  },
];

/** The overall-correctness bands (0–10), highest first, with the paper's cap. */
export const OVERALL_CORRECTNESS_BANDS: readonly string[] = [
  '10 perfect',
  '8–9 excellent',
  '6–7 good',
  '4–5 partial, including solving a simplified version of the problem',
  '2–3 mostly incorrect',
  '0–1 no meaningful attempt',
];

/** `- key: 5 = …; 4 = …; …; 1 = ….`, highest score first. */
const rubricLine = (c: RubricCriterion): string =>
  `- ${c.key}: ${c.anchors
    .map((anchor, i) => `${i + 1} = ${anchor}`)
    .reverse()
    .join('; ')}.`;

/** Spec A6's rubric judge. */
export const PPS_JUDGE_PROMPT = {
  version: 'pps-judge-v2',
  system:
    'You are an expert physics evaluator. You compare an AI solution STRICTLY against the ground truth, which is definitive. You return ONLY a JSON object.',
  instructions: [
    'Penalise deviations from the ground truth in method, assumptions or interpretation of the given data, and attempts at parts the ground truth deems unsolvable.',
    'Score each criterion as an integer from 1 to 5:',
    ...PPS_RUBRIC.map(rubricLine),
    `Also give overall_correctness as an integer from 0 to 10: ${OVERALL_CORRECTNESS_BANDS.join('; ')}. A solution that uses different fundamental input data than the ground truth scores at most 3.`,
    'Reply with ONLY this JSON object: {"problem_id": "...", "mathematical_accuracy": n, "logical_consistency": n, "completeness": n, "clarity_and_coherence": n, "formulas_principles": n, "assumptions_made": n, "overall_correctness": n}',
  ].join('\n'),
} as const;

/** Spec C2's LLM-as-judge baseline: outcome-based, 0/1. */
export const BINARY_JUDGE_PROMPT = {
  version: 'binary-judge-v1',
  system:
    'You are a strict physics grader. You decide whether a solution is correct. You return ONLY a JSON object.',
  instructions: [
    'Compare the AI solution with the reference solution. Grade the final answer(s) and the solution process together: score 1 only if every final answer is correct (equivalent to the reference, numbers within rounding, units right) and the reasoning that leads to it is sound; otherwise 0.',
    'Reply with ONLY this JSON object: {"score": 0 or 1, "reason": "<one sentence>"}',
  ].join('\n'),
} as const;

/** Spec C2's PSAS-S-like per-step judge: each step on its own, in order, no dependencies. */
export const STEP_JUDGE_PROMPT = {
  version: 'step-judge-v1',
  system:
    'You are a strict physics grader who checks one step of a solution at a time. You return ONLY a JSON object.',
  instructions: [
    'Judge ONLY the step shown below, on its own: is what it states (its formulas, numbers and claims) correct for this problem, judged against the reference solution? Do not judge other steps and do not penalise the step for what later steps do.',
    'Reply with ONLY this JSON object: {"correct": true or false, "reason": "<one sentence>"}',
  ].join('\n'),
} as const;
