import { matchingBrace } from './find-math-blocks.js';

/** A piece of text to parse, with a map from its offsets back to the answer. */
export interface Row {
  readonly text: string;
  /** Answer offset of `text[k]`. */
  readonly at: (k: number) => number;
  /** Answer ranges `[start, end)` that were inside `\boxed{}`. */
  readonly boxed: readonly (readonly [number, number])[];
}

const NOISE =
  /\\(?:tag|label)\*?\{[^{}]*\}|\\(?:nonumber|notag|displaystyle|textstyle|left\.|right\.)(?![a-zA-Z])/g;
const INNER_ENV = /\\(?:begin|end)\{(?:aligned|alignedat|split|gathered|array|cases)\}(?:\{[^{}]*\})?/g;
/**
 * Horizontal kerns and skips (`\kern-50em`, `\mkern-300mu`, `\hskip-2cm`, `\mspace{-500mu}`), read
 * as no space.
 */
const KERN =
  /\\(?:kern|mkern|hskip|mskip)\s*[-+]?\s*(?:\d+(?:\.\d*)?|\.\d+)\s*(?:em|ex|pt|pc|mu|mm|cm|in|bp|dd|cc|sp|px)?|\\mspace\s*\{[^{}]*\}/g;
/** Lap wrappers, whose content is set over its neighbours. */
const LAP = /\\(?:math)?(?:llap|rlap|clap)\s*\{/g;
/** Spacing at the end of a text: what may stand between two boxes side by side. */
const BOX_GAP =
  /(?:\s|\\[,;:! ]|\\(?:q?quad|enspace|enskip|thinspace|medspace|thickspace|negthinspace|negmedspace|negthickspace)(?![a-zA-Z])|\\hspace\*?\{[^{}]*\}|\\mspace\{[^{}]*\})*$/;
const RELATION_START = /^\s*(?:=|<|>|\\approx|\\simeq|\\equiv|\\le|\\ge|\\leq|\\geq|\\neq|\\Rightarrow)/;

/**
 * Turns a math block's content into rows to parse. Cleanup keeps every offset: `\boxed{…}`
 * wrappers, `&`, `\tag{}`, `\label{}`, `\nonumber`, inner `aligned`/`split` wrappers and a trailing
 * `.`/`,` are blanked with spaces. When `rows` (align-like blocks) or an inner `aligned` is present,
 * the content is split on top-level `\\`, and a row that starts with a relation (`&= …`) continues
 * the previous one, so `a &= b \\ &= c` gives the chain `a = b = c`. `map`, for a block whose
 * content was rewritten (a unit read into it), gives the answer offset of each content index.
 */
export function blockRows(content: string, offset: number, rows: boolean, map?: readonly number[]): Row[] {
  // Answer offset of content index `k`: `offset + k`, or through `map` for a rewritten block.
  const source = (k: number): number =>
    map === undefined ? offset + k : (map[Math.min(k, map.length - 1)] ?? offset);
  const chars = content.split('');
  const boxed: [number, number][] = [];
  const blank = (from: number, to: number): void => {
    for (let k = from; k < to; k++) chars[k] = ' ';
  };
  // Overprinting: a lap's content is set over what follows it and a negative kern moves back over
  // what precedes it (`\llap{\boxed{v = Y}}\boxed{v = X}`, `\boxed{v = Y}\kern-50em\boxed{v = X}`).
  // The kern is blanked and the lap ends a formula (`;`): both members are read, side by side.
  for (const m of content.matchAll(KERN)) blank(m.index, m.index + m[0].length);
  for (const m of content.matchAll(LAP)) {
    const close = matchingBrace(content, m.index + m[0].length - 1);
    if (close < 0) continue;
    blank(m.index, m.index + m[0].length);
    chars.splice(m.index, 5, ...'\\quad');
    chars[close] = ';';
  }
  const closes = new Set<number>();
  let search = content.indexOf('\\boxed{');
  while (search >= 0) {
    const close = matchingBrace(content, search + 6);
    if (close < 0) break;
    blank(search, search + 7);
    // A box right after another, with only spacing between (`\boxed{v = Y}\hspace{-100em}\boxed{v = X}`,
    // `\boxed{a}\ \boxed{b}`), is another formula: a separator where its `\boxed{` stood.
    const gap = BOX_GAP.exec(chars.slice(Math.max(0, search - 60), search).join(''))![0].length;
    let after = false;
    for (let k = search - gap; k < search && !after; k++) after = closes.has(k);
    if (after && chars[search - gap - 1] !== '\\') chars.splice(search, 5, ...'\\quad');
    chars[close] = ' ';
    closes.add(close);
    boxed.push([source(search), source(close) + 1]);
    search = content.indexOf('\\boxed{', search + 7);
  }
  let split = rows;
  for (const re of [NOISE, INNER_ENV]) {
    re.lastIndex = 0;
    for (let m = re.exec(content); m !== null; m = re.exec(content)) {
      blank(m.index, m.index + m[0].length);
      if (re === INNER_ENV) split = true;
    }
  }
  for (let k = 0; k < chars.length; k++) if (chars[k] === '&' && content[k - 1] !== '\\') chars[k] = ' ';
  const cleaned = chars.join('');
  const pieces: { start: number; end: number }[] = [];
  if (split) {
    let depth = 0;
    let start = 0;
    for (let k = 0; k < cleaned.length; k++) {
      const ch = cleaned[k];
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      else if (ch === '\\' && cleaned[k + 1] === '\\' && depth <= 0) {
        pieces.push({ start, end: k });
        k++;
        // `\\[2pt]` spacing argument.
        const spacing = /^\[[^\]]*\]/.exec(cleaned.slice(k + 1, k + 20));
        if (spacing) k += spacing[0].length;
        start = k + 1;
      } else if (ch === '\\') k++;
    }
    pieces.push({ start, end: cleaned.length });
  } else pieces.push({ start: 0, end: cleaned.length });

  const out: Row[] = [];
  let current: { text: string; starts: { textStart: number; src: number }[] } | undefined;
  for (const { start, end } of pieces) {
    const text = trimPunctuation(cleaned.slice(start, end));
    if (text.trim() === '') continue;
    if (current !== undefined && RELATION_START.test(text)) {
      current.starts.push({ textStart: current.text.length + 1, src: start });
      current.text += ` ${text}`;
      continue;
    }
    if (current !== undefined) out.push(toRow(current, boxed, source));
    current = { text, starts: [{ textStart: 0, src: start }] };
  }
  if (current !== undefined) out.push(toRow(current, boxed, source));
  return out;
}

function toRow(
  piece: { text: string; starts: { textStart: number; src: number }[] },
  boxed: [number, number][],
  source: (k: number) => number,
): Row {
  const starts = piece.starts;
  return {
    text: piece.text,
    boxed,
    at: (k) => {
      let seg = starts[0]!;
      for (const s of starts) if (s.textStart <= k) seg = s;
      return source(seg.src + Math.max(0, k - seg.textStart));
    },
  };
}

/** Blanks trailing sentence punctuation (`E = mc^2.`) without moving offsets. */
function trimPunctuation(text: string): string {
  const m = /(?:[.,;:]|\\[,;!]|\\q?quad|\\ )+\s*$/.exec(text);
  return m ? text.slice(0, m.index) + ' '.repeat(text.length - m.index) : text;
}
