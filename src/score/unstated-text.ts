import { findMathBlocks, matchingBrace } from '../extract/find-math-blocks.js';

/**
 * Text of an answer that a reader does not take as stated, blanked: the answer with every character
 * of it replaced by a space (newlines kept), so that offsets (the dense rewards' spans) stay those of
 * the response. Three kinds:
 *
 * - **comments**, which a rendered answer does not show: `<!-- … -->`, `\iffalse … \fi`;
 * - **struck-through text**: `~~…~~` (outside math, within one paragraph), `<del>…</del>`,
 *   `<s>…</s>`, `<strike>…</strike>`, `\sout{…}`;
 * - **withdrawn math**: a math block its own sentence denies — "not" right before it ("It is not
 *   $q = X$ but …", "the answer is not $X$"), or right after it "is wrong", "is incorrect", "is not
 *   correct", ", but that is incorrect", "(wrong)", ✗ (`$$\boxed{q = X}$$ is wrong.`). A correction
 *   that follows ("Wait, that is wrong: $N = …$") withdraws the statement before it, never the one
 *   after it.
 *
 * Linear in the answer (each scan moves forward); `blanked` counts the spans blanked.
 */
export function blankUnstated(response: string): { text: string; blanked: number } {
  if (!MAY_HOLD.test(response)) return { text: response, blanked: 0 };
  const spans: [number, number][] = [];
  pairs(response, '<!--', '-->', spans);
  pairs(response, '\\iffalse', '\\fi', spans);
  for (const tag of ['del', 's', 'strike']) pairs(response, `<${tag}>`, `</${tag}>`, spans);
  for (const m of response.matchAll(/\\sout\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    const close = matchingBrace(response, open);
    if (close > open) spans.push([m.index, close + 1]);
  }
  const blocks = findMathBlocks(response).map((b) => outer(response, b.offset, b.offset + b.content.length));
  struck(response, blocks, spans);
  for (const [start, end] of blocks) {
    const before = response.slice(Math.max(0, start - 40), start);
    const after = response.slice(end, end + 60);
    if (NOT_BEFORE.test(before) || WRONG_AFTER.test(after)) spans.push([start, end]);
  }
  if (spans.length === 0) return { text: response, blanked: 0 };
  // Code units, not code points: offsets index UTF-16.
  const out = response.split('');
  for (const [start, end] of spans)
    for (let k = start; k < end && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  return { text: out.join(''), blanked: spans.length };
}

/** A cheap test that a response may hold anything {@link blankUnstated} blanks. */
const MAY_HOLD =
  /<!--|\\iffalse|<(?:del|s|strike)>|\\sout|~~|\bnot\b|n't\b|wrong|incorrect|false|invalid|mistake|✗|❌|✘/i;

/** "not" (or "isn't", "rather than") ending the text right before a math block. */
const NOT_BEFORE = /(?:\bnot|n't|\brather\s+than)\s*(?:\*\*|__)?\s*$/i;

/** A denial right after a math block, in its sentence. */
const WRONG_AFTER =
  /^(?:\s|\*\*|__|[,;:.)])*(?:(?:[-–—]\s*)?(?:(?:but|and|so)\s+)?(?:(?:that|this|which|it)\s*)?(?:'s|is|was|would\s+be|are|were)\s+(?:(?:clearly|simply|also)\s+)?(?:wrong|incorrect|not\s+correct|not\s+right|false|invalid|a\s+mistake|an\s+error|erroneous)\b|\((?:wrong|incorrect)\)|[✗❌✘])/i;

/** The block with its delimiters (`$$`, `$`, `\[ \]`, `\( \)`) around content [start, end). */
function outer(text: string, start: number, end: number): [number, number] {
  const open = /(?:\$\$|\$|\\\[|\\\()$/.exec(text.slice(Math.max(0, start - 2), start));
  const close = /^(?:\$\$|\$|\\\]|\\\))/.exec(text.slice(end, end + 2));
  return [start - (open?.[0].length ?? 0), end + (close?.[0].length ?? 0)];
}

/** Every `open … close` span (the first close after each open), in one forward scan. */
function pairs(text: string, open: string, close: string, out: [number, number][]): void {
  let at = text.indexOf(open);
  while (at >= 0) {
    const end = text.indexOf(close, at + open.length);
    if (end < 0) return;
    out.push([at, end + close.length]);
    at = text.indexOf(open, end + close.length);
  }
}

/** Most characters between the marks of one strikethrough. */
const MAX_STRUCK = 2000;

/** `~~…~~` outside math, within one paragraph (GitHub's strikethrough). */
function struck(text: string, blocks: readonly [number, number][], out: [number, number][]): void {
  // Blocks are in reading order: the first one ending after `at` is the only one that may hold it.
  const inMath = (at: number) => {
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (blocks[mid]![1] <= at) lo = mid + 1;
      else hi = mid;
    }
    const b = blocks[lo];
    return b !== undefined && at > b[0] && at < b[1] - 1;
  };
  let at = text.indexOf('~~');
  while (at >= 0) {
    if (inMath(at)) {
      at = text.indexOf('~~', at + 2);
      continue;
    }
    let end = text.indexOf('~~', at + 2);
    while (end >= 0 && inMath(end)) end = text.indexOf('~~', end + 2);
    if (end < 0) return;
    if (end - at <= MAX_STRUCK && !text.slice(at, end).includes('\n\n')) {
      out.push([at, end + 2]);
      at = text.indexOf('~~', end + 2);
    } else at = text.indexOf('~~', at + 2);
  }
}
