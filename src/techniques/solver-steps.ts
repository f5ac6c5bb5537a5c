import { diagnostic } from '../core/diagnostic.js';
import type { ChatMessage } from '../llm/chat-types.js';
import type { CallResult } from '../pipeline/create-pipeline.js';
import type { TechniqueContext, TechniqueOutcome } from './technique.js';

/** A failed call as a technique failure (the call's own diagnostic). */
export function failed(result: Extract<CallResult<unknown>, { ok: false }>): TechniqueOutcome {
  return { ok: false, error: result.error };
}

/** A technique failure with its own code. */
export function techniqueFailure(code: string, message: string): TechniqueOutcome {
  return { ok: false, error: diagnostic(code, 'error', message) };
}

/** The baseline solution s⁽⁰⁾ (spec A2): the solver on the zero-shot prompt, step `solve`. */
export function solve(ctx: TechniqueContext): Promise<CallResult<string>> {
  return ctx.pipeline.call(ctx.sample, {
    step: 'solve',
    role: 'solver',
    binding: ctx.roles.solver,
    messages: ctx.solvePrompt,
    promptVersion: ctx.solvePromptVersion,
    sample: ctx.sampleIndex,
  });
}

/**
 * A revision in the same chat (spec A5): the conversation so far, the current solution as the
 * assistant turn, then `turn` as the user turn. Returns the call and the extended conversation.
 */
export async function continueChat(
  ctx: TechniqueContext,
  conversation: readonly ChatMessage[],
  current: string,
  turn: string,
  step: string,
  promptVersion: string,
): Promise<{ result: CallResult<string>; conversation: ChatMessage[] }> {
  const messages: ChatMessage[] = [
    ...conversation,
    { role: 'assistant', content: current },
    { role: 'user', content: turn },
  ];
  const result = await ctx.pipeline.call(ctx.sample, {
    step,
    role: 'solver',
    binding: ctx.roles.solver,
    messages,
    promptVersion: `${ctx.solvePromptVersion}+${promptVersion}`,
    sample: ctx.sampleIndex,
  });
  return { result, conversation: messages };
}
