import type { ReferenceSolution } from '../dataset/physicseval-record.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import type { Pipeline } from '../pipeline/create-pipeline.js';
import type { Criterion, CriterionWeights } from '../pipeline/project-config.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { parseBinaryJudgement, parsePpsJudgement, parseStepJudgement } from './parse-judgement.js';
import { type PpsNormaliser, ppsScore } from './pps.js';
import { BINARY_JUDGE_PROMPT, PPS_JUDGE_PROMPT, STEP_JUDGE_PROMPT } from './prompts/judge-prompts.js';
import { splitSteps } from './split-steps.js';

/** The rubrics `prism judge` knows. */
export type Rubric = 'pps' | 'binary' | 'steps';

/** What a judge decided about one answer; a failure is recorded as such, never as a score. */
export type Judgement =
  | {
      readonly ok: true;
      readonly rubric: 'pps';
      readonly scores: Readonly<Record<Criterion, number>>;
      readonly overall_correctness: number | null;
      readonly pps: number;
      readonly reasked: boolean;
    }
  | { readonly ok: true; readonly rubric: 'binary'; readonly score: 0 | 1; readonly reasked: boolean }
  | {
      readonly ok: true;
      readonly rubric: 'steps';
      readonly steps: readonly boolean[];
      /** Linear score: correct steps / steps (spec C2). */
      readonly score: number;
      readonly reasked: boolean;
    }
  | {
      readonly ok: false;
      readonly rubric: Rubric;
      readonly error: { readonly code: string; readonly message: string };
    };

/** What a judge sees of one sample. */
export interface JudgeInput {
  readonly pipeline: Pipeline;
  readonly sample: string;
  readonly problemId: string;
  readonly problemText: string;
  readonly reference: ReferenceSolution;
  readonly answer: string;
  readonly binding: ModelBinding;
  readonly ppsWeights?: CriterionWeights;
  readonly normaliser?: PpsNormaliser;
}

function material(input: JudgeInput): string {
  return [
    `Problem ID: ${input.problemId}`,
    '',
    'Problem:',
    input.problemText.trim(),
    '',
    'Ground truth (reference correct solution):',
    input.reference.ground_truth || '(none given)',
    ...(input.reference.elaborated_solution !== '' &&
    input.reference.elaborated_solution !== input.reference.ground_truth
      ? ['', 'Elaborated solution steps:', input.reference.elaborated_solution]
      : []),
  ].join('\n');
}

const unparseable = (rubric: Rubric, error: string) =>
  ({
    ok: false,
    rubric,
    error: { code: 'judge-unparseable', message: `judge reply unusable after one re-ask: ${error}` },
  }) as const;

/**
 * Judges one answer with a rubric through the call layer (cached, resumable, transcribed): `pps`
 * (spec A6–A7), `binary` (spec C2 LLM-as-judge), `steps` (each step of the answer judged on its
 * own, in order; score = correct / steps). A malformed reply gets one re-ask; a second one is a
 * `judge-unparseable` failure; a failed call is a failure with the call's code.
 */
export async function judgeSample(rubric: Rubric, input: JudgeInput): Promise<Judgement> {
  const base = { role: 'judge' as const, binding: input.binding };
  if (rubric === 'pps') {
    const r = await askWithReask(input.pipeline, input.sample, {
      ...base,
      step: 'judge-pps',
      promptVersion: PPS_JUDGE_PROMPT.version,
      messages: [
        { role: 'system', content: PPS_JUDGE_PROMPT.system },
        {
          role: 'user',
          content: `${material(input)}\n\nAI solution:\n${input.answer}\n\n${PPS_JUDGE_PROMPT.instructions}`,
        },
      ],
      parse: parsePpsJudgement,
    });
    if (!r.ok) return { ok: false, rubric, error: { code: r.error.code, message: r.error.message } };
    if (!r.parsed.ok) return unparseable(rubric, r.parsed.error);
    const { scores, overall_correctness } = r.parsed.value;
    return {
      ok: true,
      rubric,
      scores,
      overall_correctness,
      pps: ppsScore(scores, input.ppsWeights, input.normaliser),
      reasked: r.reasked,
    };
  }
  if (rubric === 'binary') {
    const r = await askWithReask(input.pipeline, input.sample, {
      ...base,
      step: 'judge-binary',
      promptVersion: BINARY_JUDGE_PROMPT.version,
      messages: [
        { role: 'system', content: BINARY_JUDGE_PROMPT.system },
        {
          role: 'user',
          content: `${material(input)}\n\nAI solution:\n${input.answer}\n\n${BINARY_JUDGE_PROMPT.instructions}`,
        },
      ],
      parse: parseBinaryJudgement,
    });
    if (!r.ok) return { ok: false, rubric, error: { code: r.error.code, message: r.error.message } };
    if (!r.parsed.ok) return unparseable(rubric, r.parsed.error);
    return { ok: true, rubric, score: r.parsed.value.score, reasked: r.reasked };
  }
  const steps = splitSteps(input.answer);
  if (steps.length === 0) return { ok: true, rubric, steps: [], score: 0, reasked: false };
  const results = await Promise.all(
    steps.map((step, i) =>
      askWithReask(input.pipeline, input.sample, {
        ...base,
        step: `judge-step-${i + 1}`,
        promptVersion: STEP_JUDGE_PROMPT.version,
        messages: [
          { role: 'system', content: STEP_JUDGE_PROMPT.system },
          {
            role: 'user',
            content: `${material(input)}\n\nStep ${i + 1} of ${steps.length} of the AI solution:\n${step}\n\n${STEP_JUDGE_PROMPT.instructions}`,
          },
        ],
        parse: parseStepJudgement,
      }),
    ),
  );
  const verdicts: boolean[] = [];
  for (const r of results) {
    if (!r.ok) return { ok: false, rubric, error: { code: r.error.code, message: r.error.message } };
    if (!r.parsed.ok) return unparseable(rubric, r.parsed.error);
    verdicts.push(r.parsed.value.correct);
  }
  return {
    ok: true,
    rubric,
    steps: verdicts,
    score: verdicts.filter(Boolean).length / verdicts.length,
    reasked: results.some((r) => r.reasked),
  };
}
