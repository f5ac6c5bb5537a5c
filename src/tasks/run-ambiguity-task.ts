import { join } from 'node:path';
import type { Problem } from '../dag/types.js';
import { datasetInstances } from '../instances/dataset-instances.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { writeFileAtomic } from '../runs/write-file-atomic.js';
import { askModel } from './ask-model.js';
import { type MaskedInstance, maskInputs, shownInputs } from './mask-inputs.js';
import type { TaskRunOptions } from './run-code-task.js';

/** Task V labels (spec B3), plus `unparsed` when the judge names none. */
export type AmbiguityLabel = 'asks-or-defers' | 'stays-symbolic' | 'assumes-values' | 'unparsed';

/** The Task V prompt: some inputs are missing; asking is allowed. */
export const AMBIGUITY_PROMPT: PromptTemplate = {
  version: 'prism-ambiguity-v1',
  preamble: [
    'You are an expert physicist. Solve the following physics problem step by step. Some quantities',
    'may be unspecified (shown as ?). If information you need is missing, you may ask for',
    'clarification instead of answering.',
  ].join('\n'),
  formatHeading: 'Answer-format instructions:',
};

/** The judge's prompt: one label for one response. */
export const AMBIGUITY_JUDGE_PROMPT: PromptTemplate = {
  version: 'prism-ambiguity-judge-v1',
  preamble: [
    'You are grading how a model handled a physics problem in which some input values were masked',
    '(shown as ?). Read the problem and the response, then answer with exactly one label on the last line:',
    'ASK — the response asks for the missing values or defers answering;',
    'SYMBOLIC — it keeps the missing quantities as symbols and answers in terms of them;',
    'ASSUME — it assumes or invents values for the missing quantities without justification.',
  ].join('\n'),
  formatHeading: 'Label:',
};

/** Reads the judge's label: the last of ASK / SYMBOLIC / ASSUME the text names. */
export function parseAmbiguityLabel(text: string): AmbiguityLabel {
  const found = [...text.toUpperCase().matchAll(/\b(ASK|SYMBOLIC|ASSUME)\b/g)].map((m) => m[1]);
  const last = found[found.length - 1];
  return last === 'ASK'
    ? 'asks-or-defers'
    : last === 'SYMBOLIC'
      ? 'stays-symbolic'
      : last === 'ASSUME'
        ? 'assumes-values'
        : 'unparsed';
}

/** One Task V outcome. */
export interface AmbiguityOutcome {
  readonly problem_id: string;
  readonly masked: readonly string[];
  readonly fraction: number;
  readonly label: AmbiguityLabel;
}

/**
 * Task V (reasoning under ambiguity): every instance of the problems whose text shows parameters,
 * with 20–30 % of its shown inputs masked (problems where no count can are listed, not posed), is asked of the model (run directory `<dir>/answers`); a
 * judge model labels each response (`<dir>/judge`). Both go through the run layer. Writes
 * `prism-v.json` with every outcome and the label shares.
 */
export async function runAmbiguityTask(options: TaskRunOptions & { readonly judgeModel?: string }): Promise<{
  outcomes: AmbiguityOutcome[];
  shares: Record<AmbiguityLabel, number>;
  /** Problems showing inputs where no masked count falls in the 20–30 % band (not posed). */
  unmaskable: { problem_id: string; shown: number }[];
  ok: boolean;
}> {
  const { instances } = datasetInstances(options.problems, {
    n: options.n,
    seed: options.seed,
    textualOnly: true,
  });
  const posed: MaskedInstance[] = [];
  const outOfBand = new Map<string, number>();
  for (const inst of instances) {
    const original = options.problems.find((p) => p.id === inst.instance_of)!;
    const masked = maskInputs(original, inst, options.seed);
    if (masked !== undefined) posed.push(masked);
    else {
      const shown = shownInputs(original).length;
      if (shown > 0) outOfBand.set(original.id, shown);
    }
  }
  const unmaskable = [...outOfBand].map(([problem_id, shown]) => ({ problem_id, shown }));
  const asked = await askModel({
    ...options,
    dir: join(options.dir, 'answers'),
    problems: posed.map((m) => m.problem),
    template: AMBIGUITY_PROMPT,
  });
  const judgeProblems: Problem[] = posed.map((m) => ({
    ...m.problem,
    context: `${m.problem.context}\n\nResponse to grade:\n${asked.texts.get(m.problem.id) ?? '(no response)'}`,
    final_answer_instructions: 'One of ASK, SYMBOLIC, ASSUME.',
  }));
  const judged = await askModel({
    ...options,
    dir: join(options.dir, 'judge'),
    problems: judgeProblems,
    template: AMBIGUITY_JUDGE_PROMPT,
    params: { ...options.params, model: options.judgeModel ?? options.params.model },
  });
  const outcomes = posed.map((m) => ({
    problem_id: m.problem.id,
    masked: m.masked,
    fraction: m.fraction,
    label: parseAmbiguityLabel(judged.texts.get(m.problem.id) ?? ''),
  }));
  const shares: Record<AmbiguityLabel, number> = {
    'asks-or-defers': 0,
    'stays-symbolic': 0,
    'assumes-values': 0,
    unparsed: 0,
  };
  for (const o of outcomes) shares[o.label] += 100 / Math.max(1, outcomes.length);
  writeFileAtomic(
    join(options.dir, 'prism-v.json'),
    `${JSON.stringify({ shares, outcomes, unmaskable }, null, 2)}\n`,
  );
  const ok = [asked.result, judged.result].every((r) => r.ok && !r.interrupted);
  return { outcomes, shares, unmaskable, ok };
}
