import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import type { Pipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { answerHints } from './answer-hints.js';
import type { AttemptRecord, BuildStage, CallingStage, ProblemBuild } from './build-report.js';
import { checkDagRules } from './check-dag-rules.js';
import { type DraftProblem, draftOf, solutionTexts } from './draft-problem.js';
import { parseDagReply } from './parse-dag-reply.js';
import { parseDraft } from './parse-draft.js';
import { CLARIFY_PROMPT, DAG_PROMPT, NORMALIZE_PROMPT } from './prompts/build-prompts.js';
import { type BuildContext, runStage } from './run-stage.js';
import { runWitness } from './run-witness.js';

/** Options of {@link buildProblem}. */
export interface BuildProblemOptions {
  readonly pipeline: Pipeline;
  readonly writer: ModelBinding;
  readonly reviewer: ModelBinding;
  /** Transcript labels: the role (or provider name) chosen for each (default solver, reviewer). */
  readonly writerRole?: string;
  readonly reviewerRole?: string;
  /** Redos per stage (default {@link DEFAULT_MAX_RETRIES}). */
  readonly maxRetries?: number;
}

/** Redos per stage and witness proposals beyond the first, when not given. */
export const DEFAULT_MAX_RETRIES = 2;

const json = (value: unknown): string => JSON.stringify(value, null, 2);

/**
 * Builds the reference DAG of one problem (spec C7 plus our checks): stage 1 formula normalization,
 * stage 2 context clarification (checked for answer hints), stage 3 DAG construction (checked by
 * {@link checkDagRules} before review), each with its reviewer loop ({@link runStage}); then the
 * witness ({@link runWitness}). Returns the build record and, when accepted, the problem with its
 * DAG and witness. Every call is a step of the pipeline sample named after the problem id.
 */
export async function buildProblem(
  problem: Problem,
  options: BuildProblemOptions,
): Promise<{ build: ProblemBuild; problem?: Problem }> {
  const history: AttemptRecord[] = [];
  const ctx: BuildContext = {
    pipeline: options.pipeline,
    sample: problem.id,
    writer: options.writer,
    reviewer: options.reviewer,
    writerRole: options.writerRole ?? 'solver',
    reviewerRole: options.reviewerRole ?? 'reviewer',
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    history,
  };
  const warnings: Diagnostic[] = [];
  const finish = (
    status: ProblemBuild['status'],
    stage?: BuildStage,
    reason?: string,
  ): { build: ProblemBuild } => ({
    build: {
      problem_id: problem.id,
      status,
      ...(stage === undefined ? {} : { stage }),
      ...(reason === undefined ? {} : { reason }),
      attempts: attemptCounts(history),
      history,
      warnings,
    },
  });
  const draft0 = draftOf(problem);
  if (solutionTexts(draft0).every((s) => s.trim() === ''))
    return finish(
      'rejected',
      'input',
      'build-no-solution: the problem has no solution text to build a DAG from',
    );
  const stopped = (stage: BuildStage, r: { status: 'rejected' | 'error'; reason: string }) =>
    finish(
      r.status,
      stage,
      r.status === 'error' && options.pipeline.signal.aborted ? `interrupted (${r.reason})` : r.reason,
    );

  const normalized = await runStage<DraftProblem>(ctx, {
    stage: 'normalize',
    promptVersion: NORMALIZE_PROMPT.version,
    requirements: NORMALIZE_PROMPT.requirements,
    reply: NORMALIZE_PROMPT.reply,
    input: json(draft0),
    parse: (text) => parseDraft(text, draft0, 'normalize'),
    check: () => ({ errors: [], warnings: [] }),
    show: json,
  });
  if (!normalized.ok) return stopped('normalize', normalized);
  const draft1 = normalized.value;

  const clarified = await runStage<DraftProblem>(ctx, {
    stage: 'clarify',
    promptVersion: CLARIFY_PROMPT.version,
    requirements: CLARIFY_PROMPT.requirements,
    reply: CLARIFY_PROMPT.reply,
    input: json(draft1),
    parse: (text) => parseDraft(text, draft1, 'clarify'),
    check: (d) => ({ errors: answerHints(d), warnings: [] }),
    show: json,
  });
  if (!clarified.ok) return stopped('clarify', clarified);
  const draft2 = clarified.value;

  const built = await runStage<unknown[]>(ctx, {
    stage: 'dag',
    promptVersion: DAG_PROMPT.version,
    requirements: DAG_PROMPT.requirements,
    reply: DAG_PROMPT.reply,
    input: json(draft2),
    parse: parseDagReply,
    check: (nodes) => checkDagRules(problem, draft2, nodes),
    show: (nodes) => json({ grading_standard: nodes }),
  });
  if (!built.ok) return stopped('dag', built);
  const rules = checkDagRules(problem, draft2, built.value);
  if (rules.problem === undefined) return finish('rejected', 'dag', 'the DAG failed our rule checks');

  const witnessed = await runWitness(ctx, problem, draft2, rules.problem);
  if (!witnessed.ok) return stopped('witness', witnessed);
  // Warnings of the DAG that was finally accepted (a repair may have changed it).
  const final = checkDagRules(problem, draftOf(witnessed.problem), witnessed.problem.grading_standard);
  warnings.push(...final.warnings, ...witnessed.warnings);
  return { ...finish('accepted'), problem: witnessed.problem };
}

function attemptCounts(history: readonly AttemptRecord[]): Record<CallingStage, number> {
  const counts: Record<CallingStage, number> = { normalize: 0, clarify: 0, dag: 0, witness: 0 };
  for (const h of history) counts[h.stage] = Math.max(counts[h.stage], h.attempt);
  return counts;
}
