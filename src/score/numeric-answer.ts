import { childNodes } from '../core/child-nodes.js';
import { printLatex } from '../core/print-latex.js';
import type { Node } from '../core/tree.js';
import { formulaVariables, VALUE_SYMBOL } from '../equivalence/index.js';
import {
  DEFAULT_NUMERIC_TOLERANCE,
  literalUnit,
  type NumericTolerance,
} from '../equivalence/literal-precision.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { parseLatex } from '../latex/index.js';
import { rewriteBottomUp } from '../normalize/index.js';
import { compile } from '../numeric/index.js';
import { shareable } from '../numeric/prepare-equation.js';
import { BARE_UNIT_LETTERS, offsetUnit, parseUnit } from '../physics/units.js';

/**
 * The numeric value of a prepared bare expression (units already converted to SI by preparation),
 * or undefined when it has free variables or no single value.
 */
export function expressionValue(p: PreparedFormula): number | undefined {
  if (!p.ok || p.kind !== 'expression') return undefined;
  const vars = formulaVariables(p);
  if (vars.length !== 1 || vars[0] !== VALUE_SYMBOL) return undefined;
  // A ± expression has several branches and so no single value.
  const [branch, ...more] = p.branches;
  if (branch === undefined || more.length > 0) return undefined;
  const known = values.get(p);
  if (known !== undefined) return known.value;
  const value = compile(branch.rhs, []).fn(new Float64Array(0));
  const result = Number.isFinite(value) ? value : undefined;
  if (shareable(branch.rhs)) values.set(p, { value: result });
  return result;
}

/**
 * {@link expressionValue} and {@link valueAsWritten} per prepared formula, where compiling charges
 * no work ({@link shareable}: the same value whenever asked, nothing on the meter): the final-answer
 * check, the contradictions and the statements' readings ask about the same values many times, and
 * each ask compiled the tree again.
 */
const values = new WeakMap<PreparedFormula, { readonly value: number | undefined }>();
const asWritten = new WeakMap<
  PreparedFormula,
  { readonly value: { value: number; unit: boolean } | undefined }
>();

/**
 * A bare value as written, in the units it is written in (`3.23\ \text{km/s}` → 3.23, not the SI
 * 3230), and whether it carries a unit with a dimension; undefined when it is not one value.
 */
export function valueAsWritten(p: PreparedFormula): { value: number; unit: boolean } | undefined {
  if (expressionValue(p) === undefined) return undefined;
  const known = asWritten.get(p);
  if (known !== undefined) return known.value === undefined ? undefined : { ...known.value };
  const branch = p.branches[0]!;
  let unit = false;
  const bare = rewriteBottomUp(branch.rhs, (node) => {
    if (node.type !== 'number' || node.dim === undefined) return node;
    if (node.dim.some((x) => x !== 0)) unit = true;
    return { type: 'number', value: 1, raw: '1', span: node.span };
  });
  const value = compile(bare, []).fn(new Float64Array(0));
  const result = Number.isFinite(value) ? { value, unit } : undefined;
  if (shareable(branch.rhs)) asWritten.set(p, { value: result === undefined ? undefined : { ...result } });
  return result;
}

/** A value with the relative unit in its last written place (0: exact or unknown). */
export interface WrittenValue {
  readonly value: number;
  /** ulp / |value| of the coarsest decimal written (`literalUnit`); 0 for exact integers. */
  readonly unit: number;
  /**
   * The value as written, its units read as 1 (`91.1` for `91.1^\circ`, whose value is 1.59 rad):
   * where a reference's significant figures are counted. Absent: the value itself.
   */
  readonly written?: number;
  /**
   * True when the value is within 1e-12 of zero but is not a zero: a product of nonzero factors
   * (`0.816\hbar` is 8.6e-35 J·s, `2e` is 3.2e-19 C), not the residue of an exact cancellation.
   */
  readonly nonzero?: boolean;
}

/** {@link expressionValue} with the precision it was written to. */
export function writtenValue(p: PreparedFormula): WrittenValue | undefined {
  const value = expressionValue(p);
  if (value === undefined) return undefined;
  const unit = p.tree === undefined ? 0 : literalUnit(p.tree);
  // A tiny value is floating-point residue of an exact zero only when something could cancel (a sum,
  // a function: `\cos\frac{\pi}{2}`) and it is tiny as written too; a product or power of nonzero
  // factors (`0.816\hbar`, `2e`, `10^{-15}`) or a value tiny only through its units or constants is
  // not zero. Checked only for such tiny values, so the common case pays nothing.
  if (value !== 0 && Math.abs(value) <= ZERO) {
    const rhs = p.branches[0]!.rhs;
    const written = valueAsWritten(p)?.value;
    if (monomial(rhs) || written === undefined || Math.abs(written) > ZERO)
      return { value, unit, nonzero: true };
  }
  return { value, unit };
}

