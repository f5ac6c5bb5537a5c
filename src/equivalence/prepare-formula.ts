import { childNodes } from '../core/child-nodes.js';
import { type Diagnostic, diagnostic, hasError } from '../core/diagnostic.js';
import { sortStrings } from '../core/sort-small.js';
import type { Node, RelOp } from '../core/tree.js';
import { parseLatex } from '../latex/parse-latex.js';
import { canonicalText, expandPlusMinus, normalize, rewriteBottomUp } from '../normalize/index.js';
import { freeVariables } from '../numeric/index.js';
import { literalPrecision } from './literal-precision.js';
import { stripMathDelimiters } from './strip-math.js';
import type { PreparedFormula } from './types.js';

/** The symbol a bare expression is equated to, so expressions compare by value. */
export const VALUE_SYMBOL = '__value';

/** Options of {@link prepareFormula}. */
export interface PrepareOptions {
  /** The problem's constants map: symbol LaTeX → value LaTeX. */
  readonly constants?: Readonly<Record<string, string>>;
  /** Most ± signs expanded (2^n branches). Default 4. */
  readonly maxPlusMinus?: number;
  /**
   * Unit letters the problem uses as quantities (canonical names among `Omega`, `A`, `T`, `V`, `C`):
   * written bare after a number (`\frac{3}{4}\Omega`, `2 A`), such a letter is that quantity, not
   * ohm, ampere, tesla, volt or coulomb. A unit in a font or `\text{}` (`5\,\mathrm{A}`) stays a unit.
   */
  readonly quantities?: readonly string[];
  /**
   * `e` raised to a plain number (`e^{3}`, `e^2`) is Euler's number to that power, as `e^{x}` and
   * `e^{-1}` always are: set for a problem that does not use `e` as a quantity (the elementary
   * charge). Unset, such a power is the symbol `e` squared or cubed (`\frac{e^2}{4\pi\varepsilon_0 r}`).
   */
  readonly eulerPowers?: boolean;
}

/** Unit texts of the letters that may be quantities, by their symbol's canonical name. */
const LETTER_UNITS: Readonly<Record<string, string>> = { Ω: 'Omega', A: 'A', T: 'T', V: 'V', C: 'C' };

/** `tree` with each bare unit letter that names one of `quantities` read as that quantity. */
function unitLettersAsQuantities(tree: Node, source: string, quantities: readonly string[]): Node {
  return rewriteBottomUp(tree, (node) => {
    if (node.type !== 'unit') return node;
    const name = LETTER_UNITS[node.unit];
    if (name === undefined || !quantities.includes(name)) return node;
    const written = source.slice(node.span.start, node.span.end).trim();
    if (!/^(?:\\(?:var)?Omega|Ω|[A-Z])$/.test(written)) return node;
    return { type: 'symbol', name, span: node.span };
  });
}

/** `tree` with `e` to a plain number written as Euler's number (`e^{3}` → `\mathrm{e}^{3}`). */
function eulerNumberPowers(tree: Node): Node {
  return rewriteBottomUp(tree, (node) => {
    if (node.type !== 'binary' || node.op !== '^' || node.right.type !== 'number') return node;
    const base = node.left;
    if (base.type !== 'symbol' || base.name !== 'e' || base.vector === true || base.upright === true)
      return node;
    return { ...node, left: { ...base, upright: true } };
  });
}

const INVALID = {
  kind: 'invalid',
  op: '=',
  branches: [],
  variables: [],
  canonical: '',
  derivativeVariables: [],
  precision: 0,
  costlyVariables: [],
} as const;

function invalid(source: string, diagnostics: readonly Diagnostic[]): PreparedFormula {
  return { ok: false, source, diagnostics, ...INVALID };
}

/** A formula that was not prepared (`ok: false`), with the reason. */
export function unpreparedFormula(latex: string, reason: Diagnostic): PreparedFormula {
  return invalid(stripMathDelimiters(latex), [reason]);
}

/**
 * Parses, normalizes (constants map, units, math constants) and ±-expands one formula, ready to be
 * compared many times. Never throws: failures give `ok: false` with diagnostics. A block that holds
 * several formulas is not one formula (`multiple-formulas`); see {@link prepareFormulaItems}.
 */
export function prepareFormula(latex: string, options: PrepareOptions = {}): PreparedFormula {
  const items = prepareFormulaItems(latex, options);
  if (items.length === 1) return items[0]!;
  const source = stripMathDelimiters(latex);
  const d = diagnostic('multiple-formulas', 'error', `the block holds ${items.length} formulas`);
  return invalid(source, [d]);
}

/**
 * Like {@link prepareFormula}, but a block of several formulas or values (`a = 1, b = 2`,
 * `(3, \frac{\pi}{2})`) gives one prepared formula per item, in order. Parsing and normalization
 * run once for the whole block.
 */
