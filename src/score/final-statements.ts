import type { Node } from '../core/tree.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { unitAfterBox } from '../extract/plain-units.js';
import { splitFormula } from '../extract/split-formula.js';
import type { ExtractedFormula, ExtractionResult } from '../extract/types.js';
import { cancelledText } from '../normalize/canonical-text.js';
import { freeVariables } from '../numeric/free-variables.js';
import { parseUnit } from '../physics/units.js';
import { boxedSpans, relationSides, writtenUnitKey } from './answer-text.js';
import { literalNumber, NUMBER_TEXT } from './literal-number.js';
import {
  type Dimension,
  expressionValue,
  integerUnitReading,
  valueAsWritten,
  writtenDimension,
} from './numeric-answer.js';

/** One formula or bare value of an answer, read as a possible statement of a final answer. */
export interface Statement {
  readonly latex: string;
  /** Offset in the answer; the links of a chain `a = b = c` share the offset of its first side. */
  readonly offset: number;
  readonly boxed: boolean;
  /** The math block it was read from (a chain's links share it); boxes read alone have none. */
  readonly block?: number;
  /**
   * One member of a pair named on the left (`E_{\max} = …` read from `E_{\max,\min} = … \pm …`): it
   * answers only under its own name, never name-free (else `x_{1,2} = a \pm b` would offer both values
   * for one asked value).
   */
  readonly member?: true;
  /** Introduced by "where" or "with" (`…, where $v = \sqrt{v_x^2 + v_y^2}$`): a gloss on a result, not one. */
  readonly gloss: boolean;
  /** A lone expression (`4.75\,\mathrm{h}`), not a relation. */
  readonly bare: boolean;
  /** Written in bold (`**5**` resistors): a value the answer emphasizes. */
  readonly emphasis?: true;
  /**
   * Its number stands in a hedge written around it (`≈ 4.3 to 8.6 m/s`, `773 or 1550 W`,
   * `between 600 and 773 W`, `322, 644 K`): another number of a different value joined to it by "or",
   * "to", an en dash or a comma, in the same unit or with one unit written once ({@link hedgedNumber}).
   * `list`: only a comma after a relation (`E = -13.6, -3.40\,\mathrm{eV}`), which answers a part
   * that asks for several values.
   */
  readonly hedged?: 'list' | 'alternative';
  /** The two sides of an equation (`=`, `\approx`); undefined for bare values and inequalities. */
  readonly sides?: { readonly lhs: string; readonly rhs: string };
  /** Some side (or the bare expression) evaluates to a number. */
  readonly hasValue: boolean;
  /** Some side (or the bare expression) evaluates to a number written with a unit (`3.23\ \text{km/s}`). */
  readonly unitValue: boolean;
  /** The sides (or the bare expression) that evaluate to a number written with a unit. */
  readonly unitSides: readonly string[];
  /** The dimensions of those values (`3.23\ \text{km/s}`: a speed), as written. */
  readonly unitDimensions: readonly Dimension[];
  /**
   * Whether a side is the quantity `key` (a canonical text) whose variables are `quantity`; only the
   * sides with exactly those variables are prepared to tell.
   */
  names(key: string, quantity: readonly string[]): boolean;
  /**
   * Whether the statement is solved for a quantity of one variable up to a factor: one side a
   * product with the quantity among its factors (`qc`, `\frac12 mv^2`), the other side free of it.
   * Such a statement states the quantity (`qc = \frac{(m_0^2 - m_d^2)c^2}{2m_0}` states q), so its other
   * side is not a value of it, and an earlier equation in it is an intermediate.
   */
  solves(quantity: readonly string[]): boolean;
  /**
   * Whether the statement gives an angle through a trigonometric function of it (`\tan\varphi = X`
   * states φ = arctan X on the principal branch): its left side is `\tan`, `\sin`, `\cos` or `\cot`
   * of the quantity `key` alone, its right side free of it.
   */
  namesThrough(key: string, quantity: readonly string[]): boolean;
}

/** Most boxes read on their own (the rest keep the extractor's reading). */
const MAX_BOXES = 200;

/**
 * The answer's formulas and bare values in reading order, each with the quantities it states, for
 * the final-answer check. Each `\boxed{…}` is read on its own (split into its formulas), so boxes
 * written side by side (`\boxed{v = 2\,\mathrm{m/s}}\ \boxed{t = 1\,\mathrm{s}}`) stay separate
 * statements. `prepare` is the scorer's cached preparer (problem constants applied); `quantities`, the unit
 * letters the problem uses as quantities (never read as units after an integer).
 */
