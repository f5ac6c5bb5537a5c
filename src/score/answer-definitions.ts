import { childNodes } from '../core/child-nodes.js';
import { printLatex } from '../core/print-latex.js';
import type { Node } from '../core/tree.js';
import { compareFormulas, symbolName, valuesClearlyDiffer } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { parseLatex } from '../latex/index.js';
import { substituteSymbols } from '../normalize/index.js';
import { shareable } from '../numeric/prepare-equation.js';
import { chargeRecorded, metered, workRemaining } from '../numeric/work-meter.js';
import type { Statement } from './final-statements.js';
import { temperatureDifference } from './numeric-answer.js';

/** Statements read for definitions, from the end of the answer. */
const MAX_STATEMENTS = 64;

/**
 * The answer's own definitions of single symbols (`t = \pi\sqrt{a^3/GM}` "with"
 * `a = \frac{r_0 + r_1}{2}`; `x = \frac{\mu B}{k_B T}`): symbol LaTeX → its value LaTeX, for a symbol
 * the answer defines in one statement only (a chain `a = X = Y` is one statement; a symbol defined
 * again with an equivalent value keeps its definition; one defined twice with different values, or in
 * terms of itself, is left out). A left side that is a power of one symbol (`\omega_p^2 = \frac{ne^2}{\varepsilon_0 m}`)
 * defines the symbol as the positive root of the right side, as a grader reads it for a positive
 * quantity. A final statement written with such a symbol is compared with the symbol replaced by its
 * definition, as a grader reads "where …".
 *
 * Read per symbol, when asked ({@link AnswerDefinitions.get}): deciding what a statement defines can
 * run Algorithm 1 (which symbol `\mu\cdot\frac{K}{K}` reduces to), and a check asks about few of
 * the symbols an answer writes. A symbol's definition is the same whichever symbols were asked before.
 */
export function answerDefinitions(
  statements: readonly Statement[],
  prepare: (latex: string) => PreparedFormula,
): AnswerDefinitions {
  return new AnswerDefinitions(statements, prepare);
}

/** What the answer's statements say of one symbol so far: a definition, none yet, or none (null). */
type Entry = {
  readonly symbol: string;
  readonly value: string;
  readonly offset: number;
  readonly partner?: string;
  /** The later links of the chain that defined it (`W^2 = X = Y`: Y), its value in other symbols. */
  readonly links?: readonly string[];
} | null;

/** What one statement defines: one symbol (through its left side), or products of two symbols. */
type Defines =
  | { readonly symbol: DefinedSymbol; readonly products?: undefined }
  | { readonly symbol?: undefined; readonly products: readonly Product[] };

/** A symbol's entries, statement by statement: `next` statements read, the entry after each change. */
interface Trail {
  next: number;
  readonly changes: { readonly at: number; readonly entry: Entry }[];
}

/** The answer's definitions, read per symbol (see {@link answerDefinitions}). */
export class AnswerDefinitions {
  readonly #statements: readonly Statement[];
  readonly #prepare: (latex: string) => PreparedFormula;
  readonly #defines: (Defines | undefined)[] = [];
  readonly #names: (ReadonlyMap<string, string> | null | undefined)[] = [];
  readonly #trails = new Map<string, Trail>();

  constructor(statements: readonly Statement[], prepare: (latex: string) => PreparedFormula) {
    // The answer's last statements only: a definition is read near the result it serves, and the
    // work stays bounded on answers with thousands of formulas.
    this.#statements = statements.slice(-MAX_STATEMENTS).filter((s) => !s.bare && s.sides !== undefined);
    this.#prepare = prepare;
  }

  /** The answer's definition of the symbol `name`, if it defines it once (or always alike). */
  get(name: string): AnswerDefinition | undefined {
    const d = this.#before(name, this.#statements.length);
    if (d === undefined || d === null) return undefined;
    return d.partner === undefined
      ? { symbol: d.symbol, value: d.value }
      : { symbol: d.symbol, value: d.value, partner: d.partner };
  }

