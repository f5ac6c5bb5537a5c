import { join } from 'node:path';
import type { Problem } from '../dag/types.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { loadResponses } from '../runs/response-row.js';
import { type RunModelOptions, type RunModelResult, runModel } from '../runs/run-model.js';
import type { ScoredResponse } from '../runs/score-run.js';

/** Options of {@link askModel}: a run without its scorer. */
export type AskOptions = Omit<RunModelOptions, 'scorer' | 'template' | 'problems'> & {
  readonly problems: readonly Problem[];
  readonly template: PromptTemplate;
};

/** The run layer's record for a response a task scores itself (PRISM-DAG scoring does not apply). */
const unscored = (problem: Problem): ScoredResponse => ({
  problem_id: problem.id,
  step_score: 0,
  final_answer_correct: null,
  matched: [],
  achieved: [],
  total_nodes: problem.grading_standard.length,
  diagnostics: [],
  scorer_version: 'prism-task-unscored',
});

/**
 * Asks a model one prompt per task problem through the run layer (cached, resumable, one JSONL line
 * per answer in `dir`), and returns each problem's response text (absent when its request failed).
 */
export async function askModel(
  options: AskOptions,
): Promise<{ readonly result: RunModelResult; readonly texts: ReadonlyMap<string, string> }> {
  const result = await runModel({ ...options, scorer: (problem) => unscored(problem) });
  const texts = new Map<string, string>();
  for (const row of loadResponses(join(options.dir, 'responses.jsonl')).latest.values()) {
    if (row.sample === 0 && typeof row.response === 'string') texts.set(row.problem_id, row.response);
  }
  return { result, texts };
}
