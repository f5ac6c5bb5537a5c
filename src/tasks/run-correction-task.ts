import { join } from 'node:path';
import type { Problem } from '../dag/types.js';
import { datasetInstances } from '../instances/dataset-instances.js';
import { planInstances } from '../instances/plan-instances.js';
import { solveInstance } from '../instances/solve-instance.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { readJsonLines } from '../runs/jsonl-file.js';
import { loadResponses } from '../runs/response-row.js';
import { runModel } from '../runs/run-model.js';
import { writeFileAtomic } from '../runs/write-file-atomic.js';
import { createScorer } from '../score/create-scorer.js';
import { askModel } from './ask-model.js';
import { ERROR_KINDS, type InjectedError, injectError } from './inject-error.js';
import { type CorrectionBehaviour, labelCorrection } from './label-correction.js';
import { type InstanceOutcome, type RobustnessReport, robustnessReport } from './robustness-report.js';
import type { TaskRunOptions } from './run-code-task.js';

/** The Task III prompt: find and fix the one error of a partial solution, then finish it. */
export const CORRECTION_PROMPT: PromptTemplate = {
  version: 'prism-correction-v1',
  preamble: [
    "You are an expert physicist. Below is a physics problem followed by a student's partial solution",
    'that contains exactly one error. Find the error, correct it, and complete the solution step by step.',
    'Write every key step and the final answer as a display formula in $$...$$, one equation per block.',
  ].join('\n'),
  formatHeading: 'Answer-format instructions:',
};

/** One instance of Task III: the error shown and how the model dealt with it. */
export interface CorrectionOutcome extends InstanceOutcome {
  readonly error: InjectedError;
  readonly behaviour: CorrectionBehaviour;
  /** `rule` when the answer's formulas decided, `judge` when a judge model labelled it. */
  readonly labelled_by: 'rule' | 'judge';
}

/** The judge's prompt for the responses the rule leaves unlabelled. */
export const CORRECTION_JUDGE_PROMPT: PromptTemplate = {
  version: 'prism-correction-judge-v1',
  preamble: [
    "A student's partial solution to the physics problem below contained one known error. Read the",
    "model's response and answer with exactly one label on the last line:",
    'EXPLICIT — the response points out the error and corrects it;',
    'SILENT — it corrects the error without saying so;',
    'ACCEPT — it carries the error on without noticing it.',
  ].join('\n'),
  formatHeading: 'Label:',
};

/** The judge's label: the last of EXPLICIT / SILENT / ACCEPT it names. */
export function parseCorrectionLabel(text: string): CorrectionBehaviour {
  const found = [...text.toUpperCase().matchAll(/\b(EXPLICIT|SILENT|ACCEPT)\b/g)].map((m) => m[1]);
  const last = found[found.length - 1];
  return last === 'EXPLICIT'
    ? 'explicit-correction'
    : last === 'SILENT'
      ? 'silent-correction'
      : last === 'ACCEPT'
        ? 'uncritical-acceptance'
        : 'unlabelled';
}

/**
 * Task III (reasoning with correction): for each instance of the problems whose text shows
 * parameters, a partial solution written from the DAG with one error injected by rule — the k-th
 * instance gets kind k (conceptual, careless, encoding, knowledge gap, in turn; the next kind when a
 * DAG admits none) — is shown after the problem; the answer is scored as any answer (final answer,
 * step score) and its behaviour labelled by rule — what the rule leaves open by a judge model when
 * `judgeModel` is given (`<dir>/judge`). Writes `prism-iii.json`.
 */
