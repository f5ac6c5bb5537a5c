import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { RAW_ARG_COUNTS } from './grammar/commands.js';
import {
  COMBINING_ACCENTS,
  SUBSCRIPTS,
  SUPERSCRIPTS,
  UNICODE_SPACES,
  UNICODE_TOKENS,
} from './grammar/unicode.js';
import type { RawArg, Token, TokenKind } from './token.js';

/** Tokens, the index of each brace's partner (-1 elsewhere) and tokenizer diagnostics. */
export interface Tokenized {
  readonly tokens: readonly Token[];
  readonly match: Int32Array;
  readonly diagnostics: readonly Diagnostic[];
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/**
 * Splits LaTeX into tokens in one pass (linear time). Numbers (`3.14`, `1.08e45`) are one token,
 * except directly after `^`, `_` or `\frac`, where TeX takes a single digit (`x^23` is `x^2·3`; but
 * `10^28` is the power of ten that any text writing it means).
 * Raw arguments of `\text`, `\unit`, `\begin`… are captured verbatim; Unicode math characters become
 * the tokens they stand for. Braces are matched; an unmatched one is an `unbalanced-brace` error.
 */
export function tokenize(src: string): Tokenized {
  const tokens: Token[] = [];
  const diagnostics: Diagnostic[] = [];
  let space = false;
  let singleDigits = 0;
  const push = (kind: TokenKind, value: string, start: number, end: number, args?: RawArg[]): void => {
    const token: Token =
      args === undefined ? { kind, value, start, end, space } : { kind, value, start, end, space, args };
    tokens.push(token);
    space = false;
  };
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (isSpace(c)) {
      space = true;
      i++;
      continue;
    }
    const pending = singleDigits;
    singleDigits = 0;
    if (c === 92 /* \ */) {
      let j = i + 1;
      if (j < n && isLetter(src.charCodeAt(j))) {
        while (j < n && isLetter(src.charCodeAt(j))) j++;
      } else if (j < n) {
        j++;
      }
      let name = src.slice(i + 1, j);
      if (
        src.charCodeAt(j) === 42 /* * */ &&
        (name === 'tag' || name === 'operatorname' || name === 'text')
      ) {
        j++;
      }
      if (name === '') name = '\\';
      const count = RAW_ARG_COUNTS[name];
      if (count !== undefined && count > 0) {
        const args: RawArg[] = [];
        for (let k = 0; k < count; k++) {
          const arg = readRawArg(src, j, diagnostics);
          if (arg === undefined) break;
          args.push(arg.arg);
          j = arg.next;
          if (name === 'textcolor' || name === 'SI' || name === 'qty') {
            while (j < n && isSpace(src.charCodeAt(j))) j++;
            if (src[j] === '[') j = skipOptional(src, j);
          }
        }
        push('cmd', name, i, j, args);
      } else {
        push('cmd', name, i, j);
        if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') singleDigits = 2;
      }
      i = j;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(i + 1)))) {
      if (pending > 0) {
        push('num', src[i]!, i, i + 1);
        singleDigits = pending - 1;
        i++;
        continue;
      }
      let j = i;
      while (j < n && isDigit(src.charCodeAt(j))) j++;
      // A whole number written in groups of three (`64{,}100`, `6\,400`, `64,100`): one number.
      const grouped = digitGroups(src, i, j);
      if (grouped !== undefined) j = grouped.end;
      if (src.charCodeAt(j) === 46 && isDigit(src.charCodeAt(j + 1))) {
        j++;
        while (j < n && isDigit(src.charCodeAt(j))) j++;
      } else if (src.charCodeAt(j) === 46 && j === i) {
        j++;
      }
      const e = src.charCodeAt(j);
      if (e === 101 || e === 69) {
        let k = j + 1;
        const sign = src.charCodeAt(k);
        if (sign === 43 || sign === 45) k++;
        if (isDigit(src.charCodeAt(k))) {
          while (k < n && isDigit(src.charCodeAt(k))) k++;
          j = k;
        }
      }
      const text = src.slice(i, j);
      push('num', grouped === undefined ? text : text.replaceAll(grouped.separator, ''), i, j);
      i = j;
      continue;
    }
    if (isLetter(c)) {
      push('letter', src[i]!, i, i + 1);
      i++;
      continue;
    }
    if (c === 45 && src.charCodeAt(i + 1) === 62 /* -> */) {
      push('cmd', 'rightarrow', i, i + 2);
      i += 2;
      continue;
    }
    // A tilde standing apart between two terms (`R ~ (E/\rho)^{1/5}`) is plain text's "scales as",
    // not TeX's tie (`3~\mathrm{m}`).
    if (c === 126 && space && isSpace(src.charCodeAt(i + 1)) && tokens.length > 0) {
      push('cmd', 'sim', i, i + 1);
      i++;
      continue;
    }
    if (c < 128) {
      push('char', src[i]!, i, i + 1);
      // `10^28` is a power of ten in any text that writes it (TeX would set 10²8): after the base 10,
      // the exponent's digits stay one number, as they do after a sign (`10^-19`).
      if ((c === 94 && tokens.at(-2)?.value !== '10') || c === 95) singleDigits = 1;
      i++;
      continue;
    }
    // A combining accent after a letter (`V̄`): the letter under the accent command, `\bar{V}`.
    const accent = COMBINING_ACCENTS[src[i]!];
    const base = tokens.at(-1);
    if (
      accent !== undefined &&
      base !== undefined &&
      (base.kind === 'letter' || base.kind === 'cmd') &&
      base.end === i
    ) {
      tokens.pop();
      space = base.space;
      push('cmd', accent, base.start, i + 1);
      push('char', '{', base.start, i + 1);
      tokens.push({ ...base, space: false });
      push('char', '}', base.start, i + 1);
      i++;
      continue;
    }
    i = unicode(src, i, push, () => {
      space = true;
    });
  }
  return { tokens, match: matchBraces(tokens, diagnostics), diagnostics };
}

