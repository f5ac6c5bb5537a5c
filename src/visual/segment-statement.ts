/** A piece of a problem statement: running text, inline math or display math. */
export type StatementSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'math'; readonly tex: string; readonly display: boolean; readonly offset: number };

/** What {@link segmentStatement} found wrong (the text is kept, shown as written). */
export interface SegmentProblem {
  readonly offset: number;
  readonly message: string;
}

const OPENERS = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
  { open: '$', close: '$', display: false },
] as const;

/**
 * Splits a statement into text and math at `$$…$$`, `\[…\]`, `\(…\)` and `$…$` (an escaped `\$` is
 * a dollar sign). An opener without its closer is reported and the rest is kept as text, so a
 * malformed statement still renders.
 */
export function segmentStatement(statement: string): {
  segments: StatementSegment[];
  problems: SegmentProblem[];
} {
  const segments: StatementSegment[] = [];
  const problems: SegmentProblem[] = [];
  let text = '';
  let i = 0;
  const flush = (): void => {
    if (text !== '') segments.push({ kind: 'text', text });
    text = '';
  };
  while (i < statement.length) {
    if (statement.startsWith('\\$', i)) {
      text += '$';
      i += 2;
      continue;
    }
    const opener = OPENERS.find((o) => statement.startsWith(o.open, i));
    if (opener === undefined) {
      text += statement[i];
      i++;
      continue;
    }
    const start = i + opener.open.length;
    let end = statement.indexOf(opener.close, start);
    // `$…$` must not end at an escaped dollar.
    while (end > 0 && opener.close === '$' && statement[end - 1] === '\\')
      end = statement.indexOf('$', end + 1);
    if (end < 0) {
      problems.push({ offset: i, message: `'${opener.open}' at offset ${i} is never closed` });
      text += statement.slice(i);
      break;
    }
    flush();
    segments.push({ kind: 'math', tex: statement.slice(start, end), display: opener.display, offset: start });
    i = end + opener.close.length;
  }
  flush();
  return { segments, problems };
}