export async function runCorrectionTask(
  options: TaskRunOptions & { readonly judgeModel?: string },
): Promise<{ report: RobustnessReport; outcomes: CorrectionOutcome[]; ok: boolean }> {
  const { instances } = datasetInstances(options.problems, {
    n: options.n,
    seed: options.seed,
    textualOnly: true,
  });
  const posed: { problem: Problem; error: InjectedError }[] = [];
  for (const inst of instances) {
    const original = options.problems.find((p) => p.id === inst.instance_of)!;
    const solved = solveInstance(planInstances(original), inst.parameter_values);
    if (!solved.ok) continue;
    let error: InjectedError | undefined;
    for (let j = 0; j < ERROR_KINDS.length && error === undefined; j++) {
      error = injectError(
        original,
        inst,
        ERROR_KINDS[(inst.instance - 1 + j) % ERROR_KINDS.length]!,
        solved.solution,
      );
    }
    if (error === undefined) continue;
    posed.push({ problem: { ...inst, context: `${inst.context}\n\n${error.shown}` }, error });
  }
  const problems = posed.map((p) => p.problem);
  const scorer = createScorer(problems);
  const result = await runModel({
    ...options,
    problems,
    template: CORRECTION_PROMPT,
    scorer: (problem, response) => scorer.scoreResponse(problem, response),
  });
  const records = new Map(
    (
      readJsonLines(join(options.dir, 'records.jsonl')).rows as (InstanceOutcome & { matched?: number[] })[]
    ).map((r) => [r.problem_id, r]),
  );
  const texts = loadResponses(join(options.dir, 'responses.jsonl')).latest;
  const ruled = posed.map(({ problem, error }) => {
    const record = records.get(problem.id);
    const text = [...texts.values()].find((r) => r.problem_id === problem.id)?.response ?? '';
    const finalCorrect = record?.final_answer_correct === true;
    return {
      problem_id: problem.id,
      final_answer_correct: finalCorrect,
      step_score: record?.step_score ?? 0,
      error,
      behaviour: labelCorrection(text, error, problem.constants ?? {}, {
        finalCorrect,
        matched: record?.matched ?? [],
      }),
      labelled_by: 'rule' as const,
      text,
    };
  });
  // What the answer's formulas do not decide goes to a judge model, when one is named.
  const open = ruled.filter((o) => o.behaviour === 'unlabelled');
  const judged = new Map<string, CorrectionBehaviour>();
  if (options.judgeModel !== undefined && open.length > 0) {
    const { texts: verdicts } = await askModel({
      ...options,
      dir: join(options.dir, 'judge'),
      params: { ...options.params, model: options.judgeModel },
      template: CORRECTION_JUDGE_PROMPT,
      problems: open.map((o) => {
        const problem = problems.find((p) => p.id === o.problem_id)!;
        return {
          ...problem,
          context: `${problem.context}\n\nThe error: ${o.error.kind} — the partial solution wrote $${o.error.wrong}$ where $${o.error.right}$ is right.\n\nResponse to grade:\n${o.text}`,
          final_answer_instructions: 'One of EXPLICIT, SILENT, ACCEPT.',
        };
      }),
    });
    for (const o of open) judged.set(o.problem_id, parseCorrectionLabel(verdicts.get(o.problem_id) ?? ''));
  }
  const outcomes: CorrectionOutcome[] = ruled.map(({ text: _t, ...o }) => {
    const label = judged.get(o.problem_id);
    return label === undefined ? o : { ...o, behaviour: label, labelled_by: 'judge' };
  });
  const report = robustnessReport(
    'III',
    options.params.model,
    problems.map((p) => p.id),
    outcomes,
  );
  writeFileAtomic(join(options.dir, 'prism-iii.json'), `${JSON.stringify({ report, outcomes }, null, 2)}\n`);
  return { report, outcomes, ok: result.ok && !result.interrupted };
}

/** Behaviour shares (percent) of Task III outcomes, as in PRiSM Table 4. */
export function behaviourShares(outcomes: readonly CorrectionOutcome[]): Record<CorrectionBehaviour, number> {
  const out: Record<CorrectionBehaviour, number> = {
    'explicit-correction': 0,
    'silent-correction': 0,
    'uncritical-acceptance': 0,
    unlabelled: 0,
  };
  for (const o of outcomes) out[o.behaviour] += 100 / Math.max(1, outcomes.length);
  return out;
}
