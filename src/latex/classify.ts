import type { RelOp } from '../core/tree.js';
import { isDifferentialAt } from './differential.js';
import { TEXT_COMMANDS } from './grammar/commands.js';
import {
  DECORATIONS,
  STYLE_FONTS,
  UPRIGHT_FONTS,
  VECTOR_DECORATIONS,
  VECTOR_FONTS,
} from './grammar/fonts.js';
import { FUNCTIONS } from './grammar/functions.js';
import { GREEK, SYMBOL_COMMANDS } from './grammar/greek.js';
import { RELATION_CHARS, RELATION_COMMANDS } from './grammar/relations.js';
import { SEPARATOR_CHARS, SEPARATOR_COMMANDS, SEPARATOR_WORDS } from './grammar/separators.js';
import { isIgnorable, type Parser } from './parser.js';
import type { Token } from './token.js';

const BINARY_COMMANDS = new Set([
  'mid',
  'cdot',
  'times',
  'div',
  'pm',
  'mp',
  'ast',
  'bullet',
  'circledast',
  'centerdot',
]);
const CLOSING_COMMANDS = new Set([
  'right',
  'end',
  'rangle',
  'rvert',
  'rVert',
  '}',
  'rfloor',
  'rceil',
  'rbrace',
  'rbrack',
  'rparen',
]);
const BIG_OPERATORS = new Set([
  'int',
  'iint',
  'iiint',
  'oint',
  'oiint',
  'intop',
  'smallint',
  'sum',
  'prod',
  'lim',
  'nabla',
  'limsup',
  'liminf',
  'coprod',
  'bigcup',
  'bigcap',
  'bigoplus',
  'bigotimes',
]);
const RELATION_LIKE = new Set(['not', 'stackrel', 'overset', 'underset', 'xrightarrow', 'xleftarrow']);

/** True for `\text{…}` content that separates formulas: a joining word, several words, punctuation. */
export function isSeparatorText(t: Token): boolean {
  if (t.kind !== 'cmd' || !TEXT_COMMANDS.has(t.value)) return false;
  const text = (t.args?.[0]?.text ?? '').trim();
  if (text === '') return false;
  if (SEPARATOR_WORDS.has(text.toLowerCase())) return true;
  if (/\s/.test(text) || /[:!?]$/.test(text) || /\$/.test(text)) return true;
  return !/[A-Za-z0-9]/.test(text);
}

/** True when `t` separates two formulas of one block (at statement level). */
export function isSeparator(t: Token): boolean {
  if (t.kind === 'char') return SEPARATOR_CHARS.has(t.value);
  if (t.kind !== 'cmd') return false;
  return SEPARATOR_COMMANDS.has(t.value) || isSeparatorText(t) || t.value === 'intertext';
}

/** The relation operator `t` spells on its own, if any (`=`, `\le`, `\approx`…). */
export function relationOf(t: Token): RelOp | undefined {
  if (t.kind === 'char') return RELATION_CHARS[t.value];
  if (t.kind === 'cmd') return RELATION_COMMANDS[t.value];
  return undefined;
}

/** True when `t` may start a relation (including `!=`, `:=`, `\not=`, `\stackrel{}{=}`). */
export function startsRelation(p: Parser, t: Token): boolean {
  if (relationOf(t) !== undefined) return true;
  if (t.kind === 'cmd') return RELATION_LIKE.has(t.value);
  if (t.kind === 'char' && (t.value === '!' || t.value === ':')) {
    const n = p.peekAt(1);
    return n.kind === 'char' && n.value === '=' && !n.space;
  }
  return false;
}

