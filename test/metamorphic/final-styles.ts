// Style transfer of final answers: the final statement(s) of an answer we grade, re-rendered in the
// styles chat models write — boxed inside `\[ \]`, `$$ $$` or `\( \)`, a `**Final Answer:**` line in
// plain Unicode, undelimited LaTeX lines, a sentence, bold bulleted parts, units and numbers in other
// spellings, `\approx`, degrees, a trailing period, the reference's name; a DeepSeek-R1 `<think>`
// block ending on a wrong attempt, the Minerva "The final answer is $…$. I hope it is correct." tail,
// a markdown table of the parts, `**(a)** \(\boxed{…}\)`, a plain "Therefore, v = 3.2 m/s.", a code
// fence, `aligned`/`align*` chains ending in the value, `\text{ m/s}` in a box, `= 3.24 \approx 3.2`,
// a Qwen/Llama `## Step N:` chain closed by "The final answer is: $\boxed{…}$", Gemini's bulleted
// inline values, `\begin{enumerate}\item[(a)]`, equation numbers (`\tag{1}`, `\qquad (2)`),
// `\text{Answer: }` inside the math, programming notation (`3.2E-5`, `3.2 × 10^-5`, `3.2*10^(-5)`),
// `6,371 km`, `$v = 3.2$ m/s.`, `|\vec{F}|` for F, "(to 2 s.f.)" — keeping the value or expression. A rewrite keeps the verdict (right stays accepted, wrong stays rejected); a near miss of
// a right answer rendered in the same style (×1.03, ×2, the sign, a unit prefix) must be rejected.
import { GREEK } from '../../src/latex/grammar/greek.js';
import { SUBSCRIPTS, SUPERSCRIPTS, UNICODE_TOKENS } from '../../src/latex/grammar/unicode.js';

/** One factor of a unit: a symbol with its prefix (`km`, `μm`, `Ω`, `eV`) and its power. */
export interface UnitFactor {
  readonly symbol: string;
  readonly power: number;
}
/** A unit: factors, or degrees of angle, or percent. */
export type Unit =
  | { readonly kind: 'factors'; readonly factors: readonly UnitFactor[] }
  | { readonly kind: 'degrees' }
  | { readonly kind: 'percent' };

/** A value as written: sign, mantissa digits (`3.20`), power of ten, unit. */
export interface NumberValue {
  readonly kind: 'number';
  readonly negative: boolean;
  readonly mantissa: string;
  readonly exponent: number;
  readonly unit: Unit | undefined;
}
/** An expression, in LaTeX. */
export interface ExpressionValue {
  readonly kind: 'expression';
  readonly latex: string;
}
/** A final statement: the quantity's name (LaTeX, possibly absent) and the value given it. */
export interface Statement {
  readonly name: string | undefined;
  readonly value: NumberValue | ExpressionValue;
}
/** A statement of one part of the answer, with the sub-question letter it answers. */
export interface PartStatement {
  readonly letter: string | undefined;
  readonly statement: Statement;
}

// ---------------------------------------------------------------------------------------------
// Reading a statement

const RELATION = /^(?:=|\\approx|\\simeq|≈|\\cong)/;