  /** What the statements before the `bound`-th say of `name` (undefined: nothing). */
  #before(name: string, bound: number): Entry | undefined {
    let trail = this.#trails.get(name);
    if (trail === undefined) this.#trails.set(name, (trail = { next: 0, changes: [] }));
    while (trail.next < bound) {
      const at = trail.next;
      const entry = this.#read(name, at, trail);
      if (entry !== undefined) trail.changes.push({ at, entry });
      trail.next = at + 1;
    }
    for (let k = trail.changes.length - 1; k >= 0; k--)
      if (trail.changes[k]!.at < bound) return trail.changes[k]!.entry;
    return undefined;
  }

  /** The entry of `name` after the `at`-th statement, when that statement changes it. */
  #read(name: string, at: number, trail: Trail): Entry | undefined {
    if (!this.#mayDefine(name, at)) return undefined;
    const s = this.#statements[at]!;
    const sides = s.sides!;
    const previous = trail.changes.length === 0 ? undefined : trail.changes[trail.changes.length - 1]!.entry;
    const defines = this.#definesAt(at);
    if (defines.symbol === undefined) {
      // A product of two symbols (`pc = \sqrt{E^2 - m^2c^4}`) defines each through the other.
      const d = defines.products.find((x) => x.name === name);
      if (d === undefined) return undefined;
      if (previous === undefined) return { ...d, offset: s.offset };
      return previous !== null && previous.offset !== s.offset ? null : undefined;
    }
    const symbol = defines.symbol;
    if (symbol.name !== name || previous === null) return undefined;
    const prepare = this.#prepare;
    const rhs = symbol.root === undefined ? sides.rhs : rootOf(sides.rhs, symbol.root);
    // A temperature difference in °C defines a difference (`\Delta T = 49\,^{\circ}\mathrm{C}` is 49 K).
    const text = temperatureDifference(sides.lhs, sides.rhs) ?? rhs;
    const value = prepare(text);
    if (previous !== undefined) {
      // A later link of the defining chain (`W^2 = (E + Mc^2)^2 - p^2c^2 = m^2c^4 + M^2c^4 + 2EMc^2`):
      // the value in other symbols, kept so that a later definition restating it agrees with the chain.
      if (previous.offset === s.offset) {
        if (!value.ok || value.kind !== 'expression' || value.variables.includes(name)) return undefined;
        return { ...previous, links: [...(previous.links ?? []), text] };
      }
      // Defined again (`z_R = \pi w_0^2/\lambda`, later "where z_R = \frac{\pi w_0^2}{\lambda}"): one
      // definition when the values are equivalent, none when they differ.
      // Written through another defined symbol (`D_1 = D_0 + \frac{2E}{mc^2}`, later `D_1 = \sqrt{…} +
      // \frac{2E}{mc^2}` with `D_0 = \sqrt{…}`): the same value once that symbol is read as defined.
      if (
        sameValue(prepare(previous.value), value) ||
        this.#sameThroughOthers(previous.value, text, name, at)
      )
        return undefined;
      // Equal to a later link of the earlier chain (`W = \sqrt{m^2c^4 + M^2c^4 + 2EMc^2}` after the
      // chain above): the definition is that link, in the symbols the answer settled on.
      if (previous.links?.some((link) => sameValue(prepare(link), value)) === true)
        return { symbol: previous.symbol, value: text, offset: s.offset };
      return null;
    }
    // A value that names the symbol itself is an equation for it, not a definition.
    if (!value.ok || value.kind !== 'expression' || value.variables.includes(name)) return null;
    return { symbol: symbol.latex, value: text, offset: s.offset };
  }

  /** What the `at`-th statement defines, decided once. */
  #definesAt(at: number): Defines {
    const known = this.#defines[at];
    if (known !== undefined) return known;
    const sides = this.#statements[at]!.sides!;
    const symbol = definedSymbol(sides.lhs, this.#prepare) ?? definedPower(sides.lhs);
    const defines: Defines =
      symbol === undefined ? { products: definedProduct(sides.lhs, sides.rhs, this.#prepare) } : { symbol };
    this.#defines[at] = defines;
    return defines;
  }

  /**
   * Whether the `at`-th statement can define `name`, cheaply: a lone symbol on its left is that
   * symbol; otherwise `name` must be written on the left, and be the one symbol a composite left side
   * could reduce to (not clearly different in value: {@link reducedSymbol} tries no other), the base
   * of a power, or a factor of a product of two symbols.
   */
  #mayDefine(name: string, at: number): boolean {
    const lhs = this.#statements[at]!.sides!.lhs;
    let names = this.#names[at];
    if (names === undefined) {
      const direct = symbolName(lhs);
      if (direct !== undefined) this.#defines[at] = { symbol: { name: direct, latex: lhs.trim() } };
      names = direct === undefined ? symbolsIn(lhs) : null;
      this.#names[at] = names;
    }
    if (names === null) return this.#defines[at]!.symbol!.name === name;
    const latex = names.get(name);
    if (latex === undefined) return false;
    if (this.#defines[at] !== undefined) return true;
    const p = this.#prepare(lhs);
    if (p.ok && p.kind === 'expression' && p.variables.length <= 4) {
      const alone = this.#prepare(latex);
      if (alone.ok && !clearlyDiffer(p, alone)) return true;
    }
    return (
      definedPower(lhs)?.name === name ||
      productOf(lhs)?.some((n) => n.type === 'symbol' && n.name === name) === true
    );
  }

  /**
   * Whether two values of one symbol are equivalent once the answer's other definitions before the
   * `at`-th statement (the symbol `name` itself aside) are substituted into both, one round.
   */
  #sameThroughOthers(a: string, b: string, name: string, at: number): boolean {
    let changed = false;
    const substituted = (latex: string): Node | undefined => {
      const parsed = parseLatex(latex);
      if (!parsed.ok) return undefined;
      return substituteSymbols(parsed.tree, (s) => {
        if (s.name === name) return undefined;
        const d = this.#before(s.name, at);
        if (d === undefined || d === null) return undefined;
        const value = parseLatex(d.value);
        if (!value.ok) return undefined;
        changed = true;
        return value.tree;
      });
    };
    const x = substituted(a);
    const y = substituted(b);
    // Neither value writes another defined symbol: they read as they did, and they were found to differ.
    if (x === undefined || y === undefined || !changed) return false;
    const xs = printLatex(x);
    const ys = printLatex(y);
    const prepare = this.#prepare;
    return xs !== undefined && ys !== undefined && sameValue(prepare(xs), prepare(ys));
  }
}

