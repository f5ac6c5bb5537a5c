import type { Diagnostic } from '../core/diagnostic.js';

/** Line and column (1-based) of a UTF-16 offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses JSON; on failure returns an `invalid-json` diagnostic whose `where` is `file:line:column`
 * (`lineOffset` shifts the line, for one JSONL line inside a file).
 */
export function parseJson(
  text: string,
  file: string,
  lineOffset = 0,
): { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lc = /line (\d+) column (\d+)/.exec(message);
    const pos = /position (\d+)/.exec(message);
    let where = `${file}:${lineOffset + 1}`;
    if (lc) where = `${file}:${lineOffset + Number(lc[1])}:${lc[2]}`;
    else if (pos) {
      const { line, column } = lineColumn(text, Number(pos[1]));
      where = `${file}:${lineOffset + line}:${column}`;
    } else if (/Unexpected end/.test(message)) {
      const { line, column } = lineColumn(text, text.length);
      where = `${file}:${lineOffset + line}:${column}`;
    }
    return {
      ok: false,
      diagnostic: { code: 'invalid-json', severity: 'error', message: `invalid JSON: ${message}`, where },
    };
  }
}
