import type { UnitNode } from '../core/tree.js';
import { BARE_UNIT_LETTERS, parseUnit } from '../physics/units.js';
import { startsFactor } from './classify.js';
import { TEXT_COMMANDS } from './grammar/commands.js';
import { UPRIGHT_FONTS } from './grammar/fonts.js';
import type { Parser } from './parser.js';
import { UNIT_SYMBOLS, unitTextOf } from './unit-text.js';

/** Bare words after a number that are more often products than units (`2 mg` is 2·m·g). */
const BARE_DENY = new Set(['mg', 'as', 'am']);
/** Single upright letters that are never read as units after a number: `\mathrm{d}x`, `\mathrm{e}`. */
const LETTER_DENY = new Set(['d', 'e', 'i']);
/**
 * Bare single letters that are units after a measured value (`1.6\times10^{-19} C`, `2.5 m`) or as
 * the head of a compound unit (`3 m/s`): SI symbols only (not h, L, a, G: hour, litre, year, gauss).
 */
const BARE_LETTERS = BARE_UNIT_LETTERS;

interface Atom {
  readonly text: string;
  /** Bare words and `\Omega` count as units only when nothing multiplies them afterwards. */
  readonly needsEnd: boolean;
  /** A bare single letter (see {@link BARE_LETTERS}). */
  readonly letter?: boolean;
}

/**
 * After a number: the unit written next, if any — `\text{km/h}`, `\mathrm{~m} / \mathrm{s}^{2}`,
 * `\mathrm{m\,s^{-1}}`, `\mu\mathrm{F}`, `10\,\Omega`, or a bare word of two or more letters that
 * parses whole as a unit and ends the product (`5 kg`, `12 eV`, `3 MeV`, `36 km/h`). A single bare
 * letter is a unit only as the head of a compound (`3 m/s`) or after a `measured` value — a decimal
 * or a power of ten (`2.5 m`, `1.6\times10^{-19} C`) — and only when it ends the product: `2 m g h`
 * is 2·m·g·h and `M = 2 m` twice m. Bare words only when `bareWords` (the caller allows them after a
 * written numeral or a power of ten). Leaves the cursor unmoved when there is no unit.
 * Offset units (°C) are kept as units; normalization converts a stated temperature to kelvin.
 */
export function tryUnit(p: Parser, bareWords = true, measured = false): UnitNode | undefined {
  const head = p.peek();
  // A percent sign written as plain text (`59.4 %`, `59.4%`; in TeX `\%`) after a value.
  if (head.kind === 'char' && head.value === '%') {
    p.next();
    return { type: 'unit', unit: '%', span: { start: head.start, end: head.end } };
  }
  if (head.kind !== 'cmd' && (head.kind !== 'letter' || !bareWords)) return undefined;
  const saved = p.pos;
  const first = readAtom(p, true);
  if (first === undefined) {
    p.pos = saved;
    return undefined;
  }
  let text = first.text;
  // A prefix written apart from its symbol: `\text{k}\Omega`, `\mathrm{M}\Omega`.
  // Only a prefix alone (`k`, `M`, `\mu`): `\mu L^{2}\Omega^{2}` is no unit µL²·Ω.
  if (
    p.peek().kind === 'cmd' &&
    p.peek().value === 'Omega' &&
    /^(?:[a-zA-Zµ]|da)$/.test(text) &&
    parseUnit(`${text}Ω`).ok
  ) {
    p.next();
    const power = readPower(p);
    text = power === '' ? `${text}Ω` : `${text}Ω^{${power}}`;
  }
  const firstText = text;
  const afterFirst = p.pos;
  // The unit read so far after each further atom, so that a word that does not belong to it
  // (`\mathrm{GeV}/c^{2}\text{ and }`) is given back without losing the atoms before it.
  const prefixes: { text: string; pos: number }[] = [];
  for (;;) {
    const t = p.peek();
    const isSlash = t.kind === 'char' && t.value === '/';
    const isDot = t.kind === 'cmd' && t.value === 'cdot';
    const before = p.pos;
    if (isSlash || isDot) p.next();
    else if (!(t.kind === 'cmd' && (UPRIGHT_FONTS.has(t.value) || TEXT_COMMANDS.has(t.value)))) break;
    const atom = readAtom(p, false);
    if (atom === undefined) {
      p.pos = before;
      break;
    }
    text += `${isSlash ? '/' : '.'}${atom.text}`;
    prefixes.push({ text, pos: p.pos });
  }
  if (p.isChar('_') || (first.needsEnd && startsFactor(p, p.peek(), false))) {
    p.pos = saved;
    return undefined;
  }
  // After a plain integer a bare letter is a unit only at the head of a compound (`3 m/s`, not `M = 2 m`).
  const compoundOnly = first.letter === true && !measured;
  if (compoundOnly && text === firstText) {
    p.pos = saved;
    return undefined;
  }
  const span = { start: head.start, end: p.lastEnd() };
  const accepted = accept(text, span);
  if (accepted !== undefined) return accepted;
  // The longest compound that parses, shorter than the whole (which did not).
  for (let k = prefixes.length - 2; k >= 0; k--) {
    const { text: shorter, pos } = prefixes[k]!;
    p.pos = pos;
    const unit = accept(shorter, { start: head.start, end: p.lastEnd() });
    if (unit !== undefined && !startsFactor(p, p.peek(), false)) return unit;
  }
  p.pos = prefixes.length > 0 ? prefixes[prefixes.length - 1]!.pos : p.pos;
  if (p.pos !== afterFirst && !compoundOnly) {
    p.pos = afterFirst;
    const single = accept(firstText, { start: head.start, end: p.lastEnd() });
    if (single !== undefined && !(first.needsEnd && startsFactor(p, p.peek(), false))) return single;
  }
  p.pos = saved;
  return undefined;
}

