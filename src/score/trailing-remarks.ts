/**
 * Formulas an answer writes after its result that are not results: a condition on it ("at
 * $T = 1.0$ K"), an assumption restating a datum or a constant ("and $g = 9.8\ \mathrm{m/s^2}$",
 * "consistent with the given $h = 2.0$ m"), an order-of-magnitude condition (`v \ll c`). Read from
 * the text alone, so the final-answer check and the scorer's hedge test agree on which formula
 * concludes an answer.
 */
import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { isStandardConstant } from '../equivalence/constants-fallback.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { parseLatex } from '../latex/index.js';
import { freeVariables } from '../numeric/free-variables.js';
import { lookupConstant } from '../physics/constants.js';
import { relationSides } from './answer-text.js';
import { leadingNumber } from './literal-number.js';
import { type Dimension, sameDimension, writtenDimension } from './numeric-answer.js';

/**
 * Words after which a formula states a condition (a time, a place, a case, what the result needs),
 * not a result: `at $T = 1.0$ K`, `(requires $R^2 > 2l^2$)`, `provided that $v \ll c$`, and a remark
 * after the result (`because $\tilde\nu = 214\ \text{cm}^{-1}$ is small`).
 */
const CONDITION_WORD =
  /\b(?:at|when|whenever|if|for|because|since|requires?|requiring|provided(?:\s+that)?|assuming|as\s+long\s+as|so\s+long\s+as|only\s+if|valid\s+(?:for|when|if|while))$/i;