export function finalStatements(
  response: string,
  extraction: ExtractionResult,
  prepare: (latex: string) => PreparedFormula,
  quantities: readonly string[] = [],
): Statement[] {
  const read: {
    latex: string;
    offset: number;
    end: number;
    boxed: boolean;
    bare: boolean;
    block?: number;
    emphasis?: true;
    member?: true;
  }[] = [];
  const boxes = boxedSpans(response).slice(0, MAX_BOXES);
  const inBox = (offset: number) =>
    boxes.some((b) => offset >= b.start && offset < b.start + b.content.length);
  for (const box of boxes) {
    const split = splitFormula(box.content);
    if (!split.ok) continue;
    // A unit set beside the box, outside its math (`$\boxed{14.44}$ km/s`), belongs to the value that
    // ends it.
    const last = split.parts.at(-1);
    const unit =
      last !== undefined && BOX_ENDS_WITH_NUMBER.test(box.content)
        ? unitAfterBox(response, box.start + box.content.length)
        : undefined;
    for (const part of split.parts) {
      if (part.unchecked) continue;
      read.push({
        latex: part === last && unit !== undefined ? `${part.latex}${unit}` : part.latex,
        offset: box.start + part.start,
        end: box.start + part.end,
        boxed: true,
        bare: !part.relation,
      });
    }
  }
  for (const f of extraction.formulas)
    if (!inBox(f.offset))
      read.push({
        latex: f.latex,
        offset: f.offset,
        end: f.end,
        boxed: f.kind === 'boxed',
        bare: false,
        block: f.block,
      });
  // A range `8.66 \le v \le 10` reaches us as its links (`8.66 \le v`, `v \le 10`), which share the
  // middle term: read whole too, so a range can answer a range.
  const links = extraction.formulas;
  for (let k = 0; k + 1 < links.length; k++) {
    const [a, b] = [links[k]!, links[k + 1]!];
    if (a.block !== b.block || b.offset >= a.end || b.offset < a.offset || inBox(a.offset)) continue;
    if (!INEQUALITY.test(a.latex) || !INEQUALITY.test(b.latex)) continue;
    read.push({
      latex: response.slice(a.offset, b.end),
      offset: a.offset,
      end: b.end,
      boxed: a.kind === 'boxed',
      bare: false,
      block: a.block,
    });
  }
  // A markdown table's rows: the value in a row's last cell is a statement of its own, and of the
  // quantity an earlier cell names (`| (a) | $v$ | $3.2\ \text{m/s}$ |` states v = 3.2 m/s).
  const cells = tableCells(response, extraction.candidates);
  for (const [value, { name, unit }] of cells)
    if (name !== undefined && !inBox(value.offset))
      read.push({
        latex: `${name.latex} = ${withUnit(value.latex, unit)}`,
        offset: value.offset,
        end: value.end,
        boxed: false,
        bare: false,
      });
  for (const f of extraction.candidates)
    if (
      !inBox(f.offset) &&
      // A named row's value is read as its relation above, an unnamed row's as a value.
      (cells.has(f)
        ? cells.get(f)!.name === undefined
        : f.emphasis === true || !inProse(response, f.offset, f.kind)) &&
      // A symbol alone is a value only where it closes its line (`**Final answer:** $\theta_t$`) or the
      // words before it declare it the answer ("The final answer is $c$. I hope it is correct."): at
      // the start of a sentence (`$\theta_t$ lies between …`) it is the sentence's subject.
      !(
        f.kind !== 'boxed' &&
        f.emphasis !== true &&
        isLone(f.latex) &&
        !closesLine(response, f.end) &&
        !declaresAnswer(response, f.offset)
      )
    )
      read.push({
        latex: withUnit(f.latex, cells.get(f)?.unit),
        offset: f.offset,
        end: f.end,
        boxed: f.kind === 'boxed',
        bare: true,
        block: f.block,
        ...(f.emphasis ? { emphasis: true as const } : {}),
      });
  read.sort((a, b) => a.offset - b.offset);
  // A pair named by one symbol with two qualifiers and a `\pm` value (`E_{\max,\min} = \frac{E \pm
  // \sqrt{…}}{2}`) states each member under its own name, in the order written: the first with `\pm`
  // read as +, the second as −.
  const expanded = read.flatMap((r) => {
    const members = r.bare ? undefined : pairMembers(r.latex);
    return members === undefined
      ? [r]
      : [r, ...members.map((latex) => ({ ...r, latex, member: true as const }))];
  });
  // `350 K`, `71 m`: an integer and a bare SI letter (a product in a formula) state a value with its
  // unit here; the final-answer check reads it so when the expected dimension agrees.
  const valued = (text: string, p: PreparedFormula): PreparedFormula => {
    if (expressionValue(p) !== undefined) return p;
    const unit = integerUnitReading(text, quantities);
    return unit === undefined ? p : prepare(unit);
  };
  const reader: Reader = { prepare, valued };
  const members = setMembersHedged(expanded, response);
  return expanded.map((r0, k) => {
    const hedged = members.has(k) ? 'alternative' : hedgedNumber(response, r0.offset, r0.end, r0.latex);
    const r = hedged === undefined ? r0 : { ...r0, hedged };
    const gloss = glossed(response, r.offset);
    if (r.bare) return new BareStatement(r, gloss, reader);
    const sides = relationSides(r.latex);
    return sides === undefined ? new OtherStatement(r, gloss, reader) : new Relation(r, gloss, sides, reader);
  });
}