/** Splits at top-level relations (`=`, `\approx`, `\simeq`, `≈`); undefined when braces do not balance. */
function splitRelations(s: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let at = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && /[{}]/.test(s[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    if (depth < 0) return undefined;
    if (depth > 0) continue;
    const m = RELATION.exec(s.slice(i));
    if (m !== null && !(c === '\\' && /[A-Za-z]/.test(s[i + m[0].length] ?? ''))) {
      parts.push(s.slice(at, i));
      i += m[0].length - 1;
      at = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  parts.push(s.slice(at));
  return parts.map((p) => p.trim());
}

/** Unicode in a plain statement written as LaTeX: superscripts, `×`, `·`, `−`, Greek, `ħ`, `√`. */
function unicodeToLatex(s: string): string | undefined {
  let out = '';
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (SUPERSCRIPTS[c] !== undefined) {
      let run = '';
      while (i < chars.length && SUPERSCRIPTS[chars[i]!] !== undefined) run += SUPERSCRIPTS[chars[i++]!];
      i--;
      out += `^{${run}}`;
    } else if (SUBSCRIPTS[c] !== undefined) {
      let run = '';
      while (i < chars.length && SUBSCRIPTS[chars[i]!] !== undefined) run += SUBSCRIPTS[chars[i++]!];
      i--;
      out += `_{${run}}`;
    } else if (c === '×') out += '\\times ';
    else if (c === '·') out += '\\cdot ';
    else if (c === '−') out += '-';
    else if (c === 'ħ') out += '\\hbar ';
    else if (c === '√') {
      // √(X) → \sqrt{X} (X to its matching parenthesis); √x → \sqrt{x} (one letter or number).
      let j = i + 1;
      while (chars[j] === ' ') j++;
      if (chars[j] === '(') {
        let depth = 0;
        let k = j;
        for (; k < chars.length; k++) {
          if (chars[k] === '(') depth++;
          else if (chars[k] === ')' && --depth === 0) break;
        }
        if (k >= chars.length) return undefined;
        const inner = unicodeToLatex(chars.slice(j + 1, k).join(''));
        if (inner === undefined) return undefined;
        out += `\\sqrt{${inner}}`;
        i = k;
      } else {
        let k = j;
        while (k < chars.length && /[\d.]/.test(chars[k]!)) k++;
        if (k === j && k < chars.length && /[\p{L}]/u.test(chars[k]!)) k++;
        if (k === j) return undefined;
        const inner = unicodeToLatex(chars.slice(j, k).join(''));
        if (inner === undefined) return undefined;
        out += `\\sqrt{${inner}}`;
        i = k - 1;
      }
    } else if (c === '°') out += '^\\circ';
    else if (c === 'Ω') out += '\\Omega ';
    else if (c === 'μ' || c === 'µ') out += '\\mu ';
    else if (c === '\u2009' || c === '\u202f' || c === '\u00a0') out += ' ';
    else if (UNICODE_TOKENS[c] !== undefined) {
      const t = UNICODE_TOKENS[c]![0]!;
      if (!t.startsWith('cmd:')) return undefined;
      out += `\\${t.slice(4)} `;
    } else if (c.charCodeAt(0) > 126) return undefined;
    else out += c;
  }
  return out;
}

/** Unit symbols a final value may carry (with SI prefixes); others are not read as a unit here. */
const UNIT_BASES = new Set([
  'm',
  's',
  'g',
  'N',
  'J',
  'W',
  'V',
  'A',
  'C',
  'F',
  'T',
  'K',
  'Pa',
  'Hz',
  'eV',
  'rad',
  'Ω',
  'H',
  'Wb',
  'mol',
  'L',
  'u',
  'atm',
  'bar',
  'min',
  'h',
  'yr',
  'ly',
  'pc',
  'AU',
  'cal',
  'S',
  'sr',
  'Bq',
  'Gy',
  'Sv',
  'lm',
  'lx',
  'cd',
]);
const PREFIXES = ['Y', 'Z', 'E', 'P', 'T', 'G', 'M', 'k', 'h', 'da', 'd', 'c', 'm', 'μ', 'n', 'p', 'f', 'a'];

/** Splits a unit symbol into its prefix and base (`km` → `k`, `m`); undefined when it is no unit. */
export function splitPrefix(symbol: string): [string, string] | undefined {
  if (UNIT_BASES.has(symbol)) return ['', symbol];
  for (const p of PREFIXES)
    if (symbol.startsWith(p) && UNIT_BASES.has(symbol.slice(p.length)) && symbol.length > p.length)
      return [p, symbol.slice(p.length)];
  return undefined;
}

/** Reads a unit written after a value (`\ \text{m/s}`, `\,\mathrm{N\,m^{-2}}`, `^\circ`, `\%`). */
export function readUnit(latex: string): Unit | undefined {
  let s = latex.trim();
  if (/^(?:\^\s*\{?\s*\\circ\s*\}?|\\degree|\\text\{\s*°\s*\}|°)$/.test(s)) return { kind: 'degrees' };
  if (/^\\?%$/.test(s)) return { kind: 'percent' };
  // Unwrap fonts: \text{..}, \mathrm{..}, \rm.
  for (let k = 0; k < 4; k++)
    s = s.replace(/\\(?:text|mathrm|textrm|operatorname|rm)\s*\{([^{}]*)\}/g, ' $1 ');
  s = s
    .replace(/\\mu\s*/g, 'μ')
    .replace(/\\Omega/g, 'Ω')
    .replace(/\\(?:,|;|:|!|quad| )/g, ' ')
    .replace(/~/g, ' ')
    .replace(/\\cdot|·|\*/g, ' ')
    .replace(/µ/g, 'μ')
    .trim();
  if (s === '') return undefined;
  const factors: UnitFactor[] = [];
  let sign = 1;
  const re = /\s*(?:(\/)|([A-Za-zμΩ]+)\s*(?:\^\s*(?:\{\s*([-−]?\d+)\s*\}|([-−]?\d)))?|\(|\))/y;
  let at = 0;
  while (at < s.length) {
    re.lastIndex = at;
    const m = re.exec(s);
    if (m === null || m[0] === '') return undefined;
    at = re.lastIndex;
    if (m[1] !== undefined) {
      if (sign === -1) return undefined; // a second slash: ambiguous
      sign = -1;
      continue;
    }
    if (m[2] === undefined) return undefined; // parentheses in a unit: not rendered here
    if (splitPrefix(m[2]) === undefined) return undefined;
    const power = Number((m[3] ?? m[4] ?? '1').replace('−', '-'));
    factors.push({ symbol: m[2], power: sign * power });
  }
  if (factors.length === 0) return undefined;
  return { kind: 'factors', factors };
}

const NUMBER_VALUE =
  /^(-)?\s*(\d+(?:\.\d+)?|\.\d+)(?:\s*(?:\\times|\\cdot)\s*10\s*\^\s*(?:\{\s*(-?\d+)\s*\}|(-?\d))|[eE]([-+]?\d+))?(?![\d.])\s*(.*)$/s;

/** Reads a value: a number with its power of ten and unit, else undefined. */
export function readNumber(latex: string): NumberValue | undefined {
  const m = NUMBER_VALUE.exec(latex.trim());
  if (m === null) return undefined;
  const rest = m[6]!.trim();
  let unit: Unit | undefined;
  if (rest !== '') {
    // A unit is set apart from the number (a space, a font, a thin space, or degrees/percent).
    if (
      !/^(?:\\[,;: !]|\\text|\\mathrm|\\rm|~|\^|\\degree|°|\\?%)/.test(rest) &&
      !/\s$/.test(m[0].slice(0, m[0].length - m[6]!.length))
    )
      return undefined;
    unit = readUnit(rest);
    if (unit === undefined) return undefined;
  }
  return {
    kind: 'number',
    negative: m[1] !== undefined,
    mantissa: m[2]!.startsWith('.') ? `0${m[2]}` : m[2]!,
    exponent: Number(m[3] ?? m[4] ?? m[5] ?? '0'),
    unit,
  };
}

/** Strips what wraps a statement: math delimiters, `\boxed{}`, `\displaystyle`, a trailing stop. */
function unwrap(s: string): string {
  let t = s.trim();
  for (let k = 0; k < 3; k++) {
    t = t
      .replace(/^\$+|\$+$/g, '')
      .replace(/^\\\[|\\\]$/g, '')
      .replace(/^\\\(|\\\)$/g, '')
      .trim();
    const box = /^\\boxed\s*\{([\s\S]*)\}$/.exec(t);
    if (box !== null && splitRelations(box[1]!) !== undefined) t = box[1]!.trim();
    t = t
      .replace(/^\\displaystyle\s*/, '')
      .replace(/[.,;]\s*$/, '')
      .trim();
  }
  return t;
}

const SYMBOL_NAME =
  /^(?:\\(?:Delta|delta)\s*)?(?:[A-Za-z]|\\[A-Za-z]+)(?:'|\^\{?\*\}?)?(?:_(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|[A-Za-z0-9]|\\[A-Za-z]+))?(?:\^\{?(?:\*|'|\\prime)\}?)?$/;

