import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import type { ChatMessage } from '../llm/chat-types.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import { applyTextEdits } from './apply-text-edits.js';
import type { AttemptRecord } from './build-report.js';
import { checkBuiltWitness } from './check-built-witness.js';
import { checkDagRules } from './check-dag-rules.js';
import type { DraftProblem } from './draft-problem.js';
import { parseWitnessReply } from './parse-witness-reply.js';
import { WITNESS_PROMPT, WRITER_SYSTEM } from './prompts/build-prompts.js';
import { type BuildContext, findingLines } from './run-stage.js';

/** The witness stage's end: the problem with its DAG and witness, a rejection, or a call failure. */
export type WitnessResult =
  | { readonly ok: true; readonly problem: Problem; readonly warnings: readonly Diagnostic[] }
  | { readonly ok: false; readonly status: 'rejected' | 'error'; readonly reason: string };

/** The problem as the witness prompt shows it: the draft, its constants map (fixed values) and its DAG. */
function shown(draft: DraftProblem, problem: Problem): string {
  const fixed = problem.constants === undefined ? {} : { constants: problem.constants };
  return JSON.stringify({ ...draft, ...fixed, grading_standard: problem.grading_standard }, null, 2);
}

/**
 * The witness stage: the writer proposes SI values of the given quantities (strict JSON, re-asked
 * once when unreadable); we solve the DAG forward with `prism validate`'s witness walk
 * ({@link checkBuiltWitness}). Any failure goes back in the same chat, naming the node and both
 * values; the reply may correct the witness, the DAG (`grading_standard`, checked by the rules
 * again, so formulas stay verbatim) and the solution or final answers by exact-text edits. At most
 * `maxRetries + 1` proposals (steps `witness-<n>`).
 */
export async function runWitness(
  ctx: BuildContext,
  original: Problem,
  startDraft: DraftProblem,
  startProblem: Problem,
): Promise<WitnessResult> {
  let draft = startDraft;
  let problem = startProblem;
  let messages: ChatMessage[] = [
    { role: 'system', content: WRITER_SYSTEM },
    {
      role: 'user',
      content: `The problem with its reference DAG:\n\`\`\`json\n${shown(draft, problem)}\n\`\`\`\n\n${WITNESS_PROMPT.request}`,
    },
  ];
  let reason = '';
  for (let attempt = 1; attempt <= ctx.maxRetries + 1; attempt++) {
    const record = (outcome: AttemptRecord['outcome'], detail?: string, codes?: string[]): void => {
      ctx.history.push({
        stage: 'witness',
        attempt,
        outcome,
        ...(detail === undefined ? {} : { detail }),
        ...(codes === undefined ? {} : { codes }),
      });
    };
    const reply = await askWithReask(ctx.pipeline, ctx.sample, {
      step: `witness-${attempt}`,
      role: ctx.writerRole,
      binding: ctx.writer,
      messages,
      promptVersion: WITNESS_PROMPT.version,
      parse: parseWitnessReply,
    });
    if (!reply.ok)
      return { ok: false, status: 'error', reason: `${reply.error.code}: ${reply.error.message}` };
    const sendBack = (why: string, ask: string, preamble = ''): void => {
      reason = why;
      messages = [
        ...messages,
        { role: 'assistant', content: reply.text },
        { role: 'user', content: `${preamble}${why}\n\n${ask}` },
      ];
    };
    if (!reply.parsed.ok) {
      record('unparseable', reply.parsed.error);
      sendBack(`Your reply could not be read: ${reply.parsed.error}.`, WITNESS_PROMPT.request);
      continue;
    }
    const value = reply.parsed.value;
    const edits = applyTextEdits(draft, value.solution_edits ?? [], value.final_answer_edits ?? []);
    const changed =
      value.grading_standard !== undefined ||
      (value.solution_edits ?? []).length > 0 ||
      (value.final_answer_edits ?? []).length > 0;
    let candidate = problem;
    let ruleErrors: Diagnostic[] = [...edits.diagnostics];
    if (changed && ruleErrors.length === 0) {
      const rules = checkDagRules(original, edits.draft, value.grading_standard ?? problem.grading_standard);
      ruleErrors = rules.errors;
      if (rules.problem !== undefined) candidate = rules.problem;
    }
    if (ruleErrors.length > 0) {
      const lines = findingLines(ruleErrors);
      record('checks-failed', lines, [...new Set(ruleErrors.map((d) => d.code))]);
      sendBack(`Your repair broke our rule checks:\n${lines}`, WITNESS_PROMPT.repairReply);
      continue;
    }
    const checked = checkBuiltWitness(candidate, value.witness);
    if (changed) {
      draft = edits.draft;
      problem = candidate;
    }
    if (checked.failures.length > 0) {
      const lines = findingLines(checked.failures);
      record('witness-failed', lines, [...new Set(checked.failures.map((d) => d.code))]);
      sendBack(lines, WITNESS_PROMPT.repairReply, `${WITNESS_PROMPT.repair}\n`);
      continue;
    }
    record('accepted');
    return { ok: true, problem: { ...problem, witness: [value.witness] }, warnings: checked.warnings };
  }
  return {
    ok: false,
    status: 'rejected',
    reason: `the witness check still failed after ${ctx.maxRetries + 1} proposal(s); last: ${reason}`,
  };
}
