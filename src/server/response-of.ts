/**
 * The response part of an OpenRLHF query: `query` is the decoded prompt + response, so the prompt
 * prefix is cut off. When the prompt is not a prefix (a tokenizer round trip changed it), the text
 * after its last occurrence is used; failing that, the whole query, flagged.
 */
export function responseOf(
  query: string,
  prompt: string | undefined,
): { response: string; prefixed: boolean } {
  if (prompt === undefined || prompt === '') return { response: query, prefixed: true };
  if (query.startsWith(prompt)) return { response: query.slice(prompt.length), prefixed: true };
  const at = query.lastIndexOf(prompt);
  if (at >= 0) return { response: query.slice(at + prompt.length), prefixed: true };
  return { response: query, prefixed: false };
}

/**
 * The problem id a label names: the label itself when a problem has that id, else the part before
 * `#` (`problem_id#instance`, once parameterized instances exist). Non-strings pass through (the
 * item then fails on its own).
 */
export function problemOfLabel(label: unknown, known: (id: string) => boolean): unknown {
  if (typeof label === 'number') return String(label);
  if (typeof label !== 'string') return label;
  const id = label.trim();
  const hash = id.indexOf('#');
  return hash < 0 || known(id) ? id : id.slice(0, hash).trim();
}