/** How a statement prepares its texts: the check's preparer, and a text's value with a unit letter read. */
interface Reader {
  readonly prepare: (latex: string) => PreparedFormula;
  readonly valued: (text: string, p: PreparedFormula) => PreparedFormula;
}

/** What a statement was read from. */
interface Read {
  readonly hedged?: 'list' | 'alternative';
  readonly latex: string;
  readonly offset: number;
  readonly end: number;
  readonly boxed: boolean;
  readonly bare: boolean;
  readonly block?: number;
  readonly emphasis?: true;
  readonly member?: true;
}

/**
 * The fields every statement has. Statements are class instances (their lazily read values are
 * prototype getters): object literals with getters are built by the runtime one accessor at a
 * time, which cost more than reading the statement.
 */
abstract class BaseStatement {
  readonly latex: string;
  readonly offset: number;
  readonly boxed: boolean;
  readonly bare: boolean;
  readonly gloss: boolean;
  readonly block?: number;
  readonly emphasis?: true;
  readonly member?: true;
  readonly hedged?: 'list' | 'alternative';
  protected readonly reader: Reader;
  /** The whole statement, prepared (every statement is prepared when read). */
  protected readonly whole: PreparedFormula;

  constructor(r: Read, gloss: boolean, reader: Reader) {
    this.latex = r.latex;
    this.offset = r.offset;
    this.boxed = r.boxed;
    this.bare = r.bare;
    this.gloss = gloss;
    if (r.block !== undefined) this.block = r.block;
    if (r.emphasis) this.emphasis = r.emphasis;
    if (r.member !== undefined) this.member = r.member;
    if (r.hedged) this.hedged = r.hedged;
    this.reader = reader;
    this.whole = reader.prepare(r.latex);
  }

  names(_key: string, _quantity: readonly string[]): boolean {
    return false;
  }

  solves(_quantity: readonly string[]): boolean {
    return false;
  }

  namesThrough(_key: string, _quantity: readonly string[]): boolean {
    return false;
  }
}

/** A lone expression (`4.75\,\mathrm{h}`). */
class BareStatement extends BaseStatement implements Statement {
  private value(): PreparedFormula {
    return this.reader.valued(this.latex, this.whole);
  }

  get hasValue(): boolean {
    return expressionValue(this.value()) !== undefined;
  }

  get unitValue(): boolean {
    return valueAsWritten(this.value())?.unit === true;
  }

  get unitSides(): readonly string[] {
    return valueAsWritten(this.value())?.unit === true ? [this.latex] : [];
  }

  get unitDimensions(): readonly Dimension[] {
    const d = valueAsWritten(this.value())?.unit === true ? writtenDimension(this.value()) : undefined;
    return d === undefined ? [] : [d];
  }
}

/** A relation without two sides to read (an inequality, a chain of several). */
class OtherStatement extends BaseStatement implements Statement {
  readonly hasValue = false;
  readonly unitValue = false;
  readonly unitSides: readonly string[] = [];
  readonly unitDimensions: readonly Dimension[] = [];
}

/** An equation (`=`, `\approx`) with its two sides. */
class Relation extends BaseStatement implements Statement {
  readonly sides: { readonly lhs: string; readonly rhs: string };
  // The sides are prepared on first use, each on its own: the check reads a side only when it can
  // be an expected quantity (it has exactly the quantity's variables), and the other side only for
  // a statement that names the quantity; preparing is most of the check's cost.
  private readonly texts: readonly [string, string];
  private readonly prepared: (PreparedFormula | undefined)[] = [undefined, undefined];
  /** Free variables of each side of the prepared relation (when it is one relation). */
  private sideVariables: readonly (readonly string[])[] | undefined;
  private readonly tree: Node | undefined;

  constructor(r: Read, gloss: boolean, sides: { lhs: string; rhs: string }, reader: Reader) {
    super(r, gloss, reader);
    this.sides = sides;
    this.texts = [sides.lhs, sides.rhs];
    this.tree = this.whole.ok ? this.whole.tree : undefined;
  }

  private side(i: 0 | 1): PreparedFormula {
    const p = (this.prepared[i] ??= this.reader.prepare(this.texts[i]));
    return p;
  }