/**
 * The symbols a left side writes, each name with the LaTeX of its first occurrence in the order
 * {@link reducedSymbol} tries them; empty when it does not parse.
 */
function symbolsIn(lhs: string): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  const parsed = parseLatex(lhs);
  if (!parsed.ok) return out;
  const stack: Node[] = [parsed.tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'symbol' && !out.has(node.name))
      out.set(node.name, lhs.slice(node.span.start, node.span.end));
    stack.push(...childNodes(node));
  }
  return out;
}

/** The two symbols of a left side that is a product of two symbols (`pc`, `m v`). */
function productOf(lhs: string): readonly [Node, Node] | undefined {
  const parsed = parseLatex(lhs);
  if (!parsed.ok) return undefined;
  const tree = parsed.tree;
  if (
    tree.type !== 'binary' ||
    tree.op !== '*' ||
    tree.left.type !== 'symbol' ||
    tree.right.type !== 'symbol'
  )
    return undefined;
  return [tree.left, tree.right];
}

/** A symbol a product defines ({@link definedProduct}). */
interface Product {
  readonly name: string;
  readonly symbol: string;
  readonly value: string;
  readonly partner: string;
}

/** An answer's definition of one symbol: its LaTeX and its value's. */
export interface AnswerDefinition {
  readonly symbol: string;
  readonly value: string;
  /**
   * Set when the symbol was defined through a product with another (`pc = …` defines p as
   * `\frac{…}{c}`): read only where the expected answer writes that partner and not the symbol, so
   * the product's value is carried in the reference's own symbols.
   */
  readonly partner?: string;
}

