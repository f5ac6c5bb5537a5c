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
    } else {
      // Node 20's messages carry no position: find the first offending character ourselves.
      const { line, column } = lineColumn(text, jsonErrorOffset(text));
      where = `${file}:${lineOffset + line}:${column}`;
    }
    return {
      ok: false,
      diagnostic: { code: 'invalid-json', severity: 'error', message: `invalid JSON: ${message}`, where },
    };
  }
}

/**
 * Offset of the first character where `text` stops being valid JSON (a small recursive-descent
 * scanner; `text.length` for a premature end). Used only after `JSON.parse` has failed.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail();
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (m === null) throw i;
    i += m[0].length;
  };
  const string = (): void => {
    i++;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') i += 2;
      else if (c < ' ') fail();
      else i++;
    }
    fail();
  };
  try {
    value(0);
    ws();
    return Math.min(i, text.length);
  } catch (at) {
    return Math.min(typeof at === 'number' ? at : 0, text.length);
  }
}