/** Whether a left side names one quantity (`v`, `T_{\max}`, `\omega_0`, `\Delta x`). */
export function isSymbolName(latex: string): boolean {
  const t = latex.trim();
  if (!SYMBOL_NAME.test(t)) return false;
  const cmd = /^\\([A-Za-z]+)/.exec(t)?.[1];
  return cmd === undefined || GREEK[cmd] !== undefined || /^(?:Delta|delta|hbar|ell)$/.test(cmd);
}

/**
 * Reads a statement the grader credited (`v_f \approx 3.2\ \text{m/s}`, `\boxed{T = 2\pi\sqrt{L/g}}`,
 * `7.29 × 10⁻⁸ m`): the name, if its left side is one, and the last side of its chain. `numerical`:
 * the expected form; only then is the last side read as a number with a unit. Undefined when it is
 * not one statement of one value (a list, an inequality, a hedge, unbalanced braces).
 */
export function readStatement(text: string, numerical: boolean): Statement | undefined {
  const latex = unicodeToLatex(unwrap(text));
  if (latex === undefined || latex === '') return undefined;
  if (
    /\\(?:sim|propto|le|ge|leq|geq|lt|gt|pm|mp|text\s*\{\s*(?:or|and)\b|quad|qquad|begin|\\)|[<>;~∼]|\\,\\text|\bor\b/.test(
      latex,
    )
  )
    return undefined;
  const parts = splitRelations(latex);
  if (parts === undefined || parts.some((p) => p === '')) return undefined;
  if (parts.length > 1 && parts.slice(1).some((p) => /(?<!\{)[^\\{],(?![^{]*\})/.test(p))) return undefined;
  const last = parts[parts.length - 1]!;
  const name = parts.length > 1 && isSymbolName(parts[0]!) ? parts[0]! : undefined;
  if (parts.length > 1 && name === undefined) return undefined;
  if (numerical) {
    const value = readNumber(last);
    return value === undefined ? undefined : { name, value };
  }
  if (/,/.test(last.replace(/\{,\}/g, ''))) return undefined;
  return { name, value: { kind: 'expression', latex: last } };
}

// ---------------------------------------------------------------------------------------------
// LaTeX → plain Unicode (as chat models write math outside LaTeX)

const GREEK_CHAR: Record<string, string> = {};
for (const [ch, tokens] of Object.entries(UNICODE_TOKENS)) {
  const t = tokens[0]!;
  if (t.startsWith('cmd:') && GREEK_CHAR[t.slice(4)] === undefined && !/^[µϕϵϑϱϖ]$/.test(ch))
    GREEK_CHAR[t.slice(4)] = ch;
}
Object.assign(GREEK_CHAR, { varepsilon: 'ε', varphi: 'φ', vartheta: 'θ', epsilon: 'ε', phi: 'φ' });
const SUP_OF: Record<string, string> = Object.fromEntries(
  Object.entries(SUPERSCRIPTS).map(([k, v]) => [v, k]),
);
const SUB_OF: Record<string, string> = Object.fromEntries(Object.entries(SUBSCRIPTS).map(([k, v]) => [v, k]));
const FUNCTIONS = new Set([
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
  'exp',
  'max',
  'min',
]);
const SYMBOLS: Record<string, string> = {
  hbar: 'ħ',
  cdot: '·',
  times: '×',
  infty: '∞',
  partial: '∂',
  ell: 'ℓ',
  prime: '′',
  circ: '°',
};
const ACCENT_CHAR: Record<string, string> = {
  bar: '\u0304',
  dot: '\u0307',
  ddot: '\u0308',
  hat: '\u0302',
  tilde: '\u0303',
};

/** A plain-text piece that is one factor: a number, one symbol with its indices, a group, a root. */
function atomic(s: string): boolean {
  if (/^(?:\d+(?:\.\d+)?|[A-Za-zħπ∞ℓ\p{Script=Greek}]\p{M}?[⁰-⁹¹²³⁻₀-₉ₐ-ₜ′]*)$/u.test(s)) return true;
  return /^\((?:[^()]|\([^()]*\))*\)$/.test(s) || /^√\((?:[^()]|\([^()]*\))*\)$/.test(s);
}
const paren = (s: string) => (atomic(s) ? s : `(${s})`);

class Unconvertible extends Error {}

/** Reads one braced group or single token from `s` at `at`; returns [content, next index]. */
function group(s: string, at: number): [string, number] {
  let i = at;
  while (s[i] === ' ') i++;
  if (s[i] === '{') {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      if (s[j] === '\\') {
        j++;
        continue;
      }
      if (s[j] === '{') depth++;
      else if (s[j] === '}' && --depth === 0) return [s.slice(i + 1, j), j + 1];
    }
    throw new Unconvertible('brace');
  }
  if (s[i] === '\\') {
    const m = /^\\(?:[A-Za-z]+|.)/.exec(s.slice(i));
    return [m![0], i + m![0].length];
  }
  if (i >= s.length) throw new Unconvertible('end');
  return [s[i]!, i + 1];
}

/** Converts LaTeX math to plain Unicode text; throws Unconvertible on a construct it does not write. */
function plain(s: string): string {
  let out = '';
  let i = 0;
  const pieces: string[] = [];
  const emit = (p: string) => {
    pieces.push(p);
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ') {
      i++;
      continue;
    }
    if (c === '^' || c === '_') {
      const [g, next] = group(s, i + 1);
      i = next;
      const inner = plain(g);
      const table = c === '^' ? SUP_OF : SUB_OF;
      const chars = [...inner];
      if (chars.length > 0 && chars.every((ch) => table[ch === '−' ? '-' : ch] !== undefined))
        emit(chars.map((ch) => table[ch === '−' ? '-' : ch]).join(''));
      else if (c === '_') {
        if (!/^[A-Za-z0-9]+$/.test(inner)) throw new Unconvertible('subscript');
        emit(`_${inner}\u0000`);
      } else emit(`^${paren(inner)}`);
      continue;
    }
    if (c === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(s.slice(i))!;
      const cmd = m[1]!;
      i += m[0].length;
      if (
        /^[,;:! ]$/.test(cmd) ||
        cmd === 'quad' ||
        cmd === 'displaystyle' ||
        cmd === 'left' ||
        cmd === 'right'
      )
        continue;
      if (cmd === '{' || cmd === '}') throw new Unconvertible('brace');
      if (cmd === 'frac' || cmd === 'dfrac' || cmd === 'tfrac') {
        const [a, n1] = group(s, i);
        const [b, n2] = group(s, n1);
        i = n2;
        emit(`\u0001${paren(plain(a))}/${paren(plain(b))}\u0001`);
        continue;
      }
      if (cmd === 'sqrt') {
        if (s[i] === '[') throw new Unconvertible('root');
        const [a, n1] = group(s, i);
        i = n1;
        emit(`√${paren(plain(a))}`);
        continue;
      }
      if (cmd === 'text' || cmd === 'mathrm' || cmd === 'rm' || cmd === 'operatorname' || cmd === 'textrm') {
        if (cmd === 'rm') continue;
        const [a, n1] = group(s, i);
        i = n1;
        emit(plain(a));
        continue;
      }
      if (ACCENT_CHAR[cmd] !== undefined) {
        const [a, n1] = group(s, i);
        i = n1;
        const inner = plain(a);
        if ([...inner].length !== 1) throw new Unconvertible('accent');
        emit(inner + ACCENT_CHAR[cmd]);
        continue;
      }
      if (GREEK_CHAR[cmd] !== undefined) emit(GREEK_CHAR[cmd]!);
      else if (cmd === 'pi') emit('π');
      else if (SYMBOLS[cmd] !== undefined) emit(SYMBOLS[cmd]!);
      else if (FUNCTIONS.has(cmd)) {
        const next = s.slice(i).trimStart();
        const before =
          pieces.length > 0 && /[\p{L}\d)⁰-⁹¹²³₀-₉ₐ-ₜ]$/u.test(pieces[pieces.length - 1]!) ? ' ' : '';
        emit(
          before +
            (next.startsWith('(') || next.startsWith('\\left') || next.startsWith('^') ? cmd : `${cmd} `),
        );
      } else throw new Unconvertible(cmd);
      continue;
    }
    if (c === '{') {
      const [g, next] = group(s, i);
      i = next;
      emit(plain(g));
      continue;
    }
    if (c === '-') emit('−');
    else if (c === '+' || c === '=') emit(` ${c} `);
    else if (/[A-Za-z0-9.()[\]|/!']/.test(c)) emit(c);
    else throw new Unconvertible(c);
    i++;
  }
  // A fraction beside other factors is parenthesized: `2π·(a/b)` reads as one factor.
  for (let k = 0; k < pieces.length; k++) {
    let p = pieces[k]!;
    if (p.startsWith('\u0001')) {
      p = p.slice(1, -1);
      const alone = pieces.length === 1 || (pieces.length === 2 && k === 1 && pieces[0] === '−');
      if (!alone) p = `(${p})`;
    }
    out += p;
  }
  out = out.replace(/\u0000(?=[A-Za-z0-9\p{Script=Greek}ħ√(])/gu, ' ').replace(/\u0000/g, '');
  return withoutDoubleParentheses(out.replace(/\s+/g, ' ').replace(/− /g, '−').trim());
}

/** `((a/b))` → `(a/b)`: a pair of parentheses around exactly one parenthesized group, as no one writes. */
function withoutDoubleParentheses(s: string): string {
  const close = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') stack.push(i);
    else if (s[i] === ')' && stack.length > 0) close.set(stack.pop()!, i);
  }
  const drop = new Set<number>();
  for (const [open, end] of close)
    if (s[open + 1] === '(' && close.get(open + 1) === end - 1) drop.add(open).add(end);
  return [...s].filter((_, i) => !drop.has(i)).join('');
}

/** LaTeX math as plain Unicode, or undefined when it holds a construct not written that way here. */
export function toPlain(latex: string): string | undefined {
  try {
    return plain(latex);
  } catch (error) {
    if (error instanceof Unconvertible) return undefined;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering values

/** How a number's power of ten is written. */
export type Exponent = 'times' | 'cdot' | 'e' | 'E' | 'caret' | 'star' | 'unicode-times' | 'unicode-cdot';
/** How a unit is written. */
export type UnitSpelling =
  | 'as-text'
  | 'mathrm-negative'
  | 'text-slash'
  | 'text-inside'
  | 'unicode'
  | 'plain-slash';

const superscript = (n: number) => [...String(n)].map((ch) => SUP_OF[ch] ?? ch).join('');

function latexSymbol(symbol: string): string {
  return symbol.replace(/μ/g, '\\mu ').replace(/Ω/g, '\\Omega ');
}

/** A unit in LaTeX (inside math) or plain text; undefined when the spelling cannot write it. */
export function renderUnit(unit: Unit, spelling: UnitSpelling, degrees = '^\\circ'): string | undefined {
  if (unit.kind === 'degrees') return spelling === 'unicode' || spelling === 'plain-slash' ? '°' : degrees;
  if (unit.kind === 'percent') return spelling === 'unicode' || spelling === 'plain-slash' ? '%' : '\\%';
  const f = unit.factors;
  const pos = f.filter((x) => x.power > 0);
  const neg = f.filter((x) => x.power < 0);
  switch (spelling) {
    case 'as-text':
    case 'mathrm-negative': {
      const body = f
        .map((x) => `${latexSymbol(x.symbol).trim()}${x.power === 1 ? '' : `^{${x.power}}`}`)
        .join('\\,');
      return `\\,\\mathrm{${body}}`;
    }
    case 'text-slash':
    case 'text-inside': {
      if (f.some((x) => Math.abs(x.power) !== 1) || neg.length > 1 || pos.length === 0) return undefined;
      const text = (xs: readonly UnitFactor[]) => xs.map((x) => x.symbol).join(' ');
      const body = `${text(pos)}${neg.length === 0 ? '' : `/${text(neg)}`}`;
      return spelling === 'text-inside' ? `\\text{ ${body}}` : `\\ \\text{${body}}`;
    }
    case 'unicode':
      return f
        .map((x) => `${x.symbol}${x.power === 1 ? '' : superscript(x.power).replace('-', '⁻')}`)
        .join(' ');
    case 'plain-slash': {
      if (neg.length > 1 || pos.length === 0) return undefined;
      const text = (xs: readonly UnitFactor[]) =>
        xs
          .map((x) => `${x.symbol}${Math.abs(x.power) === 1 ? '' : superscript(Math.abs(x.power))}`)
          .join('·');
      return `${text(pos)}${neg.length === 0 ? '' : `/${text(neg)}`}`;
    }
  }
}

/** A number in LaTeX or plain text, its power of ten in the given spelling. */
export function renderNumber(v: NumberValue, exponent: Exponent, latex: boolean, group = ''): string {
  let mant = v.mantissa;
  if (group !== '' && v.exponent === 0) {
    const [int, frac] = mant.split('.');
    if (int!.length >= 4)
      mant = int!.replace(/\B(?=(\d{3})+$)/g, group) + (frac === undefined ? '' : `.${frac}`);
  }
  const sign = v.negative ? (latex ? '-' : '−') : '';
  if (v.exponent === 0) return sign + mant;
  const e = v.exponent;
  switch (exponent) {
    case 'times':
      return `${sign}${mant}\\times 10^{${e}}`;
    case 'cdot':
      return `${sign}${mant}\\cdot 10^{${e}}`;
    case 'e':
      return `${sign}${mant}e${e}`;
    case 'E':
      return `${sign}${mant}E${e}`;
    case 'caret':
      return `${sign}${mant} × 10^${e}`;
    case 'star':
      return `${sign}${mant}*10^(${e})`;
    case 'unicode-times':
      return `${sign}${mant}×10${superscript(e).replace('-', '⁻')}`;
    case 'unicode-cdot':
      return `${sign}${mant}·10${superscript(e).replace('-', '⁻')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Styles

/** Everything a style needs to write one statement. */
interface Render {
  /** The statement in LaTeX, `name = value` (no name: the value alone). */
  latex(
    s: Statement,
    o?: { rel?: string; unit?: UnitSpelling; exponent?: Exponent; group?: string; degrees?: string },
  ): string | undefined;
  /** The statement in plain Unicode. */
  plain(s: Statement, o?: { rel?: string; unit?: UnitSpelling; exponent?: Exponent }): string | undefined;
}

const render: Render = {
  latex(s, o = {}) {
    let value: string;
    if (s.value.kind === 'expression') value = s.value.latex;
    else {
      value = renderNumber(s.value, o.exponent ?? 'times', true, o.group);
      if (s.value.unit !== undefined) {
        const u = renderUnit(s.value.unit, o.unit ?? 'as-text', o.degrees);
        if (u === undefined) return undefined;
        value += u;
      }
    }
    return s.name === undefined ? value : `${s.name} ${o.rel ?? '='} ${value}`;
  },
  plain(s, o = {}) {
    let value: string | undefined;
    if (s.value.kind === 'expression') value = toPlain(s.value.latex);
    else {
      value = renderNumber(s.value, o.exponent ?? 'unicode-times', false);
      if (s.value.unit !== undefined) {
        const u = renderUnit(s.value.unit, o.unit ?? 'unicode');
        if (u === undefined) return undefined;
        value += s.value.unit.kind === 'factors' ? ` ${u}` : u;
      }
    }
    if (value === undefined) return undefined;
    if (s.name === undefined) return value;
    const name = toPlain(s.name);
    return name === undefined ? undefined : `${name} ${o.rel ?? '='} ${value}`;
  },
};

/**
 * A style: writes the final section of an answer from its part statements, or undefined when it does
 * not apply (a unit spelling for an answer without a unit, a plain rendering of an integral).
 */
export type Style = (parts: readonly PartStatement[]) => string | undefined;

const label = (p: PartStatement, i: number) => (p.letter === undefined ? `${i + 1}.` : `(${p.letter})`);

/** Each part's piece on its own line, labelled when there are several parts. */
function lines(
  parts: readonly PartStatement[],
  f: (s: Statement) => string | undefined,
  head = '',
): string | undefined {
  const out: string[] = [];
  for (const [i, p] of parts.entries()) {
    const piece = f(p.statement);
    if (piece === undefined) return undefined;
    out.push(parts.length > 1 ? `${label(p, i)} ${piece}` : piece);
  }
  return (parts.length > 1 ? head.replace(/ $/, '\n\n') : head) + out.join('\n\n');
}
const numeric = (s: Statement): s is Statement & { value: NumberValue } => s.value.kind === 'number';
const anyPart = (parts: readonly PartStatement[], f: (s: Statement) => boolean) =>
  parts.some((p) => f(p.statement));
/** A style that applies only when some part satisfies `when`. */
const when =
  (cond: (s: Statement) => boolean, style: Style): Style =>
  (parts) =>
    anyPart(parts, cond) ? style(parts) : undefined;
const withUnit = (s: Statement) => numeric(s) && s.value.unit?.kind === 'factors';
const scientific = (s: Statement) => numeric(s) && s.value.exponent !== 0;
/** Plain text with the digits of a whole number of four or more digits grouped by `separator`. */
const groupedDigits = (separator: string): Style =>
  when(
    (s) => numeric(s) && s.value.exponent === 0 && s.value.mantissa.split('.')[0]!.length >= 4,
    (parts) =>
      lines(
        parts,
        (s) => {
          if (!numeric(s)) return render.plain(s);
          const t = render.plain(s);
          if (t === undefined) return undefined;
          return t.replace(
            renderNumber(s.value, 'unicode-times', false),
            renderNumber(s.value, 'unicode-times', false, separator),
          );
        },
        '**Final Answer:** ',
      ),
  );

export const STYLES: Readonly<Record<string, Style>> = {
  'boxed-brackets': (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s), (x) => `\\[\n\\boxed{${x}}\n\\]`), '**Final Answer**\n\n'),
  'boxed-dollars': (parts) => lines(parts, (s) => wrapLatex(render.latex(s), (x) => `$$\\boxed{${x}}$$`)),
  'boxed-parens': (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s), (x) => `\\(\\boxed{${x}}\\)`), '**Final answer:** '),
  'plain-unicode': (parts) =>
    lines(parts, (s) => render.plain(s, { rel: numeric(s) ? '≈' : '=' }), '**Final Answer:** '),
  'plain-unicode-bold': (parts) =>
    lines(parts, (s) => wrapLatex(render.plain(s), (x) => `**${x}**`), 'Final answer:\n\n'),
  'bare-displaystyle': (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s), (x) => `\\displaystyle ${x}`)),
  'bare-answer-line': (parts) => lines(parts, (s) => wrapLatex(render.latex(s), (x) => `Answer: ${x}`)),
  sentence: (parts) =>
    lines(parts, (s) => {
      if (s.name === undefined) return wrapLatex(render.latex(s), (x) => `The answer is $${x}$.`);
      if (numeric(s) && s.value.unit?.kind === 'factors') {
        const bare = render.latex(
          { name: s.name, value: { ...s.value, unit: undefined } },
          { rel: '\\approx' },
        );
        const unit = renderUnit(s.value.unit, 'plain-slash');
        return bare === undefined || unit === undefined ? undefined : `Therefore $${bare}$ ${unit}.`;
      }
      return wrapLatex(render.latex(s), (x) => `Therefore, we obtain $${x}$.`);
    }),
  'bulleted-bold': (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s), (x) => `- **$${x}$**`), '## Answer\n\n'),
  'unit-text-slash': when(withUnit, (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s, { unit: 'text-slash' }), (x) => `$$${x}$$`)),
  ),
  'unit-mathrm-negative': when(withUnit, (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s, { unit: 'mathrm-negative' }), (x) => `$$\\boxed{${x}}$$`)),
  ),
  'unit-unicode': when(withUnit, (parts) =>
    lines(parts, (s) => render.plain(s, { unit: 'unicode' }), '**Answer:** '),
  ),
  'unit-outside-math': when(withUnit, (parts) =>
    lines(
      parts,
      (s) => {
        if (!numeric(s) || s.value.unit === undefined) return wrapLatex(render.latex(s), (x) => `$${x}$`);
        const bare = render.latex({ name: s.name, value: { ...s.value, unit: undefined } });
        const unit = renderUnit(s.value.unit, 'plain-slash');
        return bare === undefined || unit === undefined ? undefined : `$${bare}$ ${unit}`;
      },
      'Final answer: ',
    ),
  ),
  'thousands-thin-space': when(
    (s) => numeric(s) && s.value.exponent === 0 && s.value.mantissa.split('.')[0]!.length >= 4,
    (parts) => lines(parts, (s) => wrapLatex(render.latex(s, { group: '\\,' }), (x) => `$$\\boxed{${x}}$$`)),
  ),
  'thousands-unicode': groupedDigits('\u2009'),
  'approx-latex': (parts) =>
    lines(parts, (s) =>
      wrapLatex(s.name === undefined ? undefined : render.latex(s, { rel: '\\approx' }), (x) => `$$${x}$$`),
    ),
  'simeq-latex': (parts) =>
    lines(parts, (s) =>
      wrapLatex(s.name === undefined ? undefined : render.latex(s, { rel: '\\simeq' }), (x) => `\\[${x}\\]`),
    ),
  'sci-e': when(scientific, (parts) =>
    lines(parts, (s) => render.plain(s, { exponent: 'e', unit: 'plain-slash' }), 'Final answer: '),
  ),
  'sci-unicode-cdot': when(scientific, (parts) =>
    lines(parts, (s) => render.plain(s, { exponent: 'unicode-cdot' }), '**Final Answer:** '),
  ),
  'sci-cdot-latex': when(scientific, (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s, { exponent: 'cdot' }), (x) => `$$\\boxed{${x}}$$`)),
  ),
  'degrees-circ-brace': when(
    (s) => numeric(s) && s.value.unit?.kind === 'degrees',
    (parts) =>
      lines(parts, (s) => wrapLatex(render.latex(s, { degrees: '^{\\circ}' }), (x) => `$$\\boxed{${x}}$$`)),
  ),
  'degrees-unicode': when(
    (s) => numeric(s) && s.value.unit?.kind === 'degrees',
    (parts) =>
      lines(parts, (s) => wrapLatex(render.latex(s, { degrees: '°' }), (x) => `\\[\\boxed{${x}}\\]`)),
  ),
  'degrees-text': when(
    (s) => numeric(s) && s.value.unit?.kind === 'degrees',
    (parts) => lines(parts, (s) => wrapLatex(render.latex(s, { degrees: '\\text{°}' }), (x) => `$$${x}$$`)),
  ),
  'degrees-command': when(
    (s) => numeric(s) && s.value.unit?.kind === 'degrees',
    (parts) => lines(parts, (s) => wrapLatex(render.latex(s, { degrees: '\\degree' }), (x) => `$$${x}$$`)),
  ),
  'trailing-period': (parts) => lines(parts, (s) => wrapLatex(render.latex(s), (x) => `$$${x}.$$`)),
  'trailing-comma': (parts) => lines(parts, (s) => wrapLatex(render.latex(s), (x) => `\\[\n${x},\n\\]`)),
  'value-only-boxed': (parts) =>
    lines(parts, (s) =>
      wrapLatex(render.latex({ name: undefined, value: s.value }), (x) => `$$\\boxed{${x}}$$`),
    ),
  // DeepSeek-R1 / QwQ: the working inside `<think>…</think>`, ending on a wrong attempt the answer
  // after the block revises, then the answer boxed.
  'think-block': (parts) => {
    const first = parts[0]!.statement;
    const attempt = render.latex(doubled(first));
    const answer = lines(parts, (s) => wrapLatex(render.latex(s), (x) => `\\[\n\\boxed{${x}}\n\\]`));
    if (attempt === undefined || answer === undefined) return undefined;
    return `<think>\n${HEAD}\n\nHmm, a first pass gave $${attempt}$, but that double counts; checking again, the working above stands.\n</think>\n\n${answer}`;
  },
  // Minerva / lm-eval-harness: one closing line for a one-answer problem.
  'minerva-tail': (parts) =>
    parts.length !== 1
      ? undefined
      : wrapLatex(
          render.latex({ name: undefined, value: parts[0]!.statement.value }),
          (x) => `Final Answer: The final answer is $${x}$. I hope it is correct.`,
        ),
  // A markdown table of the parts' quantities and values.
  'markdown-table': (parts) => {
    const rows: string[] = [];
    for (const [i, p] of parts.entries()) {
      const s = p.statement;
      if (s.name === undefined) return undefined;
      const value = render.latex({ name: undefined, value: s.value });
      if (value === undefined || value.includes('|')) return undefined;
      rows.push(`| ${p.letter === undefined ? i + 1 : `(${p.letter})`} | $${s.name}$ | $${value}$ |`);
    }
    return `### Summary\n\n| Part | Quantity | Value |\n|---|---|---|\n${rows.join('\n')}`;
  },
  // `**(a)** \(\boxed{…}\)`, each part bold-marked.
  'bold-part-boxed-parens': (parts) => {
    const out: string[] = [];
    for (const [i, p] of parts.entries()) {
      const x = render.latex(p.statement);
      if (x === undefined) return undefined;
      out.push(`**${p.letter === undefined ? `${i + 1}.` : `(${p.letter})`}** \\(\\boxed{${x}}\\)`);
    }
    return out.join('\n\n');
  },
  // "Therefore, v = 3.2 m/s." closing a paragraph, in plain text, no marker.
  'therefore-plain': (parts) =>
    lines(parts, (s) =>
      wrapLatex(
        s.name === undefined ? undefined : render.plain(s, { unit: 'plain-slash' }),
        (x) => `Putting the numbers together and simplifying, we are done. Therefore, ${x}.`,
      ),
    ),
  // The answer in a fenced code block, plain text.
  'code-block': (parts) => {
    const body = lines(parts, (s) => render.plain(s, { unit: 'plain-slash' }));
    return body === undefined ? undefined : `Final answer:\n\n\`\`\`\n${body.replace(/\n\n/g, '\n')}\n\`\`\``;
  },
  // An `aligned` chain in display math whose last link is the value.
  'aligned-chain': (parts) =>
    lines(parts, (s) => wrapLatex(chainOf(s, '&='), (x) => `$$\n\\begin{aligned}\n${x}\n\\end{aligned}\n$$`)),
  // An `align*` environment, no other delimiters.
  'align-star-chain': (parts) =>
    lines(parts, (s) => wrapLatex(chainOf(s, '&='), (x) => `\\begin{align*}\n${x}\n\\end{align*}`)),
  // `\boxed{v = 3.2\text{ m/s}}`: the unit's space inside `\text`.
  'boxed-text-unit': when(withUnit, (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s, { unit: 'text-inside' }), (x) => `$$\\boxed{${x}}$$`)),
  ),
  // `v = 3.24 \approx 3.2\ \text{m/s}`: a digit more, then the value as rounded.
  'approx-chain': when(numeric, (parts) =>
    lines(parts, (s) => {
      if (!numeric(s) || s.name === undefined) return wrapLatex(render.latex(s), (x) => `$$${x}$$`);
      const finer = render.latex({
        name: undefined,
        value: { ...s.value, mantissa: finerMantissa(s.value.mantissa), unit: undefined },
      });
      const value = render.latex({ name: undefined, value: s.value });
      return value === undefined ? undefined : `$$${s.name} = ${finer} \\approx ${value}$$`;
    }),
  ),
  // Qwen2.5-Math / Llama: a `## Step N:` chain closed by "The final answer is: $\boxed{…}$", the value alone.
  'step-chain-boxed': (parts) =>
    parts.length !== 1
      ? undefined
      : wrapLatex(
          render.latex({ name: undefined, value: parts[0]!.statement.value }),
          (x) =>
            `## Step 1: Set up and solve\n\n${HEAD}\n\n## Step 2: State the result\n\nThe final answer is: $\\boxed{${x}}$`,
        ),
  // Gemini: `**Final Answer:**`, then a bulleted list of inline values, one per part.
  'gemini-bullets': (parts) => {
    const out: string[] = [];
    for (const [i, p] of parts.entries()) {
      const x = render.latex(p.statement);
      if (x === undefined) return undefined;
      out.push(parts.length > 1 ? `*   **${label(p, i)}** $${x}$` : `*   $${x}$`);
    }
    return `**Final Answer:**\n\n${out.join('\n')}`;
  },
  // An `enumerate` environment, `\item[(a)]` for each part.
  enumerate: (parts) => {
    const out: string[] = [];
    for (const p of parts) {
      const x = render.latex(p.statement);
      if (x === undefined) return undefined;
      out.push(`\\item${p.letter === undefined ? '' : `[(${p.letter})]`} $${x}$`);
    }
    return `\\begin{enumerate}\n${out.join('\n')}\n\\end{enumerate}`;
  },
  // An equation number after the final formula: `\tag{1}`.
  'tag-number': (parts) => numbered(parts, (x, n) => `$$${x} \\tag{${n}}$$`),
  // An equation number written by hand after the formula: `\qquad (2)`.
  'paren-number': (parts) => numbered(parts, (x, n) => `$$${x} \\qquad (${n + 1})$$`),
  // `\text{Answer: }` inside the math.
  'text-answer-in-math': (parts) =>
    lines(parts, (s) => wrapLatex(render.latex(s), (x) => `$$\\text{Answer: } ${x}$$`)),
  // Programming notation: `3.2E-5`, `3.2 × 10^-5`, `3.2*10^(-5)`, in plain text.
  'sci-E': when(scientific, (parts) =>
    lines(parts, (s) => render.plain(s, { exponent: 'E', unit: 'plain-slash' }), 'Final answer: '),
  ),
  'sci-caret': when(scientific, (parts) =>
    lines(parts, (s) => render.plain(s, { exponent: 'caret', unit: 'plain-slash' }), '**Final Answer:** '),
  ),
  'sci-star': when(scientific, (parts) =>
    lines(parts, (s) => render.plain(s, { exponent: 'star', unit: 'plain-slash' }), 'Answer: '),
  ),
  // Digits grouped by commas in plain text: `6,371 km`.
  'thousands-comma': groupedDigits(','),
  // A sentence ending inline math with its unit outside and a period: `so $v = 3.2$ m/s.`
  'unit-outside-period': when(withUnit, (parts) =>
    lines(parts, (s) => {
      if (!numeric(s) || s.value.unit === undefined || s.name === undefined) return undefined;
      const bare = render.latex({ name: s.name, value: { ...s.value, unit: undefined } });
      const unit = renderUnit(s.value.unit, 'plain-slash');
      return bare === undefined || unit === undefined
        ? undefined
        : `Putting in the numbers, $${bare}$ ${unit}.`;
    }),
  ),
  // The magnitude of a vector named as such: `|\vec{F}| = …`.
  'vector-magnitude': (parts) =>
    lines(parts, (s) => {
      if (s.name === undefined || !/^[A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?$/.test(s.name.trim())) return undefined;
      const name = s.name.trim();
      const base = name[0]!;
      return wrapLatex(render.latex({ ...s, name: `|\\vec{${base}}${name.slice(1)}|` }), (x) => `$$${x}$$`);
    }),
  // The precision restated: `(to 2 s.f.)`, `(3 sig figs)`.
  'sig-figs-note': when(numeric, (parts) =>
    lines(parts, (s) => {
      if (!numeric(s) || s.name === undefined) return undefined;
      const n = figuresOf(s.value.mantissa);
      return wrapLatex(
        render.latex(s, { rel: '\\approx' }),
        (x) => `$$${x}$$ (${n % 2 === 0 ? `to ${n} s.f.` : `${n} sig figs`})`,
      );
    }),
  ),
};

/** Each part's statement in LaTeX, written by `f` with its equation number (1, 2, …), labelled. */
function numbered(parts: readonly PartStatement[], f: (x: string, n: number) => string): string | undefined {
  const out: string[] = [];
  for (const [i, p] of parts.entries()) {
    const x = render.latex(p.statement);
    if (x === undefined) return undefined;
    out.push(parts.length > 1 ? `${label(p, i)} ${f(x, i + 1)}` : f(x, i + 1));
  }
  return out.join('\n\n');
}

/** Stands in a style's section for the answer before it (a style that wraps the working). */
export const HEAD = '\u0000head\u0000';

/** A statement with its value doubled (a wrong attempt). */
function doubled(s: Statement): Statement {
  if (s.value.kind === 'expression')
    return { ...s, value: { kind: 'expression', latex: `2\\left(${s.value.latex}\\right)` } };
  return { ...s, value: scaled(s.value, 2, Math.max(figuresOf(s.value.mantissa), 2)) };
}

/** A mantissa with one more digit that rounds back to it (`3.2` → `3.24`, `12` → `12.4`). */
function finerMantissa(m: string): string {
  return `${m}${m.includes('.') ? '' : '.'}4`;
}

/**
 * A two-link chain ending in the statement's value, its links joined by `rel` (`&=`): the value
 * doubled and halved, then the value. Undefined for a statement without a name.
 */
function chainOf(s: Statement, rel: string): string | undefined {
  if (s.name === undefined) return undefined;
  const value = render.latex({ name: undefined, value: s.value });
  if (value === undefined) return undefined;
  const first =
    s.value.kind === 'expression'
      ? `\\frac{2\\left(${s.value.latex}\\right)}{2}`
      : render.latex({ name: undefined, value: { ...s.value, mantissa: finerMantissa(s.value.mantissa) } });
  return `${s.name} ${rel} ${first} \\\\\n${rel.startsWith('&') ? '&' : ''}${s.value.kind === 'expression' ? '=' : '\\approx'} ${value}`;
}

function wrapLatex(x: string | undefined, f: (x: string) => string): string | undefined {
  return x === undefined ? undefined : f(x);
}

// ---------------------------------------------------------------------------------------------
// Near misses of a statement

/** A unit with its first factor's prefix moved (`m` → `km`, `km` → `Mm`, `nm` → `pm`). */
export function wrongPrefix(unit: Unit | undefined): Unit | undefined {
  if (unit?.kind !== 'factors') return undefined;
  const [first, ...rest] = unit.factors;
  const split = splitPrefix(first!.symbol);
  if (split === undefined) return undefined;
  const [prefix, base] = split;
  if (
    base === 'min' ||
    base === 'h' ||
    base === 'yr' ||
    base === 'ly' ||
    base === 'AU' ||
    base === 'pc' ||
    base === 'atm' ||
    base === 'u'
  )
    return undefined;
  const next: Record<string, string> = {
    '': 'k',
    k: 'M',
    M: 'G',
    G: 'k',
    m: 'μ',
    μ: 'n',
    n: 'p',
    p: 'n',
    c: 'm',
    f: 'p',
  };
  const to = next[prefix];
  if (to === undefined || (base === 'g' && prefix === 'k')) return undefined;
  return { kind: 'factors', factors: [{ symbol: to + base, power: first!.power }, ...rest] };
}

/** A number value times `factor`, written to `figures` significant figures at its power of ten. */
export function scaled(v: NumberValue, factor: number, figures: number): NumberValue {
  const x = (v.negative ? -1 : 1) * Number(v.mantissa) * factor;
  const s = Math.abs(x).toPrecision(figures);
  const mantissa = s.includes('e') ? String(Number(s)) : s;
  return { ...v, negative: x < 0, mantissa };
}

/** Significant figures of a mantissa as written. */
export function figuresOf(mantissa: string): number {
  return Math.max(1, mantissa.replace('.', '').replace(/^0+/, '').length);
}

/** The value a number states, in its own unit. */
export const numberOf = (v: NumberValue) => (v.negative ? -1 : 1) * Number(v.mantissa) * 10 ** v.exponent;