/**
 * A left side that is the product of two distinct symbols (`pc`, `m v`): each symbol the right side
 * does not name defined as the right side divided by the other, with the other as its partner. None
 * for any other left side.
 */
function definedProduct(lhs: string, rhs: string, prepare: (latex: string) => PreparedFormula): Product[] {
  const product = productOf(lhs);
  if (product === undefined) return [];
  const [a, b] = product;
  if (a.type !== 'symbol' || b.type !== 'symbol' || a.name === b.name) return [];
  const value = prepare(rhs);
  if (!value.ok || value.kind !== 'expression') return [];
  const text = (n: Node) => lhs.slice(n.span.start, n.span.end);
  // A symbol the right side names is not defined by it (`pc = \\sqrt{E^2 - m^2c^4}` defines p, not c).
  const pairs: [Node, Node][] = [
    [a, b],
    [b, a],
  ];
  return pairs
    .filter(([x]) => x.type === 'symbol' && !value.variables.includes(x.name))
    .map(([x, y]) => ({
      name: (x as { name: string }).name,
      symbol: text(x),
      value: `\\frac{${rhs}}{${text(y)}}`,
      partner: (y as { name: string }).name,
    }));
}

function sameValue(a: PreparedFormula, b: PreparedFormula): boolean {
  if (!a.ok || !b.ok || a.kind !== 'expression') return false;
  let byOther = sameMemo.get(a);
  if (byOther === undefined) sameMemo.set(a, (byOther = new WeakMap()));
  // Two values that clearly differ at one draw are not run through Algorithm 1 (it would reject).
  return recorded(
    byOther,
    b,
    '',
    () => !clearlyDiffer(a, b) && compareFormulas(a, b).verdict === 'equivalent',
  );
}

/** {@link valuesClearlyDiffer} per pair of prepared formulas (see {@link clearlyDiffer}). */
const differMemo = new WeakMap<PreparedFormula, WeakMap<PreparedFormula, boolean>>();

/**
 * {@link valuesClearlyDiffer}, remembered per pair when both sides evaluate without charging work
 * (no integral, sum or derivative: then the answer is the same whenever asked and costs nothing on
 * the meter); the same left side is asked about a symbol when the symbol is looked up and again when
 * the statement is read whole.
 */
function clearlyDiffer(a: PreparedFormula, b: PreparedFormula): boolean {
  const free = (f: PreparedFormula) => f.ok && f.branches.length === 1 && shareable(f.branches[0]!.rhs);
  if (!free(a) || !free(b)) return valuesClearlyDiffer(a, b);
  let byOther = differMemo.get(a);
  if (byOther === undefined) differMemo.set(a, (byOther = new WeakMap()));
  let known = byOther.get(b);
  if (known === undefined) byOther.set(b, (known = valuesClearlyDiffer(a, b)));
  return known;
}

/** A result computed under the work meter, with the work it cost (charged again when recalled). */
interface Recorded<T> {
  /** The text it was computed for (its key's own text: a prepared formula stands for one text). */
  readonly text: string;
  readonly value: T;
  readonly work: number;
}

/**
 * `compute()`, remembered per prepared formula (the scorer's preparer returns one object per text,
 * so the same left side in several links of a chain, or in the next answer to the same problem, is
 * decided once). A recalled result charges its recorded work again, and is used only when the
 * budget left affords it (computed afresh otherwise, as before): work and results never depend on
 * what was decided earlier. A result cut by the budget is not remembered.
 */