/** A number, or a product, quotient, power or negation of them: nothing in it can cancel. */
function monomial(node: Node): boolean {
  switch (node.type) {
    case 'number':
      return true;
    case 'unary':
      return (node.op === '-' || node.op === '+') && monomial(node.arg);
    case 'binary':
      return (
        (node.op === '*' || node.op === '/' || node.op === '^') && monomial(node.left) && monomial(node.right)
      );
    default:
      return false;
  }
}

/** Below this an answer's value counts as zero (floating-point residue of an exact zero). */
const ZERO = 1e-12;

/**
 * Whether `value` agrees with `expected` to the problem's precision, strictly: with
 * `significantFigures` s, half a unit in the last significant place of `expected`
 * (0.5 · 10^(⌊log10|expected|⌋ − s + 1)), so 4.7e-8 and 5.4e-8 both pass for 5e-8 at one figure.
 * Without it, 1% relative. A tiny relative slack absorbs unit-conversion rounding. Used by
 * `prism validate` (a reference's own numbers); answers are graded by {@link gradeValue}.
 */
export function withinPrecision(value: number, expected: number, significantFigures?: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(expected)) return false;
  const diff = Math.abs(value - expected);
  if (expected === 0) return diff <= 1e-12;
  const slack = 1e-9 * Math.abs(expected);
  if (significantFigures === undefined) return diff <= 0.01 * Math.abs(expected) + slack;
  const place = Math.floor(Math.log10(Math.abs(expected))) - significantFigures + 1;
  return diff <= 0.5 * 10 ** place + slack;
}

/**
 * Whether an answer's value is the expected one as an expert grader judges it (the rule of
 * `NumericTolerance`): the less precise of the two written values sets the unit in the last place
 * (the expected value's unit comes from the problem's significant figures when given, else from its
 * digits), the answer's coarser unit counting for one figure fewer at most; the difference may reach the larger of half that unit, `ulps` units capped at `cap`
 * relative, and `floor` relative. Two exact values (integers) must agree to 1e-9; a decimal against
 * an exact non-integer reference (`\frac{\sqrt2}{2}`) may differ by half a unit in its own last place
 * (at most `cap`) or by `floor`.
 */
export function gradeValue(
  got: WrittenValue,
  expected: WrittenValue,
  significantFigures?: number,
  tolerance: NumericTolerance = DEFAULT_NUMERIC_TOLERANCE,
): boolean {
  const { value } = got;
  const want = expected.value;
  if (!Number.isFinite(value) || !Number.isFinite(want)) return false;
  const diff = Math.abs(value - want);
  const scale = Math.abs(want);
  if (scale === 0) return diff <= ZERO && got.nonzero !== true;
  const slack = 1e-9 * scale;
  // Significant figures are counted in the unit the reference is written in: 91.1° to three
  // figures is ±0.05°, not ±0.005 rad (0.29°) as its value in radians would give.
  const shown = expected.written === undefined || expected.written === 0 ? scale : Math.abs(expected.written);
  const expectedUnit =
    significantFigures === undefined
      ? expected.unit * scale
      : 10 ** (Math.floor(Math.log10(shown)) - significantFigures + 1) * (scale / shown);
  // An answer less precise than the reference gets the benefit of its rounding for one figure
  // fewer at most: `1.3` for 1.31 is a rounding, a bare `1` for 1.31 (or for 0.576) is not an answer.
  if (expectedUnit === 0 && !Number.isInteger(want)) {
    // An exact reference (`\frac{\sqrt2}{2}`, `\frac37`) against a decimal: the decimal is its rounding,
    // to half a unit in its own last place (at most the cap), or within the floor (`0.71` for 0.7071).
    if (got.unit === 0) return diff <= slack;
    const half = Math.min(0.5 * got.unit * Math.abs(value), tolerance.cap * scale);
    return diff <= Math.max(half, tolerance.floor * scale) + slack;
  }
  const unit = Math.max(expectedUnit, Math.min(got.unit * Math.abs(value), 10 * expectedUnit));
  const allowed = Math.max(
    0.5 * unit,
    Math.min(tolerance.ulps * unit, tolerance.cap * scale),
    tolerance.floor * scale,
  );
  return diff <= allowed + slack;
}

