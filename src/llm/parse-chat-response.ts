import type { ChatSuccess, TokenUsage } from './chat-types.js';
import { tokenCount } from './token-count.js';

/** The parts of a chat-completion body we keep. */
export type ParsedChat = Pick<ChatSuccess, 'text' | 'finishReason' | 'usage'> & {
  readonly reasoning?: string;
};

/**
 * Reads a chat-completion JSON body: the first choice's `message.content` (a string, null, or a
 * list of text parts), `reasoning_content` when present, `finish_reason` and `usage`.
 */
export function parseChatResponse(
  body: string,
): { ok: true; value: ParsedChat } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: `response is not JSON: ${body.slice(0, 120)}` };
  }
  const choice = (json as { choices?: unknown }).choices;
  if (!Array.isArray(choice) || choice.length === 0 || typeof choice[0] !== 'object' || choice[0] === null) {
    return { ok: false, message: 'response has no choices' };
  }
  const first = choice[0] as {
    message?: { content?: unknown; reasoning_content?: unknown };
    finish_reason?: unknown;
  };
  const content = first.message?.content;
  let text: string;
  if (typeof content === 'string') text = content;
  else if (content === null || content === undefined) text = '';
  else if (Array.isArray(content)) {
    text = content
      .map((p) => (typeof p === 'object' && p !== null && typeof p.text === 'string' ? p.text : ''))
      .join('');
  } else return { ok: false, message: 'message.content has an unexpected type' };
  const usage = readUsage((json as { usage?: unknown }).usage);
  const finishReason = typeof first.finish_reason === 'string' ? first.finish_reason : null;
  const reasoning = first.message?.reasoning_content;
  const value: ParsedChat =
    typeof reasoning === 'string' && reasoning !== ''
      ? { text, finishReason, usage, reasoning }
      : { text, finishReason, usage };
  return { ok: true, value };
}

function readUsage(usage: unknown): TokenUsage {
  const u = (typeof usage === 'object' && usage !== null ? usage : {}) as Record<string, unknown>;
  const prompt = tokenCount(u.prompt_tokens);
  const completion = tokenCount(u.completion_tokens);
  // A total below its parts (or absent, or out of range) is replaced by their sum.
  const total = tokenCount(u.total_tokens);
  return { prompt, completion, total: Math.max(total, prompt + completion) };
}