/** The separators a whole number's digits may be grouped by, longest first. */
const GROUP_SEPARATORS = ['{,}', '\\,', ',', '\u2009', '\u202f'] as const;

/**
 * Where a whole number written in groups of three digits ends, and the separator it uses: a first
 * group of one to three digits (`i`…`j`, not starting with 0), then one separator — `{,}` (TeX's
 * comma without its space), `\,` (a thin space, the SI style), a comma with no space after it, or a
 * Unicode thin space — before each further group of exactly three digits, the same separator each
 * time. Undefined when no group follows. A comma does not group inside a bracketed pair or a list
 * (`[100,200]`, `(3,100)`, `1,100,200` after a comma: the items TeX reads); a set of values written
 * with spaces (`1, 2, 3`) or groups of other sizes (`1,2`, `3,5`) never reads as one number.
 */
function digitGroups(src: string, i: number, j: number): { end: number; separator: string } | undefined {
  if (j - i > 3 || src.charCodeAt(i) === 48 /* 0 */ || src.charCodeAt(i - 1) === 46 /* . */) return undefined;
  const separator = GROUP_SEPARATORS.find((s) => src.startsWith(s, j) && threeDigits(src, j + s.length));
  if (separator === undefined) return undefined;
  if (separator === ',') {
    let k = i - 1;
    while (k >= 0 && isSpace(src.charCodeAt(k))) k--;
    if (k >= 0 && /[([,]/.test(src[k]!)) return undefined;
  }
  let end = j;
  while (src.startsWith(separator, end) && threeDigits(src, end + separator.length))
    end += separator.length + 3;
  return { end, separator };
}

/** Exactly three digits at `k`, not followed by a fourth. */
function threeDigits(src: string, k: number): boolean {
  return (
    isDigit(src.charCodeAt(k)) &&
    isDigit(src.charCodeAt(k + 1)) &&
    isDigit(src.charCodeAt(k + 2)) &&
    !isDigit(src.charCodeAt(k + 3))
  );
}

function unicode(
  src: string,
  i: number,
  push: (kind: TokenKind, value: string, start: number, end: number) => void,
  markSpace: () => void,
): number {
  const ch = src[i]!;
  if (UNICODE_SPACES.has(ch)) {
    markSpace();
    return i + 1;
  }
  const table =
    SUPERSCRIPTS[ch] !== undefined ? SUPERSCRIPTS : SUBSCRIPTS[ch] !== undefined ? SUBSCRIPTS : null;
  if (table !== null) {
    let j = i;
    let text = '';
    while (j < src.length && table[src[j]!] !== undefined) text += table[src[j++]!];
    push('char', table === SUPERSCRIPTS ? '^' : '_', i, j);
    push('char', '{', i, j);
    for (const part of text.match(/\d+|./g) ?? []) {
      push(/\d/.test(part) ? 'num' : /[a-z]/.test(part) ? 'letter' : 'char', part, i, j);
    }
    push('char', '}', i, j);
    return j;
  }
  const cp = src.codePointAt(i)!;
  const width = cp > 0xffff ? 2 : 1;
  const mapped = UNICODE_TOKENS[ch];
  if (mapped === undefined) {
    // A precomposed accented letter (`Ē`, `ā`): the letter under its accent, as `E` + U+0304 reads.
    const parts = width === 1 ? ch.normalize('NFD') : '';
    const accent =
      parts.length === 2 && /^[A-Za-z]$/.test(parts[0]!) ? COMBINING_ACCENTS[parts[1]!] : undefined;
    if (accent !== undefined) {
      push('cmd', accent, i, i + 1);
      push('char', '{', i, i + 1);
      push('letter', parts[0]!, i, i + 1);
      push('char', '}', i, i + 1);
      return i + 1;
    }
    push('char', src.slice(i, i + width), i, i + width);
    return i + width;
  }
  for (const spec of mapped) {
    const colon = spec.indexOf(':');
    push(spec.slice(0, colon) as TokenKind, spec.slice(colon + 1), i, i + 1);
  }
  return i + 1;
}

/** Reads `{…}` (balanced, escapes respected) or one character/command after `j`. */
function readRawArg(
  src: string,
  j: number,
  diagnostics: Diagnostic[],
): { arg: RawArg; next: number } | undefined {
  while (j < src.length && isSpace(src.charCodeAt(j))) j++;
  if (j >= src.length) return undefined;
  if (src[j] !== '{') {
    if (src[j] === '\\') {
      let k = j + 1;
      while (k < src.length && isLetter(src.charCodeAt(k))) k++;
      if (k === j + 1) k++;
      return { arg: { text: src.slice(j, k), start: j, end: k }, next: k };
    }
    if (/[}&^_$]/.test(src[j]!)) return undefined;
    return { arg: { text: src[j]!, start: j, end: j + 1 }, next: j + 1 };
  }
  let depth = 0;
  for (let k = j; k < src.length; k++) {
    const ch = src[k];
    if (ch === '\\') {
      k++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return { arg: { text: src.slice(j + 1, k), start: j + 1, end: k }, next: k + 1 };
    }
  }
  diagnostics.push(
    diagnostic('unbalanced-brace', 'error', 'this { is never closed', { start: j, end: j + 1 }),
  );
  return { arg: { text: src.slice(j + 1), start: j + 1, end: src.length }, next: src.length };
}

function skipOptional(src: string, j: number): number {
  const close = src.indexOf(']', j);
  return close < 0 ? j : close + 1;
}

function matchBraces(tokens: readonly Token[], diagnostics: Diagnostic[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'char') continue;
    if (t.value === '{') stack.push(k);
    else if (t.value === '}') {
      const open = stack.pop();
      if (open === undefined) {
        diagnostics.push(
          diagnostic('unbalanced-brace', 'error', 'this } closes nothing', { start: t.start, end: t.end }),
        );
        continue;
      }
      match[open] = k;
      match[k] = open;
    }
  }
  for (const open of stack) {
    const t = tokens[open]!;
    diagnostics.push(
      diagnostic('unbalanced-brace', 'error', 'this { is never closed', { start: t.start, end: t.end }),
    );
  }
  return match;
}
