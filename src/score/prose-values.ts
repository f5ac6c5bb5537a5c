import { findMathBlocks } from '../extract/find-math-blocks.js';
import type { ExtractionResult } from '../extract/types.js';
import { SUPERSCRIPTS } from '../latex/grammar/unicode.js';
import { parseUnit } from '../physics/units.js';

/** A value an answer states in words after all its math (`the pin is placed 15 cm from the lens`). */
export interface ProseValue {
  /** The value as a formula: `15\,\mathrm{cm}`, or the bare number when its unit is the word the problem asks in. */
  readonly latex: string;
  /** Offset of its number in the answer. */
  readonly offset: number;
}

/** A number as prose writes one: `15`, `0.07`, `-3.5`, `2.8×10⁻²`, `6.2e11`. */
const NUMBER = String.raw`[-−]?\d+(?:\.\d+)?(?:\s*(?:×|·|\\times|\\cdot|x)\s*10(?:\^\{?[-−]?\d+\}?|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|[eE][-+−]?\d+)?`;
/** A unit written after a number in prose: one word, with a slash or powers (`cm`, `L/s`, `kW/m³`, `light-years`, `mol %`). */
const UNIT = String.raw`(?:mol(?:e)?\s*%|%|[A-Za-zµμΩÅ°][A-Za-zµμΩ°/²³⁻¹·^0-9-]*)`;
/** A number, a space, a unit, ending at a space or punctuation. */
const VALUE = new RegExp(`(?<![\\w.^_])(${NUMBER})[ \\t\\u00a0]*(${UNIT})(?=$|[\\s.,;:!?)\\]])`, 'g');
/** Words that read as units but are English after a number (`3 in a row`, `2 as before`). */
const ENGLISH = new Set([
  'in',
  'am',
  'as',
  'us',
  'at',
  'mi',
  'cd',
  'pc',
  'ha',
  'lm',
  'lx',
  'au',
  'a',
  'A',
  'h',
]);
/** Before a value: a second bound or alternative (`10 to 20 cm`, `10 or 20 cm`, `10–20 cm`): a range, no single value. */
const RANGE_BEFORE = /\d\s*(?:-|–|—|to|or|and)\s*$/;
/** Two numbers joined by a hedge or a range in one sentence (`25 m to 50 m`, `between 5 and 10`, `1.10–2.20`). */
const HEDGED_SENTENCE =
  /\d[^\d.!?\n]{0,25}?\b(?:or|to|and)\b[^\d.!?\n]{0,8}?\d|\bbetween\b|\d\s*[–—]\s*\$?\s*\d/i;
/** Unit words for light-years, as prose spells them. */
const LIGHT_YEARS = /^light[- ]?years?$/i;

/** Most characters of an answer scanned for prose values (its end). */
const WINDOW = 4000;

/**
 * The value an answer states in the prose after its last formula, when that is where it concludes
 * (`The pin must be placed 15 cm from the lens.`, `**Answer:** 32 mol % butane`, `the required flow
 * is about 0.07 L/s (≈ 70 mL/s)`): the last number written with a unit outside the math, after every
 * formula the extraction read. Its sentence must state one value: every value of it in the same
 * dimension agrees (a restatement `(≈ 70 mL/s)`), and none is a bound or alternative (`10 to 20 cm`,
 * `15 cm or 30 cm`). The unit must read as one (`light-years` is the light-year, `mol %` a percentage),
 * or be the word the problem asks in (`names`), which leaves the bare number. Undefined else.
 */