function accept(text: string, span: { start: number; end: number }): UnitNode | undefined {
  const resolved = parseUnit(text);
  if (resolved.ok) return { type: 'unit', unit: text, span };
  // Offset units (°C, °F) are units too: normalization decides between kelvin and a difference.
  if (/offset unit/.test(resolved.reason)) return { type: 'unit', unit: text, span };
  return undefined;
}

function readAtom(p: Parser, first: boolean): Atom | undefined {
  const t = p.peek();
  let atom: Atom | undefined;
  if (t.kind === 'cmd' && TEXT_COMMANDS.has(t.value)) {
    const raw = (t.args?.[0]?.text ?? '')
      .replace(/\\([A-Za-z]+|%)\s*/g, (m, name: string) => UNIT_SYMBOLS[name] ?? m)
      .trim();
    if (raw === '' || LETTER_DENY.has(raw) || !/^[A-Za-zµμΩÅ°%]/.test(raw)) return undefined;
    p.next();
    atom = { text: raw.replace(/\s*([/^])\s*/g, '$1').replace(/\s+/g, '.'), needsEnd: false };
  } else if (t.kind === 'cmd' && UPRIGHT_FONTS.has(t.value)) {
    const open = p.pos + 1;
    const single = p.tokens[open];
    if (single?.kind === 'letter') {
      // `\mathrm m`: the font applied to one letter without braces.
      if (LETTER_DENY.has(single.value) || !parseUnit(single.value).ok) return undefined;
      p.pos = open + 1;
      atom = { text: single.value, needsEnd: false };
    } else {
      if (single?.value !== '{' || single.kind !== 'char') return undefined;
      const close = p.match[open]!;
      const text = unitTextOf(p, open + 1, close);
      if (text === undefined || LETTER_DENY.has(text)) return undefined;
      p.pos = close + 1;
      atom = { text, needsEnd: false };
    }
  } else if (t.kind === 'cmd' && t.value === 'mu') {
    p.next();
    // A bare letter after `\mu` (`\mu m`, `\mu L^{2}`) ends the product to be a unit, with or
    // without a power: `\frac{1}{2}\mu L^{2}\Omega^{2}` is ½·μ·L²·Ω², not half a square microlitre.
    const bare = p.peek().kind === 'letter';
    const rest = readAtom(p, false);
    if (rest === undefined) return undefined;
    atom = { text: `µ${rest.text}`, needsEnd: rest.needsEnd || bare };
  } else if (t.kind === 'cmd' && (t.value === 'Omega' || t.value === 'AA')) {
    p.next();
    atom = { text: t.value === 'Omega' ? 'Ω' : 'Å', needsEnd: t.value === 'Omega' };
  } else if (t.kind === 'letter') {
    if (first && !p.spacedAt(p.pos)) return undefined;
    let word = '';
    let k = p.pos;
    while (p.tokens[k]?.kind === 'letter' && k < p.limit && (k === p.pos || !p.tokens[k]!.space))
      word += p.tokens[k++]!.value;
    if (first && (BARE_DENY.has(word) || (word.length < 2 && !BARE_LETTERS.has(word)))) return undefined;
    p.pos = k;
    atom =
      first && word.length === 1
        ? { text: word, needsEnd: true, letter: true }
        : { text: word, needsEnd: first };
  }
  if (atom === undefined) return undefined;
  const power = readPower(p);
  return power === '' ? atom : { ...atom, text: `${atom.text}^{${power}}` };
}

/** An integer or fractional power right after a unit (`^2`, `^{-1}`, `^{1/2}`), or ''. */
function readPower(p: Parser): string {
  if (!p.isChar('^')) return '';
  const saved = p.pos;
  p.next();
  const t = p.next();
  if (t.kind === 'num' && /^\d+$/.test(t.value)) return t.value;
  if (t.kind === 'char' && t.value === '-') {
    const d = p.next();
    if (d.kind === 'num' && /^\d+$/.test(d.value)) return `-${d.value}`;
  }
  if (t.kind === 'char' && t.value === '{') {
    let text = '';
    for (let u = p.next(); !(u.kind === 'char' && u.value === '}'); u = p.next()) {
      if (u.kind === 'end' || !(u.kind === 'num' || (u.kind === 'char' && /^[-+/]$/.test(u.value)))) {
        p.pos = saved;
        return '';
      }
      text += u.value;
    }
    if (/^[-+]?\d+(\/\d+)?$/.test(text)) return text;
  }
  p.pos = saved;
  return '';
}
