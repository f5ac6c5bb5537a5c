import type { Problem } from '../dag/types.js';
import type { ChatMessage } from '../llm/chat-types.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import type { Pipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { problemStatement } from '../techniques/problem-statement.js';
import { type ErrorAnalysis, parseErrorAnalysis } from './parse-error-analysis.js';
import { ERROR_ANALYSIS_PROMPT } from './prompts/error-analysis-prompt.js';
import { type MatchRecord, renderMatches } from './render-matches.js';

/** The classifier's verdict on one answer, or why there is none (a failure is never a label). */
export type ErrorAnalysisOutcome =
  | ({ readonly ok: true; readonly reasked: boolean } & ErrorAnalysis)
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** What the classifier is shown of one answer. */
export interface AnalyzeErrorInput {
  readonly pipeline: Pipeline;
  /** `problem#sample`. */
  readonly sample: string;
  readonly problem: Problem;
  readonly answer: string;
  readonly record: MatchRecord;
  readonly binding: ModelBinding;
}

/** The messages of one error-analysis call: problem, student answer, our matches with the score. */
export function errorAnalysisMessages(problem: Problem, answer: string, record: MatchRecord): ChatMessage[] {
  const user = [
    'PROBLEM:',
    problemStatement(problem),
    '',
    'STUDENT ANSWER:',
    answer.trim(),
    '',
    'MATCHES (from the automatic grader):',
    renderMatches(problem, record),
    '',
    `SCORE: ${record.step_score.toFixed(3)}`,
    '',
    ERROR_ANALYSIS_PROMPT.instructions,
  ].join('\n');
  return [
    { role: 'system', content: ERROR_ANALYSIS_PROMPT.system },
    { role: 'user', content: user },
  ];
}

/**
 * Classifies one imperfect answer into the seven-class taxonomy (spec C4) with one call through
 * the call layer (transcribed, cached, resumed). A reply that is not the strict JSON is re-asked
 * once in the same chat; a second bad reply is the failure `errors-unparseable`; a failed call is a
 * failure with the call's code.
 */
export async function analyzeError(input: AnalyzeErrorInput): Promise<ErrorAnalysisOutcome> {
  const r = await askWithReask(input.pipeline, input.sample, {
    step: 'error-analysis',
    role: 'judge',
    binding: input.binding,
    promptVersion: ERROR_ANALYSIS_PROMPT.version,
    messages: errorAnalysisMessages(input.problem, input.answer, input.record),
    parse: parseErrorAnalysis,
  });
  if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
  if (!r.parsed.ok)
    return {
      ok: false,
      error: {
        code: 'errors-unparseable',
        message: `classifier reply unusable after one re-ask: ${r.parsed.error}`,
      },
    };
  return { ok: true, ...r.parsed.value, reasked: r.reasked };
}
