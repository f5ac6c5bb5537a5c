import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { prepareFormula } from '../equivalence/index.js';
import { parseLatex } from '../latex/index.js';
import type { Statement } from './final-statements.js';
import { valueAsWritten, writtenValue } from './numeric-answer.js';

/**
 * The arithmetic a chain shows on its way to the number it states (`n = 1.0\times10^{-7}\,\mathrm{C} /
 * (1.602\times10^{-19}\,\mathrm{C}) \approx 6.2\times10^{11}`) is the answer's working; the number is
 * its result. Where the arithmetic does not give that number (`… \approx 6.2\times10^{10}`: the
 * division slipped by a factor 10), the answer's value is the number it states, and the arithmetic
 * link must not stand in for it. Returns, per statement, the sides that are such arithmetic: numbers,
 * units and π combined by operations (no other symbol), whose value differs from the chain's stated
 * number beyond its rounding (half a unit in its last written place, at least 1%), in SI units (a chain
 * writing its unit once, `11.01 - 7.78 \approx 3.23\ \text{km/s}`, states 3.23 km/s: its unitless
 * arithmetic is working, not the value). A chain is the links
 * `chainOf` groups; its stated number is the right side of its last link, when that is one number
 * (with a unit or none). A link setting two numbers equal that differ (`284\,\mathrm{J/mol} \approx
 * 0.142\,\mathrm{kJ/mol}`) is false: both its sides are returned.
 */
export function wrongArithmetic(
  statements: readonly Statement[],
  chainOf: (s: Statement) => string,
): (s: Statement) => ReadonlySet<string> {
  let results: Map<string, Stated | null> | undefined;
  const memo = new Map<Statement, ReadonlySet<string>>();
  return (s) => {
    const known = memo.get(s);
    if (known !== undefined) return known;
    let out: ReadonlySet<string> = NONE;
    if (s.sides !== undefined && s.hasValue) {
      results ??= statedResults(statements, chainOf);
      const stated = results.get(chainOf(s));
      const { lhs, rhs } = s.sides;
      if (stated !== undefined && stated !== null) {
        const wrong = [lhs, rhs].filter((side) => disagrees(side, stated));
        if (wrong.length > 0) out = new Set(wrong);
      }
      // Two numbers set equal that differ (`284\,\mathrm{J/mol} pprox 0.142\,\mathrm{kJ/mol}`): a false
      // link, which states neither.
      if (out.size === 0 && falseLink(lhs, rhs)) out = new Set([lhs, rhs]);
    }
    memo.set(s, out);
    return out;
  };
}

const NONE: ReadonlySet<string> = new Set();

/** A chain's stated number: its value in SI units, its precision, and its value as written. */
interface Stated {
  readonly value: number;
  readonly unit: number;
  readonly asWritten: number | undefined;
}

/** Each chain's stated number (null: its last link states none). */
function statedResults(
  statements: readonly Statement[],
  chainOf: (s: Statement) => string,
): Map<string, Stated | null> {
  const last = new Map<string, Statement>();
  for (const s of statements) if (s.sides !== undefined) last.set(chainOf(s), s);
  const out = new Map<string, Stated | null>();
  for (const [chain, s] of last) {
    const rhs = s.sides!.rhs;
    const tree = parsed(rhs);
    const p = tree !== undefined && oneNumber(tree) ? prepareFormula(rhs) : undefined;
    const value = p === undefined ? undefined : writtenValue(p);
    out.set(
      chain,
      value === undefined || value.value === 0
        ? null
        : { value: value.value, unit: value.unit, asWritten: valueAsWritten(p!)?.value },
    );
  }
  return out;
}

/** Whether two sides are single numbers whose values differ, in SI units and as written. */
function falseLink(lhs: string, rhs: string): boolean {
  const [a, b] = [lhs, rhs].map((side) => {
    const tree = parsed(side);
    if (tree === undefined || !oneNumber(tree)) return undefined;
    const p = prepareFormula(side);
    const value = writtenValue(p);
    return value === undefined ? undefined : { ...value, asWritten: valueAsWritten(p)?.value };
  });
  if (a === undefined || b === undefined || a.value === 0 || b.value === 0) return false;
  const unit = Math.max(a.unit, b.unit);
  if (close(a.value, b.value, unit) || close(b.value, a.value, unit)) return false;
  return !(
    a.asWritten !== undefined &&
    b.asWritten !== undefined &&
    (close(a.asWritten, b.asWritten, unit) || close(b.asWritten, a.asWritten, unit))
  );
}

/**
 * A side that is a range of two numbers joined by a dash (`142–284 J/mol`, `4.3—8.6`): no single
 * value (the parser would read the en dash as a minus sign).
 */
export function dashRange(side: string): boolean {
  return DASH_RANGE.test(side);
}

const DASH_RANGE = /^\s*[-−]?\d+(?:\.\d+)?(?:\s*(?:×|\\times)\s*10\^?\S*)?\s*[–—]\s*\d/;

/** Whether `side` is arithmetic whose value is not the stated number. */
function disagrees(side: string, stated: Stated): boolean {
  const tree = parsed(side);
  if (tree === undefined || oneNumber(tree) || !numbersOnly(tree)) return false;
  const p = prepareFormula(side);
  const value = writtenValue(p)?.value;
  if (value === undefined) return false;
  // In SI only: a chain writing its unit once at its end (`11.01 - 7.78 \approx 3.23\ \text{km/s}`) states
  // its number in that unit, so its unitless arithmetic (3.23 in SI) is not the value either — and
  // where both are dimensionless it would pass for one (`\frac{1.0\ \text{cm}}{100\ \text{cm}} = 0.010^\circ`
  // is 0.010°, not 0.010 rad).
  return !close(value, stated.value, stated.unit);
}

/** `x` agrees with the stated `y` to half a unit in y's last written place (relative `unit`), or 1%. */
function close(x: number, y: number, unit: number): boolean {
  const size = Math.abs(y);
  return Math.abs(x - y) <= Math.max(0.5 * unit * size, 0.01 * size) + 1e-9 * size;
}

function parsed(latex: string): Node | undefined {
  const p = parseLatex(latex);
  return p.ok ? p.tree : undefined;
}

/** One number, signed, with a unit or none (`6.2\times10^{11}`, `-9.0\,\mathrm{J}`). */
function oneNumber(node: Node): boolean {
  if (node.type === 'unary' && node.op === '-') return oneNumber(node.arg);
  if (node.type === 'number') return true;
  return node.type === 'binary' && node.op === '*' && node.left.type === 'number' && unitsOnly(node.right);
}

function unitsOnly(node: Node): boolean {
  if (node.type === 'unit') return true;
  if (node.type === 'binary' && (node.op === '*' || node.op === '/'))
    return unitsOnly(node.left) && unitsOnly(node.right);
  return node.type === 'binary' && node.op === '^' && unitsOnly(node.left) && node.right.type === 'number';
}

/** Numbers, units and π only: no symbol a problem could give a value. */
function numbersOnly(node: Node): boolean {
  if (node.type === 'symbol') return node.name === 'pi';
  if (
    node.type !== 'number' &&
    node.type !== 'unit' &&
    node.type !== 'unary' &&
    node.type !== 'binary' &&
    node.type !== 'call'
  )
    return false;
  return childNodes(node).every(numbersOnly);
}