/** Exponents of the SI base units `[m, kg, s, A, K, mol, cd]` (`src/physics/units.ts`). */
export type Dimension = readonly number[];

/**
 * The dimension of a value written with units (`773\,\mathrm{J\,s^{-1}}` and `773 W` → kg·m²·s⁻³,
 * `59.4\,\%` → dimensionless), read from the units' own dimensions; undefined when the value writes
 * no unit, when it writes a symbol (`\frac{3}{5}c`, a constant of the problem: its dimension is not
 * known here), or when its units do not combine (a sum of a length and a time). An offset temperature
 * (`49\,^{\circ}\mathrm{C}`) carries no dimension once read in kelvin: such a value is not checked.
 */
export function writtenDimension(p: PreparedFormula): Dimension | undefined {
  if (!p.ok || p.kind !== 'expression' || p.tree === undefined || p.branches.length !== 1) return undefined;
  const parsed = parseLatex(p.source);
  if (!parsed.ok || hasSymbol(parsed.tree)) return undefined;
  const found = { unit: false };
  const dim = dimensionOf(p.tree, found);
  return found.unit ? dim : undefined;
}

/** Whether two dimensions are the same. */
export function sameDimension(a: Dimension, b: Dimension): boolean {
  return a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) < 1e-9);
}

const DIMENSIONLESS: Dimension = [0, 0, 0, 0, 0, 0, 0];

function hasSymbol(node: Node): boolean {
  if (node.type === 'symbol' || node.type === 'apply') return true;
  return childNodes(node).some(hasSymbol);
}

function dimensionOf(node: Node, found: { unit: boolean }): Dimension | undefined {
  switch (node.type) {
    case 'number':
      if (node.dim === undefined) return DIMENSIONLESS;
      found.unit = true;
      return node.dim;
    case 'unary':
      return node.op === '!' ? undefined : dimensionOf(node.arg, found);
    case 'binary': {
      const a = dimensionOf(node.left, found);
      if (node.op === '^') {
        const power = numericValue(node.right);
        if (a === undefined || power === undefined) return undefined;
        return a.map((x) => x * power);
      }
      const b = dimensionOf(node.right, found);
      if (a === undefined || b === undefined) return undefined;
      if (node.op === '*') return a.map((x, i) => x + b[i]!);
      if (node.op === '/') return a.map((x, i) => x - b[i]!);
      return sameDimension(a, b) ? a : undefined;
    }
    case 'call': {
      const arg = node.args[0];
      const a = arg === undefined ? undefined : dimensionOf(arg, found);
      if (a === undefined) return undefined;
      if (node.fn === 'abs') return a;
      if (node.fn === 'sqrt') {
        const root = node.args[1] === undefined ? 2 : numericValue(node.args[1]);
        return root === undefined || root === 0 ? undefined : a.map((x) => x / root);
      }
      return sameDimension(a, DIMENSIONLESS) ? DIMENSIONLESS : undefined;
    }
    default:
      return undefined;
  }
}

