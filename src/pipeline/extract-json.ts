/**
 * The JSON object in a model's reply: the whole text, else the body of a ```json fence, else the
 * span from the first `{` to the last `}`. Returns the parsed object or why there is none.
 */
export function extractJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  const candidates: string[] = [text.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence?.[1] !== undefined) candidates.push(fence[1].trim());
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const c of candidates) {
    try {
      const value: unknown = JSON.parse(c);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return { ok: true, value: value as Record<string, unknown> };
    } catch {
      // try the next candidate
    }
  }
  return { ok: false, error: text.trim() === '' ? 'empty reply' : 'no JSON object in the reply' };
}
