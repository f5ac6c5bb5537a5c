import type { FormulaKind } from './types.js';

/** A math region of a markdown answer: its inner text and where that text starts. */
export interface MathBlock {
  readonly content: string;
  /** Offset of `content` in the answer. */
  readonly offset: number;
  readonly kind: FormulaKind;
  /** True for `align`-like environments whose rows are separated by `\\`. */
  readonly rows: boolean;
  /** Set when the opening delimiter is never closed (content is empty). */
  readonly unterminated?: true;
  /**
   * For a block whose content was rewritten (a unit written outside the math read into it): the
   * answer offset of each content index. Absent: `offset + index`.
   */
  readonly map?: readonly number[];
  /** Written in bold (`**91°**`, `**$5$**`): a value the answer emphasizes. */
  readonly emphasis?: true;
}

const ENVIRONMENTS = /^\\begin\{(equation|align|alignat|gather|multline|eqnarray|displaymath|flalign)(\*?)\}/;
/** Longest inline `$…$` we look for, and most closing candidates tried per opening `$`. */
const INLINE_WINDOW = 2000;
const INLINE_TRIES = 32;

/**
 * Finds math regions in reading order: `$$…$$`, `\[…\]`, `\(…\)`, display environments (starred
 * too), `\boxed{…}` written outside math, and inline `$…$` by Pandoc's rule (the opening `$` is
 * followed by a non-space, the closing `$` is preceded by a non-space and not followed by a digit,
 * so `$5 and $10` is currency). `\$` is an escaped dollar. Fenced code blocks are skipped.
 * Linear in the answer length (bounded look-ahead for inline math).
 */
export function findMathBlocks(text: string): MathBlock[] {
  const blocks: MathBlock[] = [];
  const n = text.length;
  let i = 0;
  const unterminated = (at: number, kind: FormulaKind): void => {
    blocks.push({ content: '', offset: at, kind, rows: false, unterminated: true });
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 96 /* ` */ && text.startsWith('```', i) && (i === 0 || text[i - 1] === '\n')) {
      const end = text.indexOf('\n```', i + 3);
      i = end < 0 ? n : end + 4;
      continue;
    }
    if (c === 92 /* \ */) {
      const next = text[i + 1];
      if (next === '$') {
        i += 2;
        continue;
      }
      if (next === '[' || next === '(') {
        const close = next === '[' ? '\\]' : '\\)';
        const end = text.indexOf(close, i + 2);
        if (end < 0) {
          unterminated(i, next === '[' ? 'display' : 'inline');
          i += 2;
          continue;
        }
        blocks.push({
          content: text.slice(i + 2, end),
          offset: i + 2,
          kind: next === '[' ? 'display' : 'inline',
          rows: false,
        });
        i = end + 2;
        continue;
      }
      if (text.startsWith('\\begin{', i)) {
        const m = ENVIRONMENTS.exec(text.slice(i, i + 40));
        if (m) {
          const closing = `\\end{${m[1]}${m[2]}}`;
          const start = i + m[0].length;
          const end = text.indexOf(closing, start);
          if (end < 0) {
            unterminated(i, 'environment');
            i = start;
            continue;
          }
          const rows = m[1] !== 'equation' && m[1] !== 'displaymath';
          blocks.push({ content: text.slice(start, end), offset: start, kind: 'environment', rows });
          i = end + closing.length;
          continue;
        }
      }
      if (text.startsWith('\\boxed{', i)) {
        const end = matchingBrace(text, i + 6);
        if (end < 0) {
          unterminated(i, 'boxed');
          i += 7;
          continue;
        }
        blocks.push({ content: text.slice(i, end + 1), offset: i, kind: 'boxed', rows: false });
        i = end + 1;
        continue;
      }
      i += 2;
      continue;
    }
    if (c === 36 /* $ */) {
      if (text[i + 1] === '$') {
        const end = text.indexOf('$$', i + 2);
        if (end < 0) {
          unterminated(i, 'display');
          i += 2;
          continue;
        }
        blocks.push({ content: text.slice(i + 2, end), offset: i + 2, kind: 'display', rows: false });
        i = end + 2;
        continue;
      }
      const end = inlineClose(text, i);
      if (end > 0) {
        blocks.push({ content: text.slice(i + 1, end), offset: i + 1, kind: 'inline', rows: false });
        i = end + 1;
        continue;
      }
    }
    i++;
  }
  return blocks;
}

/** Index of the `}` closing the `{` at `open`, or -1. Escaped braces `\{` `\}` are skipped. */
export function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return j;
    }
  }
  return -1;
}

function inlineClose(text: string, open: number): number {
  const first = text[open + 1];
  if (first === undefined || /\s/.test(first) || first === '$') return -1;
  const window = Math.min(text.length, open + INLINE_WINDOW);
  const paragraph = text.slice(open, window).indexOf('\n\n');
  const limit = paragraph < 0 ? window : open + paragraph;
  let j = open + 1;
  for (let tries = 0; tries < INLINE_TRIES; tries++) {
    const end = text.indexOf('$', j);
    if (end < 0 || end >= limit) return -1;
    if (text[end - 1] === '\\') {
      j = end + 1;
      continue;
    }
    const before = text[end - 1]!;
    const after = text[end + 1];
    if (!/\s/.test(before) && !(after !== undefined && after >= '0' && after <= '9')) return end;
    j = end + 1;
  }
  return -1;
}