function numericValue(node: Node): number | undefined {
  const value = compile(node, []).fn(new Float64Array(0));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Bare SI letters that end a value written as an integer (`71 m`, `350 K`, `773 W`). The parser reads
 * such a letter after a plain integer as a quantity (`M = 2 m` is twice m); a final numerical answer
 * reads it as the unit only when that gives the dimension the expected value has.
 */
const INTEGER_THEN_LETTER = new RegExp(
  String.raw`^\s*(-?\s*\d+)\s*(?:\\[,;:! ]|~|\\quad)?\s*([${[...BARE_UNIT_LETTERS].join('')}])\s*$`,
);

/**
 * `71 m` as `71\,\mathrm{m}`: an integer followed by a bare SI letter, the letter read as its unit;
 * undefined when the text is not one, or when the letter is one the problem uses as a quantity
 * (`quantities`: canonical names, as {@link PreparedFormula} preparation takes them: a period `T`).
 */
export function integerUnitReading(text: string, quantities: readonly string[] = []): string | undefined {
  const m = INTEGER_THEN_LETTER.exec(text);
  if (m === null || quantities.includes(m[2]!)) return undefined;
  return `${m[1]!.replace(/\s+/g, '')}\\,\\mathrm{${m[2]!}}`;
}

/** A value written in units of g: a number and a bare `g` (not `\mathrm{g}`, a gram) ending the text. */
const IN_G = /^(\s*[-−]?\s*\d[\s\S]*?)\s*(?:\\[,;: !]|~|\\cdot|\\times)?\s*g\s*$/;

/**
 * `8.55\,g` as 8.55 times the standard acceleration of gravity (`8.55 \times 9.80665\,\mathrm{m/s^{2}}`):
 * TeX's bare g after a number is the gram, a mass; an answer that gives an acceleration "in g units"
 * writes the same letter. Undefined when the text does not end with a bare g after a number. The
 * final-answer check reads it so only where the expected value is an acceleration, which no mass is.
 */
export function standardGravityReading(text: string): string | undefined {
  const m = IN_G.exec(text);
  if (m === null || /[A-Za-z]\s*$/.test(m[1]!.replace(/\\[A-Za-z]+\s*$/, ''))) return undefined;
  return `\\left(${m[1]!.trim()}\\right) \\times 9.80665\\,\\mathrm{m/s^{2}}`;
}

/** A unit symbol written bare after a value, with its power: `J`, `s`, `m^2`, `s^{-1}`, `s⁻¹`. */
const BARE_ATOM = String.raw`[A-Za-zµμΩ]{1,3}(?:\^\{?-?\d\}?|[⁻¹²³]+)?`;
/** What separates bare unit symbols: a space, a TeX space, a centred dot. */
const ATOM_GAP = String.raw`\s*(?:\\[,;: ]|~|\\cdot|·|\s)\s*`;
/** A value written as a number and bare unit symbols apart (`9.13×10⁻³⁵ J s`, `2.0\,N\,m`). */
const VALUE_THEN_ATOMS = new RegExp(
  String.raw`^\s*([-−]?\d+(?:\.\d+)?(?:\s*(?:×|·|\\times|\\cdot)\s*10(?:\^\{?[-−]?\d+\}?|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?)(?:${ATOM_GAP}|\s*)(${BARE_ATOM}(?:${ATOM_GAP}${BARE_ATOM}){1,3})\s*$`,
);

/** A unit's Unicode power as TeX writes it: `⁻¹` → `^{-1}`. */
function texPower(atom: string): string {
  const digits: Record<string, string> = { '⁻': '-', '¹': '1', '²': '2', '³': '3' };
  const m = /^(.*?)([⁻¹²³]+)$/.exec(atom);
  return m === null ? atom : `${m[1]}^{${[...m[2]!].map((c) => digits[c]).join('')}}`;
}

/**
 * `9.13×10⁻³⁵ J s` as `9.13×10⁻³⁵\,\mathrm{J\,s}`: a number followed by two to four bare unit symbols
 * written apart, which TeX reads as a product of letters; undefined when the text is not one, a
 * symbol is one the problem uses as a quantity, or the symbols do not read together as a unit. The
 * final-answer check reads it so only when that gives the dimension the expected value has
 * (`2 m g`, twice m times g, is never a unit of a length).
 */
export function unitsAfterValue(text: string, quantities: readonly string[] = []): string | undefined {
  const m = VALUE_THEN_ATOMS.exec(text);
  if (m === null) return undefined;
  const atoms = m[2]!
    .split(new RegExp(ATOM_GAP))
    .filter((a) => a !== '')
    .map(texPower);
  if (atoms.some((a) => quantities.includes(a.replace(/\^.*$/, '')))) return undefined;
  if (!parseUnit(atoms.join(' ')).ok) return undefined;
  return `${m[1]!}\\,\\mathrm{${atoms.join('\\,')}}`;
}

/**
 * The right side of a statement of a temperature difference (`\Delta T = 22.2\,^{\circ}\mathrm{C}`,
 * `T_2 - T_1 = 40\,^{\circ}\mathrm{F}`) read alone, as the difference it states: its °C or °F
 * written as the kelvin scale (`22.2\,\mathrm{K}`, `40\cdot\frac{5}{9}\,\mathrm{K}`), so that it is
 * not read as an absolute temperature (322 K); undefined when `lhs` is not a difference or `rhs`
 * writes no offset unit. As a whole statement the normalizer reads it so already.
 */
export function temperatureDifference(lhs: string, rhs: string): string | undefined {
  if (!/°|\\circ|\\degree|\\celsius|℃/.test(rhs)) return undefined;
  const left = parseLatex(lhs);
  if (!left.ok || !isDifference(left.tree)) return undefined;
  const right = parseLatex(rhs);
  if (!right.ok) return undefined;
  let changed = false;
  const tree = rewriteBottomUp(right.tree, (node): Node => {
    if (node.type !== 'unit') return node;
    const offset = offsetUnit(node.unit);
    if (offset === undefined) return node;
    changed = true;
    const kelvin: Node = { type: 'unit', unit: 'K', span: node.span };
    if (offset.scale === 1) return kelvin;
    const five = { type: 'number', value: 5, raw: '5', span: node.span } as const;
    const nine = { type: 'number', value: 9, raw: '9', span: node.span } as const;
    const scale: Node =
      Math.abs(offset.scale - 5 / 9) < 1e-12
        ? { type: 'binary', op: '/', left: five, right: nine, span: node.span }
        : { type: 'number', value: offset.scale, raw: String(offset.scale), span: node.span };
    return { type: 'binary', op: '*', left: scale, right: kelvin, span: node.span };
  });
  return changed ? printLatex(tree) : undefined;
}

/** A Δ/δ quantity or a difference `a - b`, as the offset-temperature normalizer reads one. */
function isDifference(node: Node): boolean {
  if (node.type === 'symbol') return /^(?:Delta|delta) /.test(node.name);
  return node.type === 'binary' && node.op === '-';
}

/**
 * Whether a problem text writes no measured value — no decimal number, no number with a unit, no
 * power of ten (`Consider a damped oscillator. After four cycles the amplitude has dropped to $1/e$`):
 * its data are exact, and a pure number it asks for is a mathematical value that no table constant
 * (g, h, R …) can have entered. Conservative: a number beside a word or a letter that can be a unit
 * (`3 m`, `2 kg`, `5 s`, `4 cycles`) counts as measured; one beside another single letter is a
 * multiple of a symbol (`a distance $3a$`, `2R`, `4q`), exact.
 */
export function exactData(text: string): boolean {
  return /[A-Za-z]{3}/.test(text) && !MEASURED.test(text);
}

const MEASURED = new RegExp(
  String.raw`\d\.\d|\d\s*(?:\\[,;:! ]|~|\\mathrm|\\text|\\rm|\\si|\^\s*\{?\s*\\circ|°|%|\\%|[A-Za-z]{2}|[${[...BARE_UNIT_LETTERS].join('')}LlhµμΩ])|\\times\s*10|\\(?:SI|num|qty)\b`,
);

/**
 * {@link gradeValue} for a pure-number reference of a problem whose data are exact ({@link exactData}):
 * no constant can explain a difference, so the written precision governs — half a unit in the last
 * place of the less precise of the two values, no floor (`1.0008` for `0.9992093669` is 16 units of
 * its own last place off: the inverse ratio, not a rounding; `0.9992` and `1.00` are roundings). An
 * exact answer may differ by one unit in the reference's last place, which may be truncated
 * (`-\pi` for `-3.141592`; not `-\frac{22}{7}`) — not when the reference is written as an `integer`,
 * whose last place holds no truncated decimals.
 */
export function gradeExact(
  got: WrittenValue,
  expected: WrittenValue,
  significantFigures?: number,
  cap = DEFAULT_NUMERIC_TOLERANCE.cap,
  integer = false,
): boolean {
  const want = expected.value;
  if (!Number.isFinite(got.value) || !Number.isFinite(want)) return false;
  const diff = Math.abs(got.value - want);
  const scale = Math.abs(want);
  if (scale === 0) return diff <= ZERO && got.nonzero !== true;
  const expectedUnit =
    significantFigures === undefined
      ? expected.unit * scale
      : 10 ** (Math.floor(Math.log10(scale)) - significantFigures + 1);
  // The answer's own rounding at most `cap`: a one-figure `0.4` is no rounding of 3/7 worth the name.
  // An exact answer (`-\pi`, `\frac{3}{7}`) against the reference's decimals: those may be truncated
  // rather than rounded (`-3.141592` for −π), so one unit in their last place. An `integer` reference
  // (`2`) has no decimals to truncate: it is read rounded to its ones place, so `\frac{4}{4}` (1) or
  // 3 is no answer to 2 — half a unit, as for a decimal answer.
  const own = got.unit === 0 && !integer ? expectedUnit : 0.5 * expectedUnit;
  const half = Math.max(own, Math.min(0.5 * got.unit * Math.abs(got.value), cap * scale));
  return diff <= half + 1e-9 * scale;
}