  private valued(i: 0 | 1): PreparedFormula {
    return this.reader.valued(this.texts[i], this.side(i));
  }

  private keyOf(i: 0 | 1): string | undefined {
    const p = this.side(i);
    return p.ok && p.kind === 'expression' ? p.canonical : undefined;
  }

  private variablesOf(i: 0 | 1): readonly string[] | undefined {
    const tree = this.tree;
    if (tree?.type !== 'relation' || tree.args.length !== 2) return undefined;
    this.sideVariables ??= tree.args.map((node) => freeVariables(node));
    return this.sideVariables[i];
  }

  get hasValue(): boolean {
    return expressionValue(this.valued(0)) !== undefined || expressionValue(this.valued(1)) !== undefined;
  }

  get unitValue(): boolean {
    return valueAsWritten(this.valued(0))?.unit === true || valueAsWritten(this.valued(1))?.unit === true;
  }

  get unitSides(): readonly string[] {
    const out: string[] = [];
    for (const i of [0, 1] as const)
      if (valueAsWritten(this.valued(i))?.unit === true) out.push(this.texts[i]);
    return out;
  }

  get unitDimensions(): readonly Dimension[] {
    const out: Dimension[] = [];
    for (const i of [0, 1] as const) {
      const p = this.valued(i);
      const d = valueAsWritten(p)?.unit === true ? writtenDimension(p) : undefined;
      if (d !== undefined) out.push(d);
    }
    return out;
  }

  override solves(quantity: readonly string[]): boolean {
    const tree = this.tree;
    if (quantity.length !== 1 || tree?.type !== 'relation' || tree.args.length !== 2) return false;
    const name = quantity[0]!;
    const [l, r] = [this.variablesOf(0)!, this.variablesOf(1)!];
    if (l.includes(name) === r.includes(name)) return false;
    return hasFactor(tree.args[l.includes(name) ? 0 : 1]!, name);
  }

  override namesThrough(key: string, quantity: readonly string[]): boolean {
    const [l, r] = [this.variablesOf(0), this.variablesOf(1)];
    if (l === undefined || r === undefined || !sameSet(l, quantity) || quantity.some((v) => r.includes(v)))
      return false;
    const side = this.keyOf(0);
    return side !== undefined && TRIGONOMETRIC.some((f) => side === `${f}(${key})`);
  }

  override names(key: string, quantity: readonly string[]): boolean {
    const whole = this.whole;
    // A side that is the quantity has exactly its variables, and they are among the formula's.
    if (whole.ok && !quantity.every((v) => whole.variables.includes(v))) return false;
    for (const i of [0, 1] as const) {
      const vars = this.variablesOf(i);
      // `\theta_B' = \theta_t` states θ_B' in terms of θ_t, not θ_t: a right side names the
      // quantity only when the left is not a lone quantity itself (`2.5 = v` does).
      if (i === 1 && this.variablesOf(0)?.length === 1 && isLone(this.sides.lhs)) continue;
      // The magnitude of the vector of that name (`|\vec{F}|`, `\|\mathbf{v}_0\|`) is the quantity too.
      const side = this.keyOf(i);
      if ((vars === undefined || sameSet(vars, quantity)) && (side === key || side === `abs(vec(${key}))`))
        return true;
      // The quantity times a factor that cancels exactly (`t \cdot \frac{K}{K}`) names it too.
      const tree = this.tree;
      if (
        vars !== undefined &&
        vars.length > quantity.length &&
        quantity.every((v) => vars.includes(v)) &&
        tree?.type === 'relation' &&
        cancelledText(tree.args[i]!) === key
      )
        return true;
    }
    return false;
  }
}

/** The functions through which a statement may give an angle ({@link Statement.namesThrough}). */
const TRIGONOMETRIC = ['tan', 'sin', 'cos', 'cot'] as const;

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/**
 * Whether `name` is a factor of a product (`q`, `qc^2`, `\frac{q}{2}`, `-q\sqrt{c}`, `q(c + u)`): reached
 * through products, quotients, signs, powers with a constant exponent and square roots only, never
 * inside a sum or another function.
 */
function hasFactor(node: Node, name: string): boolean {
  switch (node.type) {
    case 'symbol':
      return node.name === name;
    case 'unary':
      return (node.op === '-' || node.op === '+') && hasFactor(node.arg, name);
    case 'binary':
      if (node.op === '*' || node.op === '/')
        return hasFactor(node.left, name) || hasFactor(node.right, name);
      return node.op === '^' && !freeVariables(node.right).includes(name) && hasFactor(node.left, name);
    case 'call':
      return node.fn === 'sqrt' && node.args.length === 1 && hasFactor(node.args[0]!, name);
    default:
      return false;
  }
}

