import type { Diagnostic } from '../core/diagnostic.js';
import type { ChatMessage } from '../llm/chat-types.js';
import { askWithReask } from '../pipeline/ask-with-reask.js';
import type { ParseOutcome, Pipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import type { AttemptRecord, CallingStage } from './build-report.js';
import { parseReviewVerdict } from './parse-review-verdict.js';
import { FORMAT_INSTRUCTIONS, REVIEW_PROMPT, WRITER_SYSTEM } from './prompts/build-prompts.js';

/** What every stage of one problem's build shares. */
export interface BuildContext {
  readonly pipeline: Pipeline;
  /** The pipeline sample (the problem id). */
  readonly sample: string;
  readonly writer: ModelBinding;
  readonly reviewer: ModelBinding;
  /** Transcript labels of the two: the roles (or provider names) chosen for them. */
  readonly writerRole: string;
  readonly reviewerRole: string;
  /** Redo budget per stage: at most `maxRetries + 1` attempts. */
  readonly maxRetries: number;
  readonly history: AttemptRecord[];
}

/** One rewriting stage: its prompt, how its reply is read and checked, what the reviewer sees. */
export interface StageSpec<T> {
  readonly stage: Exclude<CallingStage, 'witness'>;
  readonly promptVersion: string;
  /** The stage's requirements (shown to the writer and restated to the reviewer). */
  readonly requirements: string;
  /** The reply format line. */
  readonly reply: string;
  /** The stage's input, as the writer and the reviewer see it. */
  readonly input: string;
  readonly parse: (text: string) => ParseOutcome<T>;
  /** Our rule checks of a parsed reply; errors send it back, warnings are kept. */
  readonly check: (value: T) => { errors: readonly Diagnostic[]; warnings: readonly Diagnostic[] };
  /** The output as the reviewer sees it. */
  readonly show: (value: T) => string;
}

/** A stage's end: its accepted output, a rejection with the last reason, or a call failure. */
export type StageResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: readonly Diagnostic[] }
  | { readonly ok: false; readonly status: 'rejected' | 'error'; readonly reason: string };

/** Findings as feedback lines: `- node 3: message`. */
export function findingLines(findings: readonly Diagnostic[]): string {
  return findings
    .map((d) => `- [${d.code}] ${d.where === undefined ? '' : `${d.where}: `}${d.message}`)
    .join('\n');
}

/**
 * Runs one rewriting stage with its review loop (spec C7): the writer answers; a reply that does
 * not parse or fails our rule checks is sent back at once (rules before review); otherwise the
 * reviewer judges it (`<judge>valid|invalid</judge><reason>`, re-asked once when unreadable); an
 * invalid verdict sends the reason back. Redos continue the writer's chat, so each attempt sees
 * its earlier ones. At most `maxRetries + 1` attempts; each call is a pipeline step
 * (`<stage>-<n>`, `<stage>-review-<n>`), so a rerun resumes without asking again.
 */
export async function runStage<T>(ctx: BuildContext, spec: StageSpec<T>): Promise<StageResult<T>> {
  let messages: ChatMessage[] = [
    { role: 'system', content: WRITER_SYSTEM },
    {
      role: 'user',
      content: `${spec.requirements}\n\n${FORMAT_INSTRUCTIONS}\n\nThe problem:\n\`\`\`json\n${spec.input}\n\`\`\`\n\n${spec.reply}`,
    },
  ];
  let reason = '';
  for (let attempt = 1; attempt <= ctx.maxRetries + 1; attempt++) {
    const record = (outcome: AttemptRecord['outcome'], detail?: string, codes?: string[]): void => {
      ctx.history.push({
        stage: spec.stage,
        attempt,
        outcome,
        ...(detail === undefined ? {} : { detail }),
        ...(codes === undefined ? {} : { codes }),
      });
    };
    const written = await ctx.pipeline.call(ctx.sample, {
      step: `${spec.stage}-${attempt}`,
      role: ctx.writerRole,
      binding: ctx.writer,
      messages,
      promptVersion: spec.promptVersion,
      parse: spec.parse,
    });
    if (!written.ok)
      return { ok: false, status: 'error', reason: `${written.error.code}: ${written.error.message}` };
    const redo = (why: string): void => {
      reason = why;
      messages = [
        ...messages,
        { role: 'assistant', content: written.text },
        { role: 'user', content: `Your output was not accepted:\n${why}\n\nRedo this stage. ${spec.reply}` },
      ];
    };
    if (!written.parsed.ok) {
      record('unparseable', written.parsed.error);
      redo(`the reply could not be read: ${written.parsed.error}`);
      continue;
    }
    const value = written.parsed.value;
    const checked = spec.check(value);
    if (checked.errors.length > 0) {
      const lines = findingLines(checked.errors);
      record('checks-failed', lines, [...new Set(checked.errors.map((d) => d.code))]);
      redo(`our rule checks found:\n${lines}`);
      continue;
    }
    const review = await askWithReask(ctx.pipeline, ctx.sample, {
      step: `${spec.stage}-review-${attempt}`,
      role: ctx.reviewerRole,
      binding: ctx.reviewer,
      promptVersion: `${REVIEW_PROMPT.version}/${spec.promptVersion}`,
      messages: [
        { role: 'system', content: REVIEW_PROMPT.system },
        {
          role: 'user',
          content: `${spec.requirements}\n\n${FORMAT_INSTRUCTIONS}\n\nInput:\n\`\`\`json\n${spec.input}\n\`\`\`\n\nOutput:\n\`\`\`json\n${spec.show(value)}\n\`\`\`\n\n${REVIEW_PROMPT.reply}`,
        },
      ],
      parse: parseReviewVerdict,
    });
    if (!review.ok)
      return { ok: false, status: 'error', reason: `${review.error.code}: ${review.error.message}` };
    if (!review.parsed.ok) {
      record('review-unparseable', review.parsed.error);
      return {
        ok: false,
        status: 'rejected',
        reason: `the reviewer's reply was unreadable after one re-ask: ${review.parsed.error}`,
      };
    }
    if (!review.parsed.value.valid) {
      record('invalid', review.parsed.value.reason);
      redo(`the reviewer judged it invalid: ${review.parsed.value.reason}`);
      continue;
    }
    record('accepted', review.parsed.value.reason === '' ? undefined : review.parsed.value.reason);
    return { ok: true, value, warnings: checked.warnings };
  }
  return {
    ok: false,
    status: 'rejected',
    reason: `still not accepted after ${ctx.maxRetries + 1} attempt(s); last: ${reason}`,
  };
}
