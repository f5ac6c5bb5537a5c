import { parseUnit } from '../physics/units.js';
import type { MathBlock } from './find-math-blocks.js';

/** Longest line read for undelimited math, in characters. */
const MAX_LINE = 2000;
/** Most undelimited spans taken from one answer. */
const MAX_SPANS = 500;

/** Words that are math when written bare (function names), not prose. */
const MATH_WORDS = new Set([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'arcsin',
  'arccos',
  'arctan',
  'ln',
  'log',
  'lg',
  'exp',
  'max',
  'min',
  'sqrt',
  'det',
]);
/** Words after which a number ends a sentence's statement: "the speed is 4.4 m/s". */
const COPULAS = new Set([
  'is',
  'are',
  'equals',
  'be',
  'becomes',
  'gives',
  'yields',
  'approximately',
  'about',
  'of',
]);
/** A relation symbol: a run holding one states a formula. */
const RELATION =
  /(?:^|[^\\<>])(?:=|<|>)|\s~\s|\\(?:approx|simeq|le|ge|leq|geq|neq|lt|gt|sim|propto|equiv)(?![a-zA-Z])|[≈≤≥≠∼∝]/;
/** Markdown and labels before a line's math: bullets, numbers, headings, quotes, `Answer:`, `(a)`. */
const LEAD =
  /^[ \t]*(?:>[ \t]*)*(?:#{1,6}[ \t]+)?(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+)?(?:(?:\*\*|__)?[ \t]*(?:(?:final|numerical|the)[ \t]+)?(?:answers?|results?)[ \t]*(?:\((?:[a-h]|[ivx]{1,4})\))?[ \t]*[:,]?[ \t]*(?:\*\*|__)?[ \t]*)?(?:(?:\*\*|__)?[ \t]*(?:part[ \t]+)?\(?(?:[a-h]|[ivx]{1,4})\)[ \t]*[:.]?[ \t]*(?:\*\*|__)?[ \t]*)?/i;

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Finds math written without delimiters (issue 21, class 1): lines or spans of a line made of LaTeX
 * commands, symbols, numbers and relations (`\displaystyle v=\sqrt{\frac{2gh}{3}}`, `\frac{mg}{k}` on
 * its own line, `Answer: T = 2\pi\sqrt{L/g}`, `so v = 3.2 m/s`), in lines that hold no delimited
 * math (`blocks`). Prose words (two or more letters that are neither a function name nor a unit
 * after a number) end a span. A span is kept when it holds a relation, or when it is all that is
 * left of its line after a bullet or label (`- \frac{mg}{k}`, `Answer: 3.2 m/s`) and holds a number
 * or a command, or when a copula introduces a number that ends the line ("the speed is 4.4 m/s.").
 * Whether a span parses is left to the caller. Table rows, inline code and code fences are skipped,
 * except a short fence of plain statements (no language but text or math, no line that reads as
 * code): a final answer set in a code block (```` ``` ````, `v = 3.2 m/s`, ```` ``` ````) is read.
 */
export function findBareMath(text: string, blocks: readonly MathBlock[]): MathBlock[] {
  const out: MathBlock[] = [];
  const covered = blocks.map((b) => [b.offset - 2, b.offset + b.content.length + 2] as const);
  let fence = false;
  let readable = false;
  let start = 0;
  while (start <= text.length && out.length < MAX_SPANS) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    if (/^[ \t]*(?:```|~~~)/.test(line)) {
      if (!fence) readable = plainFence(text, line, nl);
      fence = !fence;
    } else if ((!fence || readable) && line.length <= MAX_LINE) {
      const bold = boldValues(line).filter(
        (b) => !covered.some(([s, e]) => s < start + b.end && e > start + b.start),
      );
      for (const b of bold)
        out.push({ content: b.text, offset: start + b.start, kind: 'inline', rows: false, emphasis: true });
      for (const z of zeroWords(line)) {
        const at = start + z;
        if (!covered.some(([s, e]) => s <= at && e > at))
          out.push({ content: '0', offset: at, kind: 'inline', rows: false });
      }
      // A table row's plain value and the symbol naming it (`| v | 3.2×10⁴ m/s |`, `| $E$ | 1.5 | eV |`).
      if (TABLE_LINE.test(line))
        for (const c of tableCellValues(line))
          if (!covered.some(([s, e]) => s < start + c.end && e > start + c.start))
            out.push({ content: c.text, offset: start + c.start, kind: 'inline', rows: false });
      if (!skipLine(line, start, end, covered))
        for (const span of lineSpans(line, bold)) out.push({ ...span, offset: start + span.offset });
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

/** Info strings of a fence whose lines may be math: none, plain text, or math. */
const PLAIN_FENCE = /^[ \t]*(?:```|~~~)[ \t]*(?:text|txt|plaintext|plain|math|latex|tex)?[ \t]*$/i;
/** A line that reads as program code: a keyword, a call on a module, a comment, a block opener. */
const CODE_LINE =
  /^\s*(?:import|from|def|class|return|print|for|while|if|elif|else|with|try|except|let|const|var|function)\b|^\s*(?:#|\/\/)|\b[A-Za-z_]\w*\.[A-Za-z_]\w*\s*\(|[:{;]\s*$|==|\*\*\s*\d/;
/** Most lines a plain fence read as math may hold. */
const PLAIN_FENCE_LINES = 12;

/**
 * Whether the fence opened by `line` (ending at `lineEnd`) holds plain statements: no language but
 * text or math, at most {@link PLAIN_FENCE_LINES} lines up to its closing fence, none reading as code.
 */
function plainFence(text: string, line: string, lineEnd: number): boolean {
  if (!PLAIN_FENCE.test(line) || lineEnd < 0) return false;
  const mark = line.trim().slice(0, 3);
  const close = text.indexOf(`\n${mark}`, lineEnd);
  const body = text.slice(lineEnd + 1, close < 0 ? text.length : close).split('\n');
  return close >= 0 && body.length <= PLAIN_FENCE_LINES && !body.some((l) => CODE_LINE.test(l));
}

/**
 * "Zero" stated as a value in words: after a copula that ends the statement ("the offset is zero.",
 * "the net force equals zero,"), or opening a line ("Zero — the clocks were synchronized"). Offsets of
 * the word in the line. Not "not zero", "nonzero", "zero-point", "zero at first" (a word follows).
 */
function zeroWords(line: string): number[] {
  if (!/zero/i.test(line)) return [];
  return [...line.matchAll(ZERO_WORD)].map(
    (m) => (m.index ?? 0) + m[0].length - m[1]!.length - (m[2]?.length ?? 0),
  );
}

const ZERO_WORD =
  /(?:^[ \t]*(?:[-*+•][ \t]+)?(?:\*\*|__)?|\b(?:is|are|equals|be|becomes|remains)[ \t]+(?:exactly[ \t]+|simply[ \t]+)?(?:\*\*|__)?)(zero)(\*\*|__)?(?=[ \t]*(?:[.,;!—–]|-{1,2}[ \t]|$))/gi;

function skipLine(line: string, start: number, end: number, covered: readonly (readonly [number, number])[]) {
  // Math needs a relation, a command, a digit, or a power, index, root or quotient written in plain
  // text (`Answer: (a_A c²)/(c² + a_A L₀)`, `√(gL)`).
  if (!/[=\\<>≈≤≥∼∝~0-9⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉√^_/]/.test(line)) return true;
  if (/[$`]|\\[[(]|\\begin\{|\\boxed/.test(line) || TABLE_ROW.test(line)) return true;
  return covered.some(([s, e]) => s < end && e > start);
}

/**
 * A markdown table row: it opens and closes with `|`, or separates cells with ` | ` or `:---`. Bars
 * written against their contents are absolute values (`F = k|q_1 q_2|/r^2`, `|E| = 3059 N/C.`).
 */
const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$|\s\|\s|\|[ \t]*:?-{3,}/;

/** A markdown table row that opens and closes with `|`. */
const TABLE_LINE = /^[ \t]*\|.*\|[ \t]*$/;
/** A row of dashes under a table's header (`|---|:---:|`). */
const TABLE_RULE = /^[ \t]*\|[ \t:|-]*\|[ \t]*$/;
/** A cell holding one symbol in plain text: a letter with an index (`v`, `E_k`, `v_0`, `ω₀`, `T1`). */
const CELL_SYMBOL = /^[A-Za-zα-ωΑ-Ω](?:_\{?[A-Za-z0-9]{1,4}\}?|[₀-₉]{1,2}|\d)?$/;

/**
 * The plain cells of a table row that state its value (`| v | 3.2×10⁴ m/s |`): the last cell, or the
 * one before a last cell that writes a unit (`| E | 1.5 | eV |`), when it holds a number with its unit
 * if any and nothing else; and the last cell before it that holds one symbol, which names it.
 * Cells written in math, bold or code are read as such elsewhere. Offsets in the line.
 */
function tableCellValues(line: string): { text: string; start: number; end: number }[] {
  if (TABLE_RULE.test(line) || !/\d/.test(line)) return [];
  const cells: { text: string; start: number; end: number }[] = [];
  let at = line.indexOf('|') + 1;
  for (let bar = line.indexOf('|', at); bar >= 0; bar = line.indexOf('|', at)) {
    const raw = line.slice(at, bar);
    const text = raw.trim();
    const start = at + raw.indexOf(text);
    cells.push({ text, start, end: start + text.length });
    at = bar + 1;
  }
  const plain = (c: { text: string }) => c.text !== '' && !/[$`*_\\]{2}|[$`]|\\[([]/.test(c.text);
  const valueAt = (k: number) => {
    const c = cells[k];
    if (c === undefined || !plain(c)) return undefined;
    const value = BOLD_VALUE.exec(c.text);
    if (value === null) return undefined;
    const unit = value[1];
    return unit === undefined || unit === '°' || unit === '%' || parseUnit(unit).ok ? c : undefined;
  };
  const last = cells.length - 1;
  const lastUnit = cells[last] !== undefined && plain(cells[last]!) && parseUnit(cells[last]!.text).ok;
  const k = valueAt(last) !== undefined ? last : lastUnit && valueAt(last - 1) !== undefined ? last - 1 : -1;
  if (k < 1) return [];
  const value = cells[k]!;
  const name = cells
    .slice(0, k)
    .filter((c) => plain(c) && CELL_SYMBOL.test(c.text))
    .at(-1);
  return name === undefined ? [value] : [name, value];
}

/** A value written in bold, `**5**`, `**91°**`, `__3.2 m/s__`: the number and its unit, if any. */
const BOLD = /(\*\*|__)([^*_\n]{1,60}?)\1/g;
const BOLD_VALUE =
  /^[-−]?\d+(?:\.\d+)?(?:\s*(?:×|·|\\times|\\cdot)\s*10(?:\^\{?[-−]?\d+\}?|\^[-−]?\d+|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?(?:\s*(°|%|[A-Za-zµμΩÅ][^\s]*(?:\s[A-Za-z/·^⁻¹²³-]+)?))?$/;

/** Spans of a line holding a bold value (offsets of the value, inside the markers). */
function boldValues(line: string): { text: string; start: number; end: number }[] {
  if (!line.includes('**') && !line.includes('__')) return [];
  const out: { text: string; start: number; end: number }[] = [];
  for (const m of line.matchAll(BOLD)) {
    const text = m[2]!.trim();
    const value = BOLD_VALUE.exec(text);
    if (value === null) continue;
    const unit = value[1];
    let taken = text;
    if (unit !== undefined && unit !== '°' && unit !== '%' && !parseUnit(unit).ok) {
      // A count and its noun (`**5** resistors` written `**5 resistors**`): the count.
      if (!/^[a-z]{3,}$/.test(unit)) continue;
      taken = text.slice(0, text.length - unit.length).trimEnd();
    }
    const start = (m.index ?? 0) + 2 + m[2]!.indexOf(text);
    out.push({ text: taken, start, end: start + taken.length });
  }
  return out;
}

/** The math spans of one line (offsets in the line), leaving out the bold values already taken. */
function lineSpans(line: string, bold: readonly { start: number; end: number }[] = []): MathBlock[] {
  const lead = LEAD.exec(line)?.[0].length ?? 0;
  // The line's label ends with a sub-question marker (`(a)`, `**Answers:** (a)`).
  const leadMarker = /\((?:[a-h]|[ivx]{1,4})\)[ \t]*[:.]?[ \t]*(?:\*\*|__)?[ \t]*$/.test(line.slice(0, lead));
  const tokens = tokenize(line, lead).filter((t) => !bold.some((b) => b.start < t.end && b.end > t.start));
  const out: MathBlock[] = [];
  let k = 0;
  while (k < tokens.length) {
    if (isProse(tokens, k)) {
      k++;
      continue;
    }
    const restated = restatement(tokens, k);
    if (restated > 0) {
      k += restated;
      continue;
    }
    let j = k;
    while (j < tokens.length && !isProse(tokens, j) && (j === k || !breaksBefore(tokens, j))) {
      j++;
      if (breaksAfter(tokens[j - 1]!.text)) break;
      // An arrow after a statement (`m = 6.38×10⁴ kg → t = … ≈ 25 s`) starts the next one.
      if (
        ARROW.test(tokens[j]?.text ?? '') &&
        RELATION.test(line.slice(tokens[k]!.start, tokens[j - 1]!.end))
      )
        break;
    }
    const run = trimRun(line, tokens[k]!.start, tokens[j - 1]!.end);
    const whole = k === 0 && j === tokens.length;
    const before = tokens[k - 1]?.text.toLowerCase().replace(/[*_]/g, '');
    // A copula, or a label in words ending with a colon (`- Final speed: 12 m/s`).
    // A sub-question marker before a value that runs to the next marker or the line's end
    // (`(a) 3.20 h (b) 2.40 × 10⁹ Bq`) labels it like a copula.
    const marked =
      (k === 0 ? leadMarker : MARKER.test(tokens[k - 1]!.text)) &&
      (j === tokens.length || MARKER.test(tokens[j]!.text));
    const copula = marked || (before !== undefined && (COPULAS.has(before) || /[a-z]{2}:$/.test(before)));
    // A count and its noun ending the line ("the minimum number is 5 resistors."): the count.
    const counted =
      copula &&
      j === tokens.length - 1 &&
      /^[a-z]{3,}[.!]?$/.test(tokens[j]!.text) &&
      run !== undefined &&
      /^\d+$/.test(run.text);
    if (run !== undefined && (counted || keep(run.text, whole, (marked || j === tokens.length) && copula)))
      out.push({ content: run.text, offset: run.start, kind: whole ? 'display' : 'inline', rows: false });
    k = j;
  }
  return out;
}

/**
 * Whether a span ends before token `j`: the start of bold text (`MeV: **Q = −3.00 MeV**`: the bold
 * statement is the answer's own), or a restatement ({@link restatement}).
 */
function breaksBefore(tokens: readonly Token[], j: number): boolean {
  // Bold text after a relation continues its chain (`t = … = **(2π + 4a/b)√(m/k)**`).
  const bold = /^(?:\*\*|__)/.test(tokens[j]!.text) && !/(?:[=≈<>⇒→]|\\[a-zA-Z]+)$/.test(tokens[j - 1]!.text);
  return bold || restatement(tokens, j) > 0 || aside(tokens, j);
}

/**
 * Whether token `j` opens an aside in parentheses that states a relation of its own after a value or
 * a symbol (`absorbs 3.00 MeV (|Q| = 3.00 MeV, endothermic)`, `v = 3 m/s (v = 10.8 km/h)`): it is
 * another statement, not a factor of the one before it. Not after an operator (`√(2gh = …)`), nor a
 * bracket closed in its own token (`(1/2)mv^2 = mgh`).
 */
function aside(tokens: readonly Token[], j: number): boolean {
  const raw = tokens[j]!.text;
  if (!raw.startsWith('(') || raw.includes(')') || /[=+\-*/^(<>≈]$|\\[a-zA-Z]+$/.test(tokens[j - 1]!.text))
    return false;
  let group = raw;
  for (let m = j + 1; m < tokens.length && m < j + 8; m++) {
    group += ` ${tokens[m]!.text}`;
    if (tokens[m]!.text.includes(')')) return RELATION.test(group);
  }
  return false;
}

/**
 * The number of tokens from `j` that restate the value before them in parentheses, in other units
 * (`300 K (27 °C)`, `−2.9×10⁻² C (−29 mC)`, `6.57×10⁷ s (≈ 2.08 yr)`): the same value, not a factor
 * of it, so it is left out of the span. 0 when there is none.
 */
function restatement(tokens: readonly Token[], j: number): number {
  const raw = tokens[j]!.text;
  if (j === 0 || !raw.startsWith('(') || !VALUE_END.test(tokens[j - 1]!.text.replace(/[*_]+$/, ''))) return 0;
  let group = '';
  for (let m = j; m < tokens.length && m < j + 6; m++) {
    group += `${m === j ? '' : ' '}${tokens[m]!.text}`;
    if (tokens[m]!.text.includes(')'))
      return RESTATED.test(group.replace(/[.,;:!?*_]+$/, '')) ? m - j + 1 : 0;
  }
  return 0;
}

/** Whether a span ends after this token: a label's colon (`… 931.494 MeV:`), the end of bold text. */
function breaksAfter(raw: string): boolean {
  return /[^:]:$/.test(raw) || /.(?:\*\*|__)[.,;:!?]*$/.test(raw);
}

/** An arrow between statements written as its own token. */
const ARROW = /^(?:→|⇒|⟹|\\Rightarrow|\\implies|\\Longrightarrow)$/;
/** A sub-question marker written as its own token: `(a)`, `(b)`, `(iii)`. */
const MARKER = /^\((?:[a-h]|i{1,3}|iv|v|vi{1,3})\)$/;
/** The end of a value: a digit, a unit symbol or word, a degree sign. */
const VALUE_END = /(?:[\d⁰¹²³⁴⁵⁶⁷⁸⁹]|[A-Za-zµμΩÅ°%]|\})$/;
/** A value restated in parentheses: an optional relation, a number, an optional unit. */
const RESTATED =
  /^\((?:≈|~|=|\\approx\s)?\s*[-−]?\d+(?:\.\d+)?(?:\s*(?:×|·|\\times|\\cdot)\s*10\S*)?\s*(?:[A-Za-zµμΩÅ°%][^\s()]*(?:\s[A-Za-zµμΩ][^\s()]*)?)\)$/;

function keep(text: string, whole: boolean, copula: boolean): boolean {
  if (RELATION.test(text)) return /[A-Za-z0-9\\α-ωΑ-Ω]/.test(text.replace(/\\[a-zA-Z]+/g, 'x'));
  const hasNumber = /\d/.test(text);
  if (copula) return hasNumber;
  if (!whole) return false;
  // A whole line without a relation: a value, or an expression with structure (not a lone symbol).
  return hasNumber || /\\(?:[dt]?frac|sqrt|cdot|times)|[\^_+\-*/√·−⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉]/.test(text);
}

/** The run without trailing punctuation and unbalanced outer brackets. */
function trimRun(line: string, from: number, to: number): { text: string; start: number } | undefined {
  let a = from;
  let b = to;
  // A check mark ending a verified step (`= \tau\omega ✓`) is no part of it, nor an arrow or a dash
  // between statements.
  while (b > a && /[\s.,;:!?*✓✔—–⇒→]/.test(line[b - 1]!)) b--;
  while (a < b && /[*:,⇒→⟹\s]/.test(line[a]!)) a++;
  // The parenthesis of an aside (`(|Q| = 3.00 MeV, endothermic)`) opened or closed outside the run.
  const depth = (t: string) => (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
  if (line[a] === '(' && depth(line.slice(a, b)) > 0) a++;
  while (b > a && line[b - 1] === ')' && depth(line.slice(a, b)) < 0) b--;
  while (b > a && /[\s.,;:!?*]/.test(line[b - 1]!)) b--;
  // Bold markers inside the run (`Mg = m\omega^2 r ⇒ **\omega = \sqrt{g/r}**`) emphasize its result:
  // blanked, so the run reads as the math it holds (`x**2` keeps its power).
  const text = line
    .slice(a, b)
    .replace(BOLD_MARKER, (m) => ' '.repeat(m.length))
    .trim();
  return text === ''
    ? undefined
    : { text, start: a + (line.slice(a, b).length - line.slice(a, b).trimStart().length) };
}

/** A bold marker opening (after a space, before a non-space) or closing (the reverse) an emphasis. */
const BOLD_MARKER = /(?<=^|\s)\*\*(?=\S)|(?<=\S)\*\*(?=\s|$)/g;

/** Whitespace-separated tokens from `from`, keeping brace groups whole (`\text{ m/s}`). */
function tokenize(line: string, from: number): Token[] {
  const out: Token[] = [];
  let depth = 0;
  let start = -1;
  for (let i = from; i <= line.length; i++) {
    const ch = line[i];
    const space = ch === undefined || ch === ' ' || ch === '\t' || ch === '\r';
    if (space && depth <= 0) {
      if (start >= 0) out.push({ text: line.slice(start, i), start, end: i });
      start = -1;
      depth = 0;
      continue;
    }
    if (start < 0) start = i;
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  return out;
}

/** Whether token `k` is a prose word (ends a math span). */
function isProse(tokens: readonly Token[], k: number): boolean {
  const raw = tokens[k]!.text;
  // A sub-question marker (`(a) t = 4.75 h (b) A = …` states two parts).
  if (MARKER.test(raw)) return true;
  const word = raw.replace(/^[(*_"'“]+|[)*_"'”.,;:!?]+$/g, '');
  if (/^[A-Za-z]+(?:\.[A-Za-z]+)+$/.test(word)) return true; // i.e., e.g.
  if (/^[A-Za-z]{2,}(?:-[A-Za-z]+)+$/.test(word) || /^[A-Za-z]+['’]s$/.test(word)) return true;
  if (/^\d+(?:st|nd|rd|th)$/.test(word)) return true;
  if (!/^[A-Za-z]{2,}$/.test(word)) return false;
  if (MATH_WORDS.has(word)) return false;
  const previous = tokens[k - 1]?.text;
  // A unit word right after a number (`5 kg`, `3.2 m/s` is not a word): part of the value.
  // So after a power of ten in superscripts or a caret (`1.85 × 10¹⁰ Bq`, `3.7 × 10^{3} km`,
  // `1.85*10^(10) Bq`).
  if (
    previous !== undefined &&
    /(?:\d|10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+|10\^\{[-−+]?\d+\}|10\^\([-−+]?\d+\))$/.test(previous) &&
    parseUnit(word).ok
  )
    return false;
  // A short product of symbols beside an operator (`F = ma`, `mgh = …`) is math, unless it is an
  // English word.
  // An opening bracket before it (`/ (kQq (a^2 - b^2))`) is grouping, judged by the operators around.
  const bracketed = /^\(+[A-Za-z]+\)*$|^[A-Za-z]+\)+$/.test(raw);
  if (word.length > 4 || ENGLISH.has(word.toLowerCase()) || (word !== raw && !bracketed)) return true;
  const next = tokens[k + 1]?.text;
  return !(
    (previous !== undefined && /(?:[=+\-*/^(<>]|\\cdot|\\times)$/.test(previous)) ||
    (next !== undefined && /^(?:[=+\-*/^<>]|\\cdot|\\times|\\approx)/.test(next))
  );
}

/** Short English words that are never a product of symbols in an answer. */
const ENGLISH = new Set([
  'the',
  'and',
  'is',
  'are',
  'of',
  'to',
  'in',
  'for',
  'with',
  'so',
  'at',
  'by',
  'on',
  'as',
  'it',
  'be',
  'we',
  'or',
  'an',
  'if',
  'then',
  'from',
  'into',
  'this',
  'that',
  'when',
  'thus',
  'hence',
  'here',
  'its',
  'has',
  'have',
  'was',
  'not',
  'no',
  'yes',
  'but',
  'get',
  'gets',
  'give',
  'find',
  'use',
  'all',
  'each',
  'both',
  'than',
  'where',
  'which',
  'let',
  'now',
  'also',
  'only',
  'same',
  'mass',
  'time',
]);
