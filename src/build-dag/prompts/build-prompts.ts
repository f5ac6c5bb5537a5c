/**
 * Our prompt templates for PRISM-Physics's DAG-building pipeline (spec C7: three rewriting stages,
 * a reviewer after each, the Format Instructions shared by all prompts; the paper prints none of
 * them verbatim). Each carries a version that enters every call's cache key: change the version
 * whenever the text changes.
 */

/** Spec C7 "Format Instructions", shared by every prompt. */
export const FORMAT_INSTRUCTIONS = [
  'Format Instructions:',
  '1. One formula per $$...$$ block; no chained equalities (a = b = c). Chained inequalities only if required.',
  '2. No terminal punctuation inside formula blocks.',
  '3. Units go in \\unit{...} with the number outside: 3\\unit{km/h}.',
  '4. Do not use \\left, \\right, \\mathrm, \\mathit, \\mathbf, \\text, spacing commands (\\, \\; \\! ~ \\quad \\qquad) or aligned environments.',
  '5. Canonical calculus notation: \\frac{dy}{dx}, \\frac{\\partial f}{\\partial x}, \\int_0^t v dt, \\sum_{i=1}^n x_i.',
].join('\n');

/** The system turn of every rewriting call. */
export const WRITER_SYSTEM =
  'You are an expert physics editor preparing olympiad problems and their reference solutions for step-level grading. You rewrite exactly as asked and reply with JSON only.';

/** Stage 1: formula normalization. */
export const NORMALIZE_PROMPT = {
  version: 'build-normalize-v1',
  requirements: [
    'Stage 1 — formula normalization. Rewrite the problem (context, sub-questions) and its solution(s):',
    '- apply the Format Instructions to every formula;',
    '- every variable used anywhere must be defined in the problem text;',
    '- write exact values as fractions (\\frac{9}{4}, not 2.25); keep decimals only for approximate values;',
    '- no bare values in formula blocks: write E_{max} = 2E_0 (and define E_max), or ans = ... with the required form stated in the context;',
    '- keep the physics, the reasoning and the final answers unchanged; keep every JSON entry.',
  ].join('\n'),
  reply: 'Reply with the same JSON object, every entry kept, inside one ```json fence.',
} as const;

/** Stage 2: context clarification. */
export const CLARIFY_PROMPT = {
  version: 'build-clarify-v1',
  requirements: [
    'Stage 2 — context clarification. For the problem (if it has no sub-questions) or for each sub-question, add:',
    '- "final_answer_form": "algebraic" (variables on both sides of the answer), "numerical" (a single variable, or variables on one side only) or "text-based";',
    '- "final_answer_instructions": algebraic → "Give X in the form X = ..., using only the variables ..." (no redundant variables); numerical → "Express X as a numerical value" plus the significant figures when the answer is approximate; text-based → a fixed sentence template such as "The equilibrium is stable/unstable.";',
    '- "significant_figures": an integer, for approximate numerical answers;',
    '- define every constant the solution uses explicitly; unify units and symbolic forms.',
    'The instructions must NOT hint at the answer: never state its value or its expression. Keep every other entry unchanged.',
  ].join('\n'),
  reply: 'Reply with the whole JSON object, every entry kept, inside one ```json fence.',
} as const;

/** Stage 3: DAG construction. */
export const DAG_PROMPT = {
  version: 'build-dag-v1',
  requirements: [
    'Stage 3 — DAG construction. List the core formulas of the solution as a grading standard:',
    '- each entry {"index": n (from 1), "formula": "$$...$$", "dependency": [indices of the earlier formulas it is DIRECTLY derived from], "is_final_answer": true|false} (add "subquestion": letter when the problem has sub-questions);',
    '- formulas must be copied VERBATIM from the solution; add no new formula;',
    '- dependencies point backwards only, direct causes only (no transitive edges);',
    '- the last formula is a final answer; several final-answer nodes are allowed;',
    '- every formula must lead to a final answer;',
    '- list relations between quantities; leave out lines that only substitute numbers (a numerical answer is checked from "final_answer").',
  ].join('\n'),
  reply: 'Reply with ONLY a JSON object {"grading_standard": [...]} inside one ```json fence.',
} as const;

/** The "professor" reviewer after each stage. */
export const REVIEW_PROMPT = {
  version: 'build-review-v1',
  system:
    'You are a physics professor reviewing an edit of a problem and its reference solution. You check that the edit meets every requirement; you do not rewrite it.',
  reply: [
    'Does the output meet every requirement above and keep the physics correct?',
    'Reply exactly in the form <judge>valid</judge><reason>...</reason> or <judge>invalid</judge><reason>what is wrong and how to fix it</reason>.',
  ].join('\n'),
} as const;

/** The witness: values of the given quantities under which the DAG is solved forward. */
export const WITNESS_PROMPT = {
  version: 'build-witness-v1',
  request: [
    'Propose a witness for this problem: SI values of its GIVEN quantities (the inputs of the formulas above), chosen so that the DAG can be solved forward for every other quantity.',
    "- For numerical problems use the values the problem states; for algebraic ones choose generic positive values (not 0 or 1) satisfying the problem's conditions.",
    '- Keys are the LaTeX symbols exactly as the formulas write them ("m", "\\\\theta", "v_0"); values are plain numbers in SI units. Do not give values of quantities the formulas determine, nor of symbols the "constants" map fixes.',
    'Reply with ONLY a JSON object {"witness": {"<symbol>": <number>, ...}}.',
  ].join('\n'),
  repair: [
    'We set your witness values, solved the DAG forward and checked every formula and the stated final answers. These checks failed:',
  ].join('\n'),
  repairReply: [
    'Find the cause: a wrong formula in the solution and the DAG, a wrong stated final answer, or wrong witness values. Then reply with ONLY a JSON object:',
    '{"witness": {...} (always, complete), "grading_standard": [...] (only if a formula or edge must change: the whole corrected list), "solution_edits": [{"old": "exact text of the solution", "new": "replacement"}] (only if the solution text must change, e.g. to correct a formula, so that DAG formulas stay verbatim copies), "final_answer_edits": [{"old": "...", "new": "..."}] (only if a stated final answer is wrong)}',
  ].join('\n'),
} as const;

/** Every prompt version of the pipeline (recorded in the build report). */
export const BUILD_PROMPT_VERSIONS = {
  normalize: NORMALIZE_PROMPT.version,
  clarify: CLARIFY_PROMPT.version,
  dag: DAG_PROMPT.version,
  review: REVIEW_PROMPT.version,
  witness: WITNESS_PROMPT.version,
} as const;