/** True when `t` starts a symbol: a letter, a Greek letter, a named symbol, a font or decoration. */
export function startsSymbol(t: Token): boolean {
  if (t.kind === 'letter') return true;
  if (t.kind !== 'cmd') return false;
  const n = t.value;
  return (
    GREEK[n] !== undefined ||
    (SYMBOL_COMMANDS[n] !== undefined && n !== 'prime') ||
    VECTOR_FONTS.has(n) ||
    VECTOR_DECORATIONS.has(n) ||
    UPRIGHT_FONTS.has(n) ||
    STYLE_FONTS.has(n) ||
    DECORATIONS[n] !== undefined ||
    n === 'mathit' ||
    (TEXT_COMMANDS.has(n) && !isSeparatorText(t))
  );
}

/** True for tokens that mark a vector or a unit vector, where a function argument stops. */
function isVectorish(t: Token): boolean {
  return (
    t.kind === 'cmd' && (VECTOR_FONTS.has(t.value) || VECTOR_DECORATIONS.has(t.value) || t.value === 'hat')
  );
}

/**
 * True when `t` can start another factor of an implicit product. `restricted` is the argument of an
 * unparenthesised function or operator (`\sin 2\theta`, `\cos\omega_d t`): it continues only with
 * simple symbols (letters, Greek, subscripted), not with functions, fractions, groups or vectors.
 */
export function startsFactor(p: Parser, t: Token, restricted: boolean): boolean {
  // An unparenthesised function argument inside an integrand stops at the differential:
  // `\int \sin^2\frac{\pi x}{L}\,dx` integrates sin²(πx/L) over x.
  if (restricted && p.integral > 0 && t === p.peek() && isDifferentialAt(p, p.pos)) return false;
  switch (t.kind) {
    case 'end':
      return false;
    case 'num':
      return !restricted;
    case 'letter':
      return true;
    case 'char':
      if (restricted) return false;
      if (t.value === '{') return !(t === p.peek() && emptyGroupEnd(p, t) !== undefined);
      if (t.value === '(' || t.value === '[') return true;
      if (t.value === '|') return p.absDepth === 0 && !(t === p.peek() && barScriptFollows(p));
      return false;
    case 'cmd': {
      const n = t.value;
      if (n === '|') return !restricted && p.normDepth === 0;
      if (BINARY_COMMANDS.has(n) || CLOSING_COMMANDS.has(n) || RELATION_LIKE.has(n)) return false;
      if (SEPARATOR_COMMANDS.has(n) || RELATION_COMMANDS[n] !== undefined) return false;
      if (TEXT_COMMANDS.has(n)) return !isSeparatorText(t) && !restricted;
      if (restricted) {
        if (FUNCTIONS[n] !== undefined || BIG_OPERATORS.has(n) || isVectorish(t)) return false;
        return startsSymbol(t) || n === 'circ' || n === '%' || n === 'degree';
      }
      return true;
    }
  }
}

/** At `|`: true when a script follows at once (`|_{x=a}`, an evaluation bar, not an absolute value). */
function barScriptFollows(p: Parser): boolean {
  const next = p.peekAt(1);
  return next.kind === 'char' && (next.value === '_' || next.value === '^') && !next.space;
}

/**
 * At `t` (the next token): the index of the closing brace of an empty group — the `{{}}` or
 * `{{\qquad}}` cells of an `array`, as converted solutions write them — or undefined. A group before
 * a script is no empty cell (`{}^{14}\mathrm{C}`).
 */
export function emptyGroupEnd(p: Parser, t: Token): number | undefined {
  if (t !== p.peek() || t.kind !== 'char' || t.value !== '{') return undefined;
  const close = p.match[p.pos]!;
  if (close <= p.pos || close >= p.limit) return undefined;
  for (let k = p.pos + 1; k < close; k++) {
    const u = p.tokens[k]!;
    if (!((u.kind === 'char' && (u.value === '{' || u.value === '}')) || isIgnorable(u))) return undefined;
  }
  const next = p.tokens[close + 1];
  if (next !== undefined && next.kind === 'char' && (next.value === '^' || next.value === '_'))
    return undefined;
  return close;
}