export function closingProseValue(
  response: string,
  extraction: ExtractionResult,
  names: (word: string) => boolean,
): ProseValue | undefined {
  const ends = [...extraction.formulas, ...extraction.candidates].map((f) => f.end);
  const after = Math.max(0, ...ends);
  const start = Math.max(after, response.length - WINDOW);
  const text = response.slice(start);
  // Inside delimited math a value is the extraction's (read or dropped), never prose.
  const math = findMathBlocks(text).map((b) => [b.offset - 2, b.offset + b.content.length + 2] as const);
  const values: { offset: number; number: string; unit: string; latex: string }[] = [];
  for (const m of text.matchAll(VALUE)) {
    const offset = m.index ?? 0;
    if (math.some(([a, b]) => offset >= a && offset < b)) continue;
    const latex =
      valueLatex(m[1]!, m[2]!, names) ?? describedCount(m[1]!, m[2]!, text, offset + m[0].length, names);
    if (latex === undefined) continue;
    values.push({ offset, number: m[1]!, unit: m[2]!, latex });
  }
  const last = values.at(-1);
  if (last === undefined) return undefined;
  // The sentence that states it, in the whole answer (its math included): from the last sentence end
  // (or line break) before it to the next.
  const at = start + last.offset;
  const before = response.slice(Math.max(0, at - WINDOW), at);
  // A sentence ends at `.`, `!`, `?` before a space (not a decimal point) or at a line break.
  let cut = 0;
  for (const m of before.matchAll(/[.!?](?=\s)|\n/g)) cut = (m.index ?? 0) + 1;
  const from = at - before.length + cut;
  const rest = text.slice(last.offset);
  const stop = rest.search(/[.!?](?:\s|$)|\n/);
  const to = last.offset + (stop < 0 ? rest.length : stop);
  const sentence = values.filter((v) => start + v.offset >= from && v.offset < to);
  // A bound or alternative before any of its values, math or prose (`≈ 1550 or 773 W`), or anywhere in
  // it between two numbers (`between $25$ and $50$ m`, `25 m to 50 m`): no single value.
  for (const v of sentence) if (RANGE_BEFORE.test(response.slice(from, start + v.offset))) return undefined;
  if (HEDGED_SENTENCE.test(response.slice(from, start + to))) return undefined;
  // Several values in the sentence: restatements of one (`0.07 L/s (≈ 70 mL/s)`) only, same number in SI.
  if (sentence.length > 1) {
    const si = sentence.map((v) => siValue(v.number, v.unit));
    const first = si[0];
    if (
      first === undefined ||
      si.some((x) => x === undefined || Math.abs(x - first) > 0.02 * Math.abs(first))
    )
      return undefined;
  }
  return { latex: last.latex, offset: start + last.offset };
}

/**
 * A number, a word that describes, and the noun the problem names (`25 small spheres`, `4 identical
 * resistors`): the bare number, as for the noun alone after it (`25 spheres`). Only a lower-case word
 * between, and only that one.
 */
function describedCount(
  number: string,
  word: string,
  text: string,
  end: number,
  names: (word: string) => boolean,
): string | undefined {
  if (!/^[a-z]{3,}$/.test(word)) return undefined;
  const noun = /^[ \t]+([a-z]{3,})(?=$|[\s.,;:!?)\]])/.exec(text.slice(end, end + 40));
  return noun !== null && names(noun[1]!) ? texNumber(number) : undefined;
}

/** The value's formula, or undefined when its unit reads as none we know. */
function valueLatex(number: string, unit: string, names: (word: string) => boolean): string | undefined {
  const n = texNumber(number);
  if (/^mol(?:e)?\s*%$|^%$/.test(unit)) return `${n}\\,\\%`;
  const word = unit.replace(/[-.]+$/, '');
  if (LIGHT_YEARS.test(word)) return names(word) ? n : `${n}\\,\\mathrm{ly}`;
  if (ENGLISH.has(word) || !parseUnit(word).ok) return names(word) ? n : undefined;
  return `${n}\\,\\mathrm{${word}}`;
}

/** A prose number as TeX (`2.8×10⁻²` → `2.8\times10^{-2}`, `6.2e11` kept, `−` → `-`). */
function texNumber(number: string): string {
  return number
    .replace(/−/g, '-')
    .replace(/\s*(?:×|·|\\times|\\cdot|x)\s*10/, '\\times10')
    .replace(/10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/, (_, p: string) => `10^{${[...p].map((c) => SUPERSCRIPTS[c]).join('')}}`);
}

/** The value in SI of a number and its unit word, for comparing restatements; undefined when unread. */
function siValue(number: string, unit: string): number | undefined {
  const tex = texNumber(number).replace('\\times10^{', 'e').replace(/\}$/, '').replace(/\^/g, '');
  const n = Number(tex);
  if (!Number.isFinite(n)) return undefined;
  if (/%$/.test(unit)) return n / 100;
  const word = unit.replace(/[-.]+$/, '');
  const u = parseUnit(LIGHT_YEARS.test(word) ? 'ly' : word);
  return u.ok ? n * u.scale : undefined;
}