/**
 * A side written as one symbol (`\theta_B'`, `v_{f}`, `T_{\max}`, `Q_{\text{tot}}`, `\Delta\phi`): letters, a command,
 * scripts, primes, after a `\Delta` or `\delta` of it.
 */
export function isLone(side: string): boolean {
  return /^\s*(?:\\[Dd]elta\s*(?=\\?[a-zA-Z]))?(?:\\[a-zA-Z]+|[a-zA-Z])(?:\s*(?:_\{(?:[^{}]|\{[^{}]*\})*\}|_\\?[a-zA-Z0-9]+|'+|\^\{?\s*\\prime\s*\}?))*\s*$/.test(
    side,
  );
}

/** Whether only delimiters, punctuation and emphasis follow `end` on its line. */
function closesLine(response: string, end: number): boolean {
  const stop = response.indexOf('\n', end);
  return /^[\s$.,;:!)\]*_]*(?:\\\)|\\\])?[\s$.,;:!)\]*_]*$/.test(
    response.slice(end, stop < 0 ? undefined : stop),
  );
}

/** Words that declare the value after them the answer: "The final answer is", "the answer is:". */
export const DECLARES = /\b(?:final\s+)?answer\s+is\s*:?\s*(?:\*\*)?\s*(?:\$\$?|\\\(|\\\[)?\s*$/i;

/** Whether the words right before `offset` on its line declare what follows the answer. */
export function declaresAnswer(response: string, offset: number): boolean {
  const start = response.lastIndexOf('\n', offset - 1) + 1;
  return DECLARES.test(response.slice(start, offset));
}

/** "where" or "with" (in prose or `\text{}`) right before a formula, its delimiter between. */
const GLOSS = /\b(?:where|with)[\s}:,]*(?:\$+|\\\(|\\\[)?\s*$/i;

/** Whether the formula at `offset` is introduced by "where"/"with" on its own line. */
function glossed(response: string, offset: number): boolean {
  const lineStart = response.lastIndexOf('\n', offset - 1) + 1;
  return GLOSS.test(response.slice(Math.max(lineStart, offset - 80), offset));
}

/** The names of quantities after which an inline value is that quantity's (`has length $L$`, `with speed $v$`). */
const QUANTITY_NAME =
  '(?:length|speed|velocity|magnitude|value|energy|period|frequency|mass|radius|width|height|size|tension|force|momentum|charge|field|temperature|pressure|current|voltage|resistance|capacitance|wavelength|amplitude)';
/**
 * Words after which an inline value is what the sentence states (`the speed is $3.2$ m/s`, `the rod
 * has length $L/\gamma$`: "has" and a quantity's name; `moving downward with speed $\sqrt{3gl}$`,
 * `at a speed of $7.7$ m/s`: "with" or "at" and a quantity's name).
 */
const STATES = new RegExp(
  String.raw`(?:=|:|≈|≃|\\approx|\\simeq|\b(?:is|are|equals?|be|becomes|gives?|get|obtain|yields?|about|approximately|roughly|answer)|\b(?:has|have|had|with|at)\s+(?:(?:an?|the)\s+)?(?:[a-z-]+\s+)?${QUANTITY_NAME}(?:\s+of(?:\s+magnitude)?)?)$`,
  'i',
);
/**
 * An inline bare value inside a sentence that does not state it (`Give $\theta_B'$ in terms of
 * $\theta_t$.`): a symbol the prose mentions, not an answer. Such a value is not read as a final
 * statement (echoing the question's own wording must not answer it); one after `=`, `is`, `:` or
 * alone on its line (or after a bullet) is.
 */
function inProse(response: string, offset: number, kind: string): boolean {
  if (kind !== 'inline') return false;
  const lineStart = response.lastIndexOf('\n', offset - 1) + 1;
  const before = response
    .slice(lineStart, offset)
    .replace(/(?:\$+|\\\(|\\\[)\s*(?:\\(?:displaystyle|textstyle)\b\s*)?$/, '')
    .trim();
  // After a sub-question marker, at the line's start or later on it (`(a) 3.20 h (b) 2.40×10⁹ Bq`), or
  // an `\item` of a list (`\item[(c)] $0.230$`).
  return !(
    before === '' ||
    /^(?:[-*•]|\d+[.)]|\(?[a-z]\)|\\item(?:\s*\[\(?[a-z\d]+[.)]?\])?)$/i.test(before) ||
    /(?:^|\s)(?:\*\*|__)?\([a-h]\)(?:\*\*|__)?$/.test(before) ||
    STATES.test(before)
  );
}

/** A box's content ending with a plain number (`14.44`, `v = 2.0\times10^{3}`): a unit may follow it. */
const BOX_ENDS_WITH_NUMBER = /(?:^|[=\s{])[-−]?\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?[-−]?\d+\}?)?\s*$/;

/** A markdown table row: it opens and closes with `|`. */
const TABLE_LINE = /^[ \t]*\|.*\|[ \t]*$/;

/** A table row's value: the lone symbol an earlier cell names, and the unit a cell after it writes. */
interface TableCell {
  readonly name?: ExtractedFormula;
  readonly unit?: string;
}

/** A value with the unit its table writes in a cell of its own (`| Q | −1.32 × 10¹³ | μC |`). */
function withUnit(latex: string, unit: string | undefined): string {
  return unit === undefined ? latex : `${latex}\\,\\mathrm{${unit}}`;
}

/** Markdown emphasis and math delimiters around a cell's text (`**μC**`, `$\text{m/s}$`). */
const CELL_DRESS = /^(?:\*\*|__|\$|\\text\{|\\mathrm\{)+|(?:\*\*|__|\$|\})+$/g;

/** A unit cell that says the value has none: empty, a dash, "dimensionless". */
const NO_UNIT = /^(?:[—–-]|dimensionless|unitless|none|1)?$/i;

/**
 * The unit a table cell writes alone (`μC`, `**m/s**`, `$\mathrm{N/C}$`), or undefined: the whole
 * cell must read as a unit with a dimension (`—`, `approx.`, a number, a word are not).
 */
function unitCell(text: string): string | undefined {
  const unit = text.trim().replace(CELL_DRESS, '').trim();
  if (unit === '' || !/^[A-Za-zµμΩÅ]/.test(unit)) return undefined;
  const read = parseUnit(unit);
  return read.ok && read.dim.some((d) => d !== 0) ? unit : undefined;
}

/**
 * The candidates that fill a table row's value cell — its last, or the one before a last cell that
 * writes only a unit (`| Q | $-1.32\times10^{13}$ | μC |`) or none (`—`) — each with the lone symbol an earlier cell
 * of its row holds (`| $v$ | $3.2$ |`) and that unit, if any.
 */
function tableCells(
  response: string,
  candidates: readonly ExtractedFormula[],
): Map<ExtractedFormula, TableCell> {
  const out = new Map<ExtractedFormula, TableCell>();
  if (!response.includes('|')) return out;
  const rows = new Map<number, ExtractedFormula[]>();
  for (const c of candidates) {
    if (c.kind !== 'inline') continue;
    const start = response.lastIndexOf('\n', c.offset - 1) + 1;
    const row = rows.get(start);
    if (row === undefined) rows.set(start, [c]);
    else row.push(c);
  }
  for (const [start, row] of rows) {
    const stop = response.indexOf('\n', start);
    const line = response.slice(start, stop < 0 ? undefined : stop);
    if (!TABLE_LINE.test(line)) continue;
    const last = row.at(-1)!;
    // The last cell: one bar left after it on the line; or the cell before a unit's own cell.
    const after = response.slice(last.end, stop < 0 ? undefined : stop).split('|');
    const unitColumn = after.length === 3 && after[0]!.replace(CELL_DRESS, '').trim() === '';
    const unit = unitColumn ? unitCell(after[1]!) : undefined;
    if (
      after.length !== 2 &&
      unit === undefined &&
      !(unitColumn && NO_UNIT.test(after[1]!.replace(CELL_DRESS, '').trim()))
    )
      continue;
    const name = row
      .slice(0, -1)
      .filter((c) => isLone(c.latex) && response.slice(c.end, last.offset).includes('|'))
      .at(-1);
    out.set(last, { ...(name === undefined ? {} : { name }), ...(unit === undefined ? {} : { unit }) });
  }
  return out;
}

/** An inequality sign, as a command or a character. */
const INEQUALITY = /\\(?:le|leq|ge|geq|leqslant|geqslant)(?![a-zA-Z])|[<>≤≥]/;

/** A `\pm` or `\mp` sign, as a command or a Unicode character. */
export const PLUS_MINUS = /\\(?:pm|mp)(?![a-zA-Z])|[±∓]/;

/**
 * The two members of a set written with `\pm` (`\frac{E \pm \sqrt{E^2 - m^2c^4}}{2}` states E_max and
 * E_min at once): the text with every `\pm` read as + (and `\mp` as −), then as −; none without one.
 */
export function signBranches(text: string): string[] {
  if (!PLUS_MINUS.test(text)) return [];
  const read = (pm: string, mp: string) =>
    text.replace(/\\pm(?![a-zA-Z])|±/g, pm).replace(/\\mp(?![a-zA-Z])|∓/g, mp);
  return [read('+', '-'), read('-', '+')];
}

/**
 * A symbol with two qualifiers in one subscript (`E_{\max,\min}`, `v_{1,2}`, `T_{\text{max/min}}`):
 * its base, and each qualifier written as the subscript of its own symbol (`\max`, `\text{min}`).
 */
const PAIR_NAME =
  /^\s*(\\[a-zA-Z]+|[a-zA-Z])\s*_\s*\{\s*(\\(?:text|mathrm|rm)\s*)?(\{)?([^{}]*?)(\})?\s*\}\s*$/;

/**
 * The members of a relation that names a pair on its left (`E_{\max,\min}`) and gives it a `\pm`
 * value: `E_{\max} = …+…` and `E_{\min} = …−…`; undefined for any other formula.
 */
function pairMembers(latex: string): string[] | undefined {
  const sides = relationSides(latex);
  if (sides === undefined || !PLUS_MINUS.test(sides.rhs) || PLUS_MINUS.test(sides.lhs)) return undefined;
  const m = PAIR_NAME.exec(sides.lhs);
  if (m === null || (m[3] === undefined) !== (m[5] === undefined)) return undefined;
  const [, base, command, , inner] = m;
  const items = inner!.split(/\s*[,/;]\s*/);
  if (items.length !== 2 || items.some((i) => !/^(?:\\[a-zA-Z]+|[a-zA-Z0-9]+)$/.test(i))) return undefined;
  const name = (item: string) => `${base}_{${command === undefined ? item : `${command.trim()}{${item}}`}}`;
  const branches = signBranches(sides.rhs);
  return items.map((item, k) => `${name(item)} = ${branches[k]}`);
}

/** A unit written after a number: a `\mathrm{…}`/`\text{…}` group or a word (`m/s`, `kJ/mol`, `K`). */
const UNIT_TEXT =
  '(?:\\\\[,;: ]\\s*|~)?(?:\\\\(?:mathrm|text|rm)\\s*\\{[^{}]*\\}|[A-Za-zμµΩÅ°%][A-Za-z/⁻¹²³]*)?';
/** A hedge word between two numbers: "or", "to" (also as `\text{ or }`), an en or em dash, a comma. */
const HEDGE_JOIN = '(?:\\\\text\\s*\\{\\s*(?:or|to)\\s*\\}|\\bor\\b|\\bto\\b|[–—,;]|\\(\\s*or\\b)';
const OPEN = '(?:\\$|\\\\\\(|\\\\\\[)?';
const HEDGE_AFTER = new RegExp(
  `^\\s*${OPEN}\\s*${HEDGE_JOIN}\\s*(?:maybe|perhaps|possibly)?\\s*${OPEN}\\s*(${NUMBER_TEXT})\\s*(${UNIT_TEXT})`,
);
const HEDGE_BEFORE = new RegExp(
  `(?:^|[^\\w.])(${NUMBER_TEXT})\\s*(${UNIT_TEXT})\\s*${OPEN}\\s*${HEDGE_JOIN}\\s*${OPEN}\\s*$`,
);
const PRECISION_WORDS =
  /^\s*(?:sig|significant|s\.\s*f\.|sf\b|decimal|d\.\s*p\.|dp\b|digits|places|figures)/i;
/** A hedge word between set members: "or", "to", a dash (a comma lists values a part may ask for). */
const SET_JOIN = /^\s*(?:\\text\s*\{\s*(?:or|to)\s*\}|\bor\b|\bto\b|[–—])/;
/** Text after a number that begins a unit this reading does not take (a command, a power, a degree). */
const UNREAD_UNIT = /^\s*(?:\\[,;: ]\s*|~)?(?:\\[a-zA-Z]|\^|°|\{)/;
const NUMBER_AT_START = new RegExp(`^\\s*(${NUMBER_TEXT})\\s*(${UNIT_TEXT})`);

/**
 * Whether the number a statement ends with (`v ≈ 4.3`, a bare `773 W`) stands in a hedge written
 * around it in the answer's text: another number joined to it by "or", "to", an en dash or a comma
 * (`≈ 4.3 to 8.6 m/s`, `773 or 1550 W`, `1550 or 773 W`, `322, 644 K`, `between 600 and 773 W`), in
 * the same unit or with the unit written once, whose value differs by more than 2%. Not a change
 * ("from 900 W to 773 W"), not the same value again (`72.9 nm, i.e. …` has no number; `3.2, 3.20 m/s`
 * is one value), not a restatement in another unit (`4.3 m/s (or 15 km/h)`: units differ).
 */
export function hedgedNumber(
  response: string,
  start: number,
  end: number,
  latex: string,
): 'list' | 'alternative' | undefined {
  if (!/\d/.test(latex)) return undefined;
  const side = latex.replace(/^[^=≈]*(?:=|≈|\\approx|\\simeq)/, '');
  const own = NUMBER_AT_START.exec(side);
  if (own === null) return undefined;
  const value = literalNumber(own[1]!);
  if (value === undefined || value === 0) return undefined;
  const ownUnit = writtenUnitKey(own[2] ?? '');
  // A unit we cannot read here (`1.10\,\mu\text{m}`, `-18\,^{\circ}\text{C}`): the values are not compared.
  if (ownUnit === '' && UNREAD_UNIT.test(side.slice(own[0].length))) return undefined;
  const differs = (n: string, u: string, next = '') => {
    const other = literalNumber(n);
    if (other === undefined || (writtenUnitKey(u) === '' && UNREAD_UNIT.test(next))) return false;
    const otherUnit = writtenUnitKey(u);
    if (ownUnit !== '' && otherUnit !== '' && ownUnit !== otherUnit) return false;
    return Math.abs(other - value) > 0.02 * Math.max(Math.abs(other), Math.abs(value));
  };
  const rest = response.slice(end, end + 80);
  const after = HEDGE_AFTER.exec(rest);
  // "to 3 significant figures" states a precision, not a second value. A comma after a relation lists
  // a set (`E = -13.6, -3.40, -1.51\,\mathrm{eV}`): a hedge only where the part asks one value.
  if (
    after !== null &&
    !PRECISION_WORDS.test(rest.slice(after[0].length)) &&
    differs(after[1]!, after[2] ?? '', rest.slice(after[0].length))
  )
    return relationSides(latex) !== undefined && !/\b(?:or|to)\b|[–—]/.test(after[0])
      ? 'list'
      : 'alternative';
  // Before: only where the statement's text begins with its number (a bare `1550 W` read from
  // `773 or 1550 W`, or the second member `\Phi = 2.03\times10^{5}` of `\Phi \approx 4.06\times10^{5}
  // \text{ or } 2.03\times10^{5}`): before a name stands another statement (`m = 2.0 kg, M = 3.0 kg`).
  if (!/^\s*[-−]?\d/.test(response.slice(start, start + 4))) return undefined;
  const text = response.slice(Math.max(0, start - 80), start);
  const before = HEDGE_BEFORE.exec(text);
  if (before !== null && differs(before[1]!, before[2] ?? '')) {
    // "from 900 W to 773 W" is a change, not a hedge.
    const lead = text.slice(0, before.index + 1);
    return /\bfrom\s*\S*\s*$/i.test(lead) ? undefined : 'alternative';
  }
  const between =
    /\bbetween\s*\$?\s*([-−]?\d+(?:\.\d+)?(?:\s*(?:\\times|×)\s*10\s*\^\s*\{?[-−]?\d+\}?)?)\s*([^\d\s$]*)\s*\$?\s*and\s*\$?\s*$/i.exec(
      text,
    );
  return between !== null && differs(between[1]!, between[2] ?? '') ? 'alternative' : undefined;
}

/**
 * The members of a set written for one quantity (`\lambda \approx 10\times10^{-6} \text{ or }
 * 5.0\times10^{-6}\ \text{C/m}`, `x = 2.4, 4.8`), split into statements that share the set's offset
 * and name, whose numbers differ by more than 2%: indices into `read`. (A pair named on the left,
 * `E_{\max,\min}`, is expanded into members with their own names and is not one.)
 */
function setMembersHedged(
  read: readonly { latex: string; offset: number; end: number; member?: true }[],
  response: string,
): Set<number> {
  const out = new Set<number>();
  const groups = new Map<string, number[]>();
  read.forEach((r, k) => {
    if (r.member === true) return;
    const sides = relationSides(r.latex);
    if (sides === undefined) return;
    const key = `${r.offset}\u241e${sides.lhs.replace(/\s+/g, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), k]);
  });
  for (const ks of groups.values()) {
    if (ks.length < 2) continue;
    const values = ks.map((k) => {
      const rhs = relationSides(read[k]!.latex)!.rhs;
      const m = NUMBER_AT_START.exec(rhs);
      return m === null || m[0].trim().length < rhs.trim().length - 40 ? undefined : literalNumber(m[1]!);
    });
    const numbers = values.filter((v): v is number => v !== undefined && v !== 0);
    const spread = numbers.some((a) =>
      numbers.some((b) => Math.abs(a - b) > 0.02 * Math.max(Math.abs(a), Math.abs(b))),
    );
    // Members of a set, not links of a chain (`t = 1.71\times10^{4}\,\mathrm{s} = 4.75\,\mathrm{h}`):
    // after the shorter one a hedge word or a comma follows, not a relation.
    const joined = ks.some((k) => {
      const end = read[k]!.end;
      return ks.some((j) => read[j]!.end > end) && SET_JOIN.test(response.slice(end, end + 24));
    });
    if (spread && joined) for (const k of ks) out.add(k);
  }
  return out;
}