export function prepareFormulaItems(latex: string, options: PrepareOptions = {}): PreparedFormula[] {
  const source = stripMathDelimiters(latex);
  const parsed = parseLatex(source);
  if (!parsed.ok) return [invalid(source, parsed.diagnostics)];
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const quantities = options.quantities ?? [];
  const letters =
    quantities.length === 0 ? parsed.tree : unitLettersAsQuantities(parsed.tree, source, quantities);
  const read = options.eulerPowers === true ? eulerNumberPowers(letters) : letters;
  const normalized = normalize(read, options.constants === undefined ? {} : { constants: options.constants });
  diagnostics.push(...normalized.diagnostics);
  if (hasError(normalized.diagnostics)) return [invalid(source, diagnostics)];
  const tree = normalized.tree;
  // Precision is read from the numbers written in the formula, before the constants map adds its own.
  const written = parsed.tree;
  if (tree.type !== 'list')
    return [prepareTree(tree, source, diagnostics, literalPrecision(written), options)];
  return tree.items.map((item, i) => {
    const writtenItem = written.type === 'list' ? written.items[i] : undefined;
    const precision = writtenItem === undefined ? 0 : literalPrecision(writtenItem);
    return prepareTree(
      item,
      source.slice(item.span.start, item.span.end),
      [...diagnostics],
      precision,
      options,
    );
  });
}

function prepareTree(
  tree: Node,
  source: string,
  diagnostics: Diagnostic[],
  precision: number,
  options: PrepareOptions,
): PreparedFormula {
  if (tree.type === 'list') {
    diagnostics.push(
      diagnostic('multiple-formulas', 'error', `a nested block of ${tree.items.length} formulas`, tree.span),
    );
    return invalid(source, diagnostics);
  }
  let relationOp: RelOp = '=';
  let kind: PreparedFormula['kind'] = 'equation';
  if (tree.type === 'relation' && tree.ops.length > 1 && tree.ops.every((op) => op === '=')) {
    // `K = \frac12 m v^2 = 9\,\mathrm{J}` states its first member equal to its last: compared as that
    // (a wrong intermediate step is not looked at; the scorer splits chains into their links).
    const first = tree.args[0]!;
    const last = tree.args[tree.args.length - 1]!;
    tree = { type: 'relation', ops: ['='], args: [first, last], span: tree.span };
    diagnostics.push(
      diagnostic('chain-first-last', 'info', 'a chain, compared as its first member = its last'),
    );
  }
  if (tree.type === 'relation') {
    if (tree.ops.length !== 1) {
      diagnostics.push(diagnostic('chained-relation', 'error', 'a chain of relations', tree.span));
      return invalid(source, diagnostics);
    }
    relationOp = tree.ops[0]!;
    if (relationOp === '~') {
      diagnostics.push(
        diagnostic('unsupported-relation', 'error', `relation '${relationOp}' is not checked`, tree.span),
      );
      return invalid(source, diagnostics);
    }
    // `\propto` and `\sim` are prepared as equations of their sides; compareFormulas compares them up
    // to a constant factor (order-of-magnitude.ts).
    if (relationOp !== '=' && relationOp !== 'propto' && relationOp !== 'sim') kind = 'inequality';
  } else {
    kind = 'expression';
  }

  const maxBranches = 2 ** (options.maxPlusMinus ?? 4);
  const expanded = expandPlusMinus(tree, maxBranches);
  if (expanded.length > maxBranches) {
    diagnostics.push(diagnostic('too-many-branches', 'error', `more than ${maxBranches} ± branches`));
    return invalid(source, diagnostics);
  }
  const swap = relationOp === '>' || relationOp === '>=';
  const op: PreparedFormula['op'] =
    relationOp === '>'
      ? '<'
      : relationOp === '>='
        ? '<='
        : relationOp === 'propto' || relationOp === 'sim'
          ? '='
          : (relationOp as PreparedFormula['op']);
  const branches = expanded.map((branch) => sides(branch, swap));
  const variables = new Set<string>();
  for (const { lhs, rhs } of branches) {
    for (const v of freeVariables(lhs)) variables.add(v);
    for (const v of freeVariables(rhs)) variables.add(v);
  }
  variables.delete(VALUE_SYMBOL);
  if (kind === 'expression') variables.add(VALUE_SYMBOL);
  const walked = { derivative: new Set<string>(), costly: new Set<string>() };
  derivativeAndCostlyVariables(tree, walked, false);
  return {
    ok: true,
    source,
    tree,
    diagnostics,
    kind,
    op,
    branches,
    variables: sortStrings([...variables]),
    canonical: canonicalText(tree),
    derivativeVariables: sortStrings([...walked.derivative]),
    precision,
    costlyVariables: sortStrings([...walked.costly]),
  };
}

function sides(branch: Node, swap: boolean): { lhs: Node; rhs: Node } {
  if (branch.type === 'relation') {
    const [a, b] = branch.args as [Node, Node];
    return swap ? { lhs: b, rhs: a } : { lhs: a, rhs: b };
  }
  return { lhs: { type: 'symbol', name: VALUE_SYMBOL, span: branch.span }, rhs: branch };
}

/**
 * One walk for two facts: the variables of the (non-partial) derivative operators anywhere in the
 * tree, and the free variables of each outermost integral, sum or product (solving for those
 * evaluates the integral or sum).
 */
function derivativeAndCostlyVariables(
  node: Node,
  found: { derivative: Set<string>; costly: Set<string> },
  insideCostly: boolean,
): void {
  if (node.type === 'derivative' && !node.partial) found.derivative.add(node.variable);
  let inside = insideCostly;
  if (!inside && (node.type === 'integral' || node.type === 'sum')) {
    for (const v of freeVariables(node)) found.costly.add(v);
    inside = true;
  }
  for (const child of childNodes(node)) derivativeAndCostlyVariables(child, found, inside);
}
