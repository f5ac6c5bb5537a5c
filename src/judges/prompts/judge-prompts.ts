/**
 * Our judge prompts. PPS paraphrases PhysicsEval App. A (spec A6: inputs, framing, anchors, hard
 * rules; we add the problem statement, which the printed prompt lacks — spec AMBIGUOUS). Binary
 * and per-step are our own (spec C2: the papers print neither). Versions enter cache keys.
 */

/** Spec A6's rubric judge. */
export const PPS_JUDGE_PROMPT = {
  version: 'pps-judge-v1',
  system:
    'You are an expert physics evaluator. You compare an AI solution STRICTLY against the ground truth, which is definitive. You return ONLY a JSON object.',
  instructions: [
    'Penalise deviations from the ground truth in method, assumptions or interpretation of the given data, and attempts at parts the ground truth deems unsolvable.',
    'Score each criterion as an integer from 1 to 5:',
    '- mathematical_accuracy: 5 all calculations, numbers and units correct and matching the ground truth (or verifiably correct by a valid alternative method); 4 a minor calculation or unit error; 3 several minor errors or one significant one; 2 major errors — and 2 whenever the AI uses different input data than the ground truth, even if its internal math is right; 1 almost all wrong or drastically different data.',
    '- logical_consistency: 5 flawless flow aligned with the ground truth or a valid alternative; 4 one weak step; 3 gaps or unexplained deviation from the ground-truth logic; 2 significant flaws or contradicts the ground-truth interpretation; 1 incoherent.',
    '- completeness: 5 every part the ground truth treats as solvable is answered; 4 a minor aspect or one sub-question missing; 3 a significant part missing — and at most 3 when the AI solves a part the ground truth says is unsolvable by unwarranted assumptions; 2 only a small portion addressed; 1 largely unaddressed or off-topic.',
    '- clarity_and_coherence: 5 exceptionally clear and concise … 1 incomprehensible.',
    '- formulas_principles: 5 all correct and appropriate; 3 some incorrect, or an over-simplifying principle compared with the ground truth; 1 inappropriate or ignored.',
    '- assumptions_made: 5 explicit, justified and consistent with the ground-truth limits; 3 key assumptions missing or questionable, or simplifying where the ground truth does not; 2 major unreasonable ones, including assumptions that solve ground-truth-unsolvable parts; 1 none sensible.',
    'Also give overall_correctness as an integer from 0 to 10 (10 perfect, 8–9 excellent, 6–7 good, 4–5 partial, 2–3 mostly incorrect, 0–1 no meaningful attempt; at most 3 when the AI uses different fundamental input data than the ground truth).',
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
