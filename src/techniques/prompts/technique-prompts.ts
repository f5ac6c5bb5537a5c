/**
 * Our own prompt templates for PhysicsEval's techniques (spec A3–A5: the papers print none of the
 * reviewer, verifier or meta-verifier prompts). Each carries a version that enters every call's
 * cache key and `run.json`: change the version whenever the text changes.
 */

/** A3: the self-refine turn (the paper's metacognitive instruction, then our format reminder). */
export const SELF_REFINE_PROMPT = {
  version: 'self-refine-v1',
  text: [
    'You are a Physics Professor. Outline the physics principles of the given problem, and please check your own answers for any mistakes, then answer again.',
    '',
    'Write the complete corrected solution. Write every key step and the final answer as a display formula in $$...$$, one equation per block.',
  ].join('\n'),
} as const;

/** A4: the single-agent reviewer (lists probable mistakes as JSON; empty list = none). */
export const REVIEWER_PROMPT = {
  version: 'reviewer-v1',
  system:
    'You are a meticulous physics reviewer. You check a proposed solution for mistakes. You do not have a reference solution; judge from physics and mathematics alone. Do not rewrite the solution.',
  instructions: [
    'List the probable mistakes in the proposed solution: wrong principles or formulas, algebra or arithmetic errors, wrong units, unjustified assumptions, missing parts of the question.',
    'Reply with ONLY a JSON object of the form {"mistakes": ["<one mistake, where it is and why it is wrong>", ...]}.',
    'If you find no mistake, reply {"mistakes": []}. Do not list stylistic issues.',
  ].join('\n'),
} as const;

/** A5: a verifier (six 0–5 rubric scores and a mistake list). */
export const VERIFIER_PROMPT = {
  version: 'verifier-v1',
  system:
    'You are an independent physics verifier. You grade a proposed solution without a reference solution, from physics and mathematics alone.',
  instructions: [
    'Score the proposed solution on each criterion from 0 (absent or entirely wrong) to 5 (flawless):',
    '- numerical_correctness: calculations, numbers and units',
    '- formulation: the physical principles and equations chosen',
    '- logical_consistency: each step follows from the previous ones',
    '- completeness: every part of the question is answered',
    '- validity_of_assumptions: assumptions are stated and justified',
    '- clarity: the solution is clear and well organised',
    'Then list the mistakes you found (an empty list if none).',
    'Reply with ONLY a JSON object: {"scores": {"numerical_correctness": n, "formulation": n, "logical_consistency": n, "completeness": n, "validity_of_assumptions": n, "clarity": n}, "mistakes": ["...", ...]}',
  ].join('\n'),
} as const;

/** A5: the meta-verifier (filters the verifiers' mistakes). */
export const META_VERIFIER_PROMPT = {
  version: 'meta-verifier-v1',
  system:
    'You are the senior reviewer of a physics solution. Several independent verifiers have reviewed it; you decide which of their reported mistakes are real.',
  instructions: [
    'Keep only the mistakes that are relevant to this problem, accurate about this solution, and consistent across the verifiers (reported by more than one, or clearly correct on inspection). Drop mistakes that are wrong, irrelevant or merely stylistic. Merge duplicates.',
    'Reply with ONLY a JSON object: {"mistakes": ["...", ...]} (an empty list if no real mistake remains).',
  ].join('\n'),
} as const;

/** A5 (and A4, by the spec's suggestion): the feedback turn that asks the solver to revise. */
export const FEEDBACK_PROMPT = {
  version: 'feedback-v1',
  render: (mistakes: readonly string[]): string =>
    [
      'I have some feedback.',
      '',
      ...mistakes.map((m, i) => `${i + 1}. ${m}`),
      '',
      'Please generate the solution again after taking this feedback into account. Write all equations in LaTeX, every key step and the final answer as a display formula in $$...$$.',
    ].join('\n'),
} as const;

/** The problem and solution block every reviewer-like role sees. */
export function reviewMaterial(problemText: string, solution: string): string {
  return ['Problem:', problemText.trim(), '', 'Proposed solution:', solution.trim()].join('\n');
}