function recorded<T>(
  memo: WeakMap<PreparedFormula, Recorded<T>>,
  key: PreparedFormula,
  text: string,
  compute: () => T,
): T {
  const hit = memo.get(key);
  if (hit !== undefined && hit.text === text && hit.work <= workRemaining() && chargeRecorded(hit.work))
    return hit.value;
  const run = metered(Number.POSITIVE_INFINITY, compute);
  if (!run.cut) memo.set(key, { text, value: run.value, work: run.work });
  return run.value;
}

/** The symbol a prepared left side reduces to, per prepared formula (see {@link recorded}). */
const reducedMemo = new WeakMap<PreparedFormula, Recorded<DefinedSymbol | undefined>>();
/** Whether two prepared values are equivalent, per pair. */
const sameMemo = new WeakMap<PreparedFormula, WeakMap<PreparedFormula, Recorded<boolean>>>();

/** A symbol a left side defines: its name and LaTeX, and the root taken of a power (`v^2`). */
interface DefinedSymbol {
  readonly name: string;
  readonly latex: string;
  readonly root?: number;
}

/**
 * The symbol a left side defines: the side itself when it is one symbol (`a`, `z_R`), or the one
 * symbol it reduces to (`\mu\cdot\frac{K}{K}`: canonical text `mu`), as its name and its LaTeX.
 */
function definedSymbol(lhs: string, prepare: (latex: string) => PreparedFormula): DefinedSymbol | undefined {
  const direct = symbolName(lhs);
  if (direct !== undefined) return { name: direct, latex: lhs.trim() };
  const p = prepare(lhs);
  // Two or three symbols at most: one defined, the others cancelling.
  if (!p.ok || p.kind !== 'expression' || p.variables.length > 4) return undefined;
  return recorded(reducedMemo, p, lhs, () => reducedSymbol(lhs, p, prepare));
}

/** The one symbol of `lhs` (prepared: `p`) that `p` is equivalent to, tried symbol by symbol. */
function reducedSymbol(
  lhs: string,
  p: PreparedFormula,
  prepare: (latex: string) => PreparedFormula,
): DefinedSymbol | undefined {
  const parsed = parseLatex(lhs);
  if (!parsed.ok) return undefined;
  const stack: Node[] = [parsed.tree];
  // Each symbol is tried once (K in \frac{K}{K} twice would give the same verdict twice); one that
  // clearly differs in value at a draw is not run through Algorithm 1 (it would reject).
  const tried = new Set<string>();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'symbol' && !tried.has(node.name)) {
      tried.add(node.name);
      const latex = lhs.slice(node.span.start, node.span.end);
      const alone = prepare(latex);
      if (alone.ok && !clearlyDiffer(p, alone) && compareFormulas(p, alone).verdict === 'equivalent')
        return { name: node.name, latex };
    }
    stack.push(...childNodes(node));
  }
  return undefined;
}

/** The largest power a defining left side may carry (`\omega_p^2`, `v^3`). */
const MAX_ROOT = 4;

/**
 * The symbol a left side `s^k` defines (k a whole number from 2 to {@link MAX_ROOT}): its name, its
 * LaTeX and the root k taken of the right side; undefined for any other left side.
 */
function definedPower(lhs: string): (DefinedSymbol & { readonly root: number }) | undefined {
  const parsed = parseLatex(lhs);
  if (!parsed.ok) return undefined;
  const tree = parsed.tree;
  if (tree.type !== 'binary' || tree.op !== '^' || tree.left.type !== 'symbol') return undefined;
  const power = tree.right;
  if (power.type !== 'number' || !Number.isInteger(power.value) || power.value < 2 || power.value > MAX_ROOT)
    return undefined;
  const base = tree.left;
  return { name: base.name, latex: lhs.slice(base.span.start, base.span.end), root: power.value };
}

/** The positive k-th root of a value, as LaTeX. */
function rootOf(value: string, k: number): string {
  return k === 2 ? `\\sqrt{${value}}` : `\\left(${value}\\right)^{1/${k}}`;
}
