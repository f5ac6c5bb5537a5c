import { findingLines } from '../build-dag/run-stage.js';
import type { Problem } from '../dag/types.js';
import type { ChatMessage } from '../llm/chat-types.js';
import type { Pipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { checkProposal } from './check-proposal.js';
import { PARAMETERIZE_PROMPT } from './parameterize-prompt.js';
import { parseProposal } from './parse-proposal.js';

/** Redos after the first proposal (so at most 4 attempts). */
export const DEFAULT_PARAMETERIZE_RETRIES = 3;

/** One attempt of one problem. */
export interface ProposalAttempt {
  readonly attempt: number;
  readonly outcome: 'accepted' | 'unparseable' | 'checks-failed';
  /** The parse error or the findings sent back. */
  readonly detail?: string;
  readonly codes?: readonly string[];
}

/** How one problem went. */
export interface ParameterizeOutcome {
  readonly problem_id: string;
  readonly status: 'accepted' | 'rejected' | 'error' | 'skipped';
  readonly reason?: string;
  readonly attempts: readonly ProposalAttempt[];
  /** Accepted: the parameter names. */
  readonly parameters?: readonly string[];
}

/** What the model sees of a problem: its text, givens, DAG and answers. */
function problemMaterial(problem: Problem): string {
  return JSON.stringify(
    {
      id: problem.id,
      context: problem.context,
      ...(problem.subquestions === undefined
        ? {}
        : {
            subquestions: problem.subquestions.map((s) => ({ letter: s.letter, subproblem: s.subproblem })),
          }),
      constants: problem.constants ?? {},
      witness: problem.witness?.[0] ?? {},
      formulas: problem.grading_standard.map((n) => ({
        index: n.index,
        formula: n.formula,
        dependency: n.dependency,
      })),
      final_answer: problem.final_answer ?? (problem.subquestions ?? []).flatMap((s) => s.final_answer ?? []),
    },
    null,
    2,
  );
}

/**
 * Parameterizes one problem: the model proposes, {@link checkProposal} accepts or sends the findings
 * back in the same chat, at most `maxRetries + 1` attempts; every call is a pipeline step
 * (`propose-<n>`), so a rerun resumes without asking again. A problem without a DAG and witness
 * (nothing to solve forward) or already parameterized is skipped.
 */
export async function parameterizeProblem(
  problem: Problem,
  ctx: { readonly pipeline: Pipeline; readonly writer: ModelBinding; readonly maxRetries: number },
): Promise<{ outcome: ParameterizeOutcome; raw?: Readonly<Record<string, unknown>> }> {
  const skip = (reason: string) => ({
    outcome: { problem_id: problem.id, status: 'skipped' as const, reason, attempts: [] },
  });
  if ((problem.parameters?.length ?? 0) > 0) return skip('already parameterized');
  if (problem.grading_standard.length === 0) return skip('no reference DAG to solve forward');
  let messages: ChatMessage[] = [
    { role: 'system', content: PARAMETERIZE_PROMPT.system },
    {
      role: 'user',
      content: `${PARAMETERIZE_PROMPT.instructions}\n\nThe problem:\n\`\`\`json\n${problemMaterial(problem)}\n\`\`\``,
    },
  ];
  const attempts: ProposalAttempt[] = [];
  for (let attempt = 1; attempt <= ctx.maxRetries + 1; attempt++) {
    const reply = await ctx.pipeline.call(problem.id, {
      step: `propose-${attempt}`,
      role: 'solver',
      binding: ctx.writer,
      messages,
      promptVersion: PARAMETERIZE_PROMPT.version,
      parse: parseProposal,
    });
    if (!reply.ok)
      return {
        outcome: {
          problem_id: problem.id,
          status: 'error',
          reason: `${reply.error.code}: ${reply.error.message}`,
          attempts,
        },
      };
    let why: string;
    if (!reply.parsed.ok) {
      attempts.push({ attempt, outcome: 'unparseable', detail: reply.parsed.error });
      why = `the reply could not be read: ${reply.parsed.error}`;
    } else {
      const checked = checkProposal(problem, reply.parsed.value);
      if (checked.ok) {
        attempts.push({ attempt, outcome: 'accepted' });
        return {
          outcome: {
            problem_id: problem.id,
            status: 'accepted',
            attempts,
            parameters: reply.parsed.value.parameters.map((p) => p.name),
          },
          raw: checked.raw,
        };
      }
      const lines = findingLines(checked.errors);
      attempts.push({
        attempt,
        outcome: 'checks-failed',
        detail: lines,
        codes: [...new Set(checked.errors.map((d) => d.code))],
      });
      why = `our checks (validator and forward solve of 20 instances) found:\n${lines}`;
    }
    messages = [
      ...messages,
      { role: 'assistant', content: reply.text },
      {
        role: 'user',
        content: `Your proposal was not accepted:\n${why}\n\nPropose again. Reply with ONLY the JSON object.`,
      },
    ];
  }
  const last = attempts.at(-1)?.detail ?? '';
  return {
    outcome: {
      problem_id: problem.id,
      status: 'rejected',
      reason: `no proposal passed in ${attempts.length} attempt(s); last: ${last}`,
      attempts,
    },
  };
}
