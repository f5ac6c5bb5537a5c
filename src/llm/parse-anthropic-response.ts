import type { ParsedChat } from './parse-chat-response.js';
import { tokenCount } from './token-count.js';

/**
 * Reads an Anthropic Messages response body: the `text` blocks of `content` joined, `thinking`
 * blocks as reasoning, `stop_reason`, and `usage.input_tokens` / `usage.output_tokens`.
 */
export function parseAnthropicResponse(
  body: string,
): { ok: true; value: ParsedChat } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: `response is not JSON: ${body.slice(0, 120)}` };
  }
  const message = json as { type?: unknown; content?: unknown; stop_reason?: unknown; usage?: unknown };
  if (message.type !== 'message' || !Array.isArray(message.content))
    return { ok: false, message: 'response is not a message with a content list' };
  const text: string[] = [];
  const thinking: string[] = [];
  for (const block of message.content as { type?: unknown; text?: unknown; thinking?: unknown }[]) {
    if (block?.type === 'text' && typeof block.text === 'string') text.push(block.text);
    if (block?.type === 'thinking' && typeof block.thinking === 'string') thinking.push(block.thinking);
  }
  const u = (typeof message.usage === 'object' && message.usage !== null ? message.usage : {}) as Record<
    string,
    unknown
  >;
  const prompt = tokenCount(u.input_tokens);
  const completion = tokenCount(u.output_tokens);
  const value: ParsedChat = {
    text: text.join(''),
    finishReason: typeof message.stop_reason === 'string' ? message.stop_reason : null,
    usage: { prompt, completion, total: prompt + completion },
    ...(thinking.length > 0 ? { reasoning: thinking.join('\n') } : {}),
  };
  return { ok: true, value };
}