/** Whether the formula at `offset` follows a condition word on its line (`at $T = 1.0$ K`). */
export function isCondition(response: string, offset: number): boolean {
  const lineStart = response.lastIndexOf('\n', offset - 1) + 1;
  const before = response
    .slice(Math.max(lineStart, offset - 40), offset)
    .replace(/(?:\$+|\\\(|\\\[|\s|\()+$/, '');
  return CONDITION_WORD.test(before);
}

/**
 * A section listing the laws an answer used (`### Key formulas`, `**Key relation used:**`,
 * "Equations applied:"): its formulas are references, not results.
 */
const KEY_SECTION =
  /\b(?:list|summary|table|glossary|definitions?)\s+of\s+(?:the\s+)?(?:symbols|notation|variables|quantities)\b|\b(?:notation|nomenclature|glossary)\b|\bsymbols\s+(?:used|defined)\b|\b(?:key|main|important|relevant|useful|governing|basic)\s+(?:formulas?|formulae|equations?|relations?|relationships?|concepts?|ideas?|principles?|physics|laws?)\b|\b(?:formulas?|formulae|equations?|relations?|principles?|laws?|concepts?)\s+(?:used|applied|involved|needed)\b/i;
/** A heading or a label on a line of its own: `### Key formulas`, `**Concepts used**`, `Formulas used:`. */
const HEADING = /^\s*(?:#{1,6}\s|\*\*[^*\n]+\*\*\s*:?\s*$|[^$\n]{1,60}:\s*$)/;
/** A line that continues a list under a heading: a bullet, a numbered item, or blank. */
const LIST_LINE = /^\s*(?:[-*•]|\d+[.)])\s|^\s*$/;

/**
 * A sentence that checks or confirms the result rather than stating it: "Alternatively, kinematics,
 * $v^2 = v_0^2 + 2a\,\Delta x$, gives the same result", "Cross-check: … reproduces the given data".
 */
const CHECK_OPENING =
  /^\W*(?:alternatively|cross-?check(?:ing)?|sanity check|double-?check(?:ing)?|as a check|verification|check)\b/i;
const CHECK_WORDS =
  /\b(?:gives|give|yields|yield|reproduces|reproduce|confirms|confirm|recovers|recover)\s+(?:the\s+)?same\b|\b(?:consistent|agrees)\s+with\b|\bthe\s+same\s+(?:result|answer|value)\b/i;

/** Whether the formula at `offset` stands in a sentence that checks the result ({@link CHECK_OPENING}). */
function inCheck(response: string, offset: number, end: number): boolean {
  const lineStart = response.lastIndexOf('\n', offset - 1) + 1;
  let from = lineStart;
  for (const m of response.slice(lineStart, offset).matchAll(/[.!?](?=\s)/g))
    from = lineStart + (m.index ?? 0) + 1;
  const rest = response.slice(end);
  const stop = rest.search(/[.!?](?:\s|$)|\n/);
  const sentence = response.slice(from, end + (stop < 0 ? rest.length : stop));
  return CHECK_OPENING.test(sentence) || CHECK_WORDS.test(sentence);
}

/**
 * Whether the formula at `offset` stands in a section listing the laws used: a label of one on its
 * line before it, or a heading of one above the list it is an item of.
 */
function inKeySection(response: string, offset: number): boolean {
  const lineStart = response.lastIndexOf('\n', offset - 1) + 1;
  if (KEY_SECTION.test(response.slice(lineStart, offset))) return true;
  if (!LIST_LINE.test(response.slice(lineStart, offset))) return false;
  let end = lineStart - 1;
  while (end > 0) {
    const start = response.lastIndexOf('\n', end - 1) + 1;
    const line = response.slice(start, end);
    if (HEADING.test(line)) return KEY_SECTION.test(line);
    if (!LIST_LINE.test(line)) return false;
    end = start - 1;
  }
  return false;
}

/**
 * An order-of-magnitude condition and no equation (`v \ll c`, `kT \gg \hbar\omega`): never a result.
 * Other inequalities may be one (a range `8.66 \le v \le 10` is read as two), so only their words
 * make them conditions.
 */
const MUCH = /\\ll\b|\\gg\b|[≪≫]/;
const EQUATION = /=|\\approx|≈|\\simeq|\\equiv/;

function orderCondition(latex: string): boolean {
  return !EQUATION.test(latex) && MUCH.test(latex);
}

/** A symbol alone: `g`, `h_0`, `\varepsilon_{0}`, `m_{e}`. */
const SYMBOL = /^\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?$/;
function symbolKey(latex: string): string | undefined {
  const s = latex.replace(/\s+/g, '').replace(/\\(?:mathrm|text|rm)\{([^{}]*)\}/g, '$1');
  if (!SYMBOL.test(s)) return undefined;
  return s.replace(/^\\(?:var)?/, '').replace(/[{}]/g, '');
}

/**
 * The value a side states when it is a number with at most a unit after it (`9.8\ \mathrm{m/s^2}`,
 * `2.0 m`); undefined for an expression (`3x + 9`, `2\pi r`).
 */
function statedNumber(latex: string): number | undefined {
  const text = latex.trim();
  const number = leadingNumber(text);
  if (number === undefined) return undefined;
  const unit = number.rest.replace(/\\[,;:! ]|~/g, ' ');
  // A unit is set apart from the number (a space, or written in \mathrm/\text) and holds no operator
  // but its own quotient and powers.
  if (unit.trim() !== '' && (!/^\s|^\\(?:mathrm|text|rm)\b/.test(unit) || /[+=<>]|\s-|^\s*\d/.test(unit)))
    return undefined;
  return number.value;
}

const close = (a: number, b: number, rel: number) => Math.abs(a - b) <= rel * Math.abs(b);

/** `sym = number` statements of a text (the problem's data, written in math). */
function statedData(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of text.matchAll(/(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*=\s*([^$,;=]{1,40})/g)) {
    const key = symbolKey(m[1]!);
    const value = statedNumber(m[2]!);
    if (key === undefined || value === undefined) continue;
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

/**
 * What a remark after the result is: a condition on it (it qualifies a statement before it), or a
 * datum, a constant or an order-of-magnitude condition restated (it qualifies nothing: an answer
 * whose only formula it is states its result in words). Undefined: not a remark.
 */
export type RemarkKind = 'condition' | 'datum' | undefined;

/** Whether a formula after others is a remark on the answer, and which kind. */
export type RemarkReader = ((formula: {
  readonly latex: string;
  readonly offset: number;
  /** Where its text ends in the answer (an extracted formula's), when known. */
  readonly end?: number;
}) => RemarkKind) & {
  /**
   * Whether `all[k]`, closing the answer after `all[0..k)`, states another quantity than the problem
   * asks ({@link otherQuantityReader}); absent where the reader does not know what is asked.
   */
  readonly other?: (all: readonly Located[], k: number) => boolean;
};

/**
 * What a problem asks, as far as it tells a formula of another quantity after the result: whether
 * every expected answer is a number, the dimensions of the expected values (when each writes a unit),
 * the symbols the problem's text and reference write, and a preparer with the problem's constants.
 */
export interface AskedShape {
  /** The quantities the expected answers name alone on their left sides, as parsed ({@link symbolKeyOf}). */
  readonly names: ReadonlySet<string>;
  readonly numerical: boolean;
  readonly dimensions: readonly Dimension[] | undefined;
  readonly known: ReadonlySet<string>;
  readonly prepare: (latex: string) => PreparedFormula;
}

/**
 * Reads which formulas of an answer are remarks after its result. `asked`: the symbols the expected
 * answers name (a datum of an asked quantity is never a remark). `problemText`: the problem's words.
 */
export function remarkReader(
  response: string,
  problemText: string,
  asked: ReadonlySet<string>,
  shape?: AskedShape,
): RemarkReader {
  let data: Map<string, number[]> | undefined;
  const read = (formula: Parameters<RemarkReader>[0]): RemarkKind => {
    if (orderCondition(formula.latex) || inKeySection(response, formula.offset)) return 'datum';
    const sides = relationSides(formula.latex);
    if (sides === undefined && DIMENSIONS.test(formula.latex)) return 'datum';
    // A check that states a value of an asked quantity (`Check: $t = 2.02$ s`) may be where the
    // answer gives it: only checks in other terms are set aside.
    if (formula.end !== undefined && inCheck(response, formula.offset, formula.end)) {
      const key = sides === undefined ? undefined : symbolKey(sides.lhs);
      if (key === undefined || !asked.has(key) || statedNumber(sides!.rhs) === undefined) return 'datum';
    }
    if (isCondition(response, formula.offset)) return 'condition';
    // A datum restated: a symbol at the value the problem gives it, or a constant at its usual value.
    // (Not a value the answer's own working gave: a final answer often restates its working's.)
    // A table row states one in cells (`| $a$ | $100\ \mathrm{m}$ |`): its name and value cells are it.
    const stated = sides ?? tableRowStatement(response, formula.offset);
    if (stated === undefined) return undefined;
    const key = symbolKey(stated.lhs);
    const value = statedNumber(stated.rhs);
    if (key === undefined || value === undefined || asked.has(key)) return undefined;
    // A constant at its usual SI value (`g = 9.8\ \mathrm{m/s^2}`, `c = 3\times10^8` m/s): within 1%.
    const constant = lookupConstant(key)?.value;
    if (constant !== undefined && close(value, constant, 0.01)) return 'datum';
    data ??= statedData(problemText);
    return (data.get(key) ?? []).some((v) => close(value, v, 1e-9)) ? 'datum' : undefined;
  };
  return shape === undefined ? read : Object.assign(read, { other: otherQuantityReader(asked, shape) });
}

/** Formulas read from the answer's end for another quantity (the rest keep the remark reader's reading). */
const MAX_OTHER = 8;
/** Formulas before it read for the symbols the answer wrote (the most recent ones). */
const MAX_BEFORE = 300;

/**
 * Whether a formula closing an answer states a quantity other than the ones the problem asks, so that
 * it cannot be the answer's conclusion (the formula before it is): judged by what it states, not by
 * its words —
 *
 * - a unit's size (`1\ \mathrm{eV} = 1.602\times10^{-19}\ \mathrm{J}`, `1\,\text{atm} = 101325\,\text{Pa}`):
 *   a conversion, no quantity at all;
 * - where every expected answer is a number, a law in symbols only (no side has a value) after a
 *   formula that states a value: a general form or a definition restated (`\tau = rF\sin\theta`, even
 *   the asked quantity's own general form), not a value of it;
 * - where every expected answer is a number written with a unit, a value whose unit has a dimension
 *   none of them has (`K \approx 3.1\ \mathrm{J}` after a speed);
 * - a quantity the answer has not stated before and the problem does not ask (its symbol on the left
 *   of no earlier formula), given in symbols the problem, its reference and the answer before it never
 *   write (`W_f = \mu m g d` after the result of a problem without friction): an expression in symbols
 *   the problem does not have answers nothing it asks.
 *
 * A revision of the asked quantity is none of these: it names a quantity asked or stated before, or
 * states a value (of the asked dimension). Reads at most the last {@link MAX_OTHER} formulas.
 */
function otherQuantityReader(
  asked: ReadonlySet<string>,
  shape: AskedShape,
): (all: readonly Located[], k: number) => boolean {
  // Each text is parsed once per answer (the sides and formulas below are read by several rules).
  const trees = new Map<string, Node | null>();
  const tree = (latex: string): Node | undefined => {
    let t = trees.get(latex);
    if (t === undefined) {
      const parsed = parseLatex(latex);
      trees.set(latex, (t = parsed.ok ? parsed.tree : null));
    }
    return t ?? undefined;
  };
  const symbols = (latex: string): string[] => {
    const t = tree(latex);
    return t === undefined ? [] : symbolsOf(t);
  };
  // A side states a value when it writes no symbol but π and standard constants (`278\ \text{K}`,
  // `1.26 \times 22.05`, `−π`, `\frac35 c`; never `g` or `k`), whatever the problem's constants would
  // make of the symbols of a law.
  const valued = (latex: string) => {
    const t = tree(latex);
    return t !== undefined && freeVariables(t).every((x) => x === 'pi' || isStandardConstant(x));
  };
  // The symbols of the formulas before `k`, and those they write on their left sides.
  let seen: { left: Set<string>; written: Set<string>; upTo: number } | undefined;
  const before = (all: readonly Located[], k: number) => {
    if (seen === undefined || seen.upTo !== k) {
      const left = new Set<string>();
      const written = new Set<string>();
      for (const f of all.slice(Math.max(0, k - MAX_BEFORE), k)) {
        const sides = relationSides(f.latex);
        if (sides !== undefined) for (const x of symbols(sides.lhs)) left.add(x);
        for (const x of symbols(f.latex)) written.add(x);
      }
      seen = { left, written, upTo: k };
    }
    return seen;
  };
  // A law in symbols (no side a value) after a formula that states a value: a numeric result.
  const symbolsOnly = (sides: { lhs: string; rhs: string }, all: readonly Located[], k: number) => {
    if (valued(sides.rhs) || valued(sides.lhs)) return false;
    for (let j = k - 1; j >= Math.max(0, k - MAX_BEFORE); j--) {
      const s = relationSides(all[j]!.latex);
      if (s === undefined ? valued(all[j]!.latex) : valued(s.rhs) || valued(s.lhs)) return true;
    }
    return false;
  };
  return (all, k) => {
    if (k < all.length - MAX_OTHER) return false;
    const f = all[k]!;
    const sides = relationSides(f.latex);
    if (sides === undefined) return false;
    if (unitSize(sides.lhs, sides.rhs) || unitSize(sides.rhs, sides.lhs)) return true;
    if (shape.numerical && symbolsOnly(sides, all, k)) return true;
    // The rest concern a quantity named alone on the left that the problem does not ask and the answer
    // has not stated before (on the left of an earlier formula): a new quantity, not a revision.
    const lhs = tree(sides.lhs);
    const name = lhs?.type === 'symbol' ? lhs.name : undefined;
    if (
      name === undefined ||
      asked.has(name.replace(/[{}]/g, '')) ||
      shape.names.has(symbolKeyOf(lhs!)) ||
      before(all, k).left.has(name)
    )
      return false;
    if (shape.dimensions !== undefined) {
      const d = writtenDimension(shape.prepare(sides.rhs));
      if (d !== undefined && !shape.dimensions.some((e) => sameDimension(d, e))) return true;
    }
    const { written } = before(all, k);
    return symbols(sides.rhs).some((x) => !shape.known.has(x) && !written.has(x));
  };
}

/**
 * Whether `side` is the size of a unit (`1\ \mathrm{eV}`, `1\,\text{atm}`, `10^{3}\ \mathrm{m}`) and
 * `other` opens with a number (`1.602\times10^{-19}\ \mathrm{J}`, `1.602×10⁻¹⁹ J`): a conversion between units.
 */
function unitSize(side: string, other: string): boolean {
  const m = /^\s*(?:1(?:\.0*)?|10\s*\^\s*\{?\s*-?\d+\s*\}?)(?=[\s\\~a-zA-Zµμ])/.exec(side);
  if (m === null) return false;
  const unit = side.slice(m[0].length).replace(/\\[,;:! ]|~/g, ' ');
  return /^\s*(?:\\(?:mathrm|text|rm)\s*\{|[A-Za-zµμ])/.test(unit) && /^\s*[-−]?\d/.test(other);
}

/** A symbol node as parsed, its place in the text aside (`\bar E` and `\bar{E}`, `Δp` and `\Delta p` alike). */
export function symbolKeyOf(node: Node): string {
  return JSON.stringify(node, (key, value) => (key === 'span' ? undefined : value));
}

/** The symbols a parse tree writes (their names). */
function symbolsOf(tree: Node): string[] {
  const out = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'symbol') out.add(node.name);
    for (const child of childNodes(node)) walk(child);
  };
  walk(tree);
  return [...out];
}

/** A symbol of one letter, or a Greek one, with a subscript: `a`, `v_0`, `\theta`. */
const ONE_LETTER = /^(?:[A-Za-z]|\\[A-Za-z]+)(?:_\{?[A-Za-z0-9]+\}?)?$/;

/** A markdown table row: it opens and closes with `|`. */
const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/;

/**
 * The statement a markdown table row makes in its cells when the text at `offset` is one of them: a
 * cell holding a symbol alone (`$a$`, `a`) and a later cell holding a number (`$100\ \mathrm{m}$`,
 * `100 m`, or `100` before a unit's own cell), as `a = 100\ \mathrm{m}`. Undefined elsewhere, and for
 * a row whose cells state no such pair.
 */
function tableRowStatement(response: string, offset: number): { lhs: string; rhs: string } | undefined {
  const start = response.lastIndexOf('\n', offset - 1) + 1;
  const stop = response.indexOf('\n', offset);
  const line = response.slice(start, stop < 0 ? undefined : stop);
  if (!TABLE_ROW.test(line)) return undefined;
  const cells = line.split('|').slice(1, -1);
  const text = cells.map((c) =>
    c
      .trim()
      .replace(/^(?:\*\*|\$)+|(?:\*\*|\$)+$/g, '')
      .trim(),
  );
  // The value: the row's first number; its name: the last symbol before it, in math or one letter
  // (a word, `| mass | $m$ | … |`, is a label).
  const value = text.findIndex((t) => statedNumber(t) !== undefined);
  if (value < 0) return undefined;
  const named = (t: string, i: number) =>
    i < value && symbolKey(t) !== undefined && (cells[i]!.includes('$') || ONE_LETTER.test(t));
  const name = text.findLastIndex(named);
  if (name < 0) return undefined;
  // The formula must stand in the row's name or value cell.
  const first = start + line.indexOf('|') + 1;
  const inCell = (i: number) => {
    const from = first + cells.slice(0, i).reduce((n, c) => n + c.length + 1, 0);
    return offset >= from && offset < from + cells[i]!.length;
  };
  return inCell(name) || inCell(value) ? { lhs: text[name]!, rhs: text[value]! } : undefined;
}

/** The symbols expected answers name on their left sides (`v_f = 0.500` names `v_f`). */
export function askedSymbols(expected: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const latex of expected) {
    const sides = relationSides(latex);
    const key = sides === undefined ? undefined : symbolKey(sides.lhs);
    if (key !== undefined) out.add(key);
  }
  return out;
}

/** A formula or a lone expression of an answer, where it stands. */
export interface Located {
  readonly latex: string;
  readonly offset: number;
  readonly end?: number;
}

/** Dimensions in brackets (`[\mathrm{kg}\,\mathrm{m}^2\,\mathrm{s}^{-2}]`): a check of units, no value. */
const DIMENSIONS = /^\s*(?:\\left)?\[[\s\S]*(?:\\right)?\]\s*$/;

/**
 * The formulas and lone expressions that close an answer as remarks after its result: walking back
 * from its end, each datum or constant restated ({@link remarkReader}) and each dimension check in
 * brackets, up to the first that is neither. Conditions stay: they are read with what they qualify.
 */
export function trailingRemarks(
  formulas: readonly Located[],
  candidates: readonly Located[],
  remark: RemarkReader,
): Set<Located> {
  const all = [...formulas, ...candidates].sort((a, b) => a.offset - b.offset);
  const out = new Set<Located>();
  for (let k = all.length - 1; k >= 0; k--) {
    const f = all[k]!;
    // A condition qualifies the formula before it and is read with it (`at $x = -2$ m` may be the
    // answer itself): only a restated datum, a constant, a check, a list of laws used or a formula of
    // another quantity is set aside.
    const kind = remark(f);
    if (kind !== 'datum' && (kind !== undefined || remark.other?.(all, k) !== true)) break;
    out.add(f);
  }
  return out;
}

/** The extraction without the remarks that close the answer ({@link trailingRemarks}). */
export function withoutTrailingRemarks<
  E extends { readonly formulas: Located[]; readonly candidates: Located[] },
>(extraction: E, remark: RemarkReader): E {
  const remarks = trailingRemarks(extraction.formulas, extraction.candidates, remark);
  if (remarks.size === 0) return extraction;
  return {
    ...extraction,
    formulas: extraction.formulas.filter((f) => !remarks.has(f)),
    candidates: extraction.candidates.filter((f) => !remarks.has(f)),
  };
}
