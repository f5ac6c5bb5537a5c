import { childNodes } from '../core/child-nodes.js';
import { stripMath } from '../core/strip-math.js';
import type { Node } from '../core/tree.js';
import type { PrepareOptions } from '../equivalence/index.js';
import { findMathBlocks } from '../extract/find-math-blocks.js';
import { parseLatex } from '../latex/index.js';
import { problemStatement } from './given-nodes.js';
import type { Problem } from './types.js';

/** Letters that are units after a number unless the problem uses them as quantities. */
const UNIT_LETTERS: ReadonlySet<string> = new Set(['Omega', 'A', 'T', 'V', 'C']);

/** Most formulas of a problem read for its quantities (a pathological problem stays bounded). */
const MAX_FORMULAS = 400;

const memo = new WeakMap<Problem, PrepareOptions>();

/**
 * How a problem's formulas (and the answers to it) are prepared: its constants map, the unit letters
 * it uses as quantities ({@link unitLetterQuantities}), and whether `e` to a plain number is Euler's
 * number (where the problem does not use `e` as a quantity: {@link usesChargeE}). Memoized per problem
 * object.
 */
export function problemPrepareOptions(problem: Problem): PrepareOptions {
  let known = memo.get(problem);
  if (known === undefined) {
    const quantities = unitLetterQuantities(problem);
    known = {
      ...(problem.constants === undefined ? {} : { constants: problem.constants }),
      ...(quantities.length === 0 ? {} : { quantities }),
      ...(usesChargeE(problem) ? {} : { eulerPowers: true }),
    };
    memo.set(problem, known);
  }
  return known;
}

/**
 * The unit letters (`\Omega`, `A`, `T`, `V`, `C`) a problem uses as quantities: written as a
 * symbol — not after a number — in the math of its statement, its final answers or its reference
 * DAG (an angular velocity `$\Omega$`, an area `A`, a period `T`). After a number such a letter is
 * then read as the quantity (`\frac{3}{4}\Omega` is three quarters of Ω, not 0.75 ohm). Sorted.
 */
export function unitLetterQuantities(problem: Problem): string[] {
  const texts = problemTexts(problem);
  const found = new Set<string>();
  for (const text of texts.slice(0, MAX_FORMULAS)) {
    // Only texts that can name one (a cheap test before parsing).
    if (!/\\(?:var)?Omega|Ω|[ATVC]/.test(text)) continue;
    const parsed = parseLatex(text);
    if (parsed.ok) collect(parsed.tree, found);
  }
  return [...found].sort();
}

/**
 * Whether a problem uses `e` as a quantity (the elementary charge: `$e$`, `q = -5e`, `\frac{e^2}{4\pi
 * \varepsilon_0 r}`, a constants map entry) in the math of its statement, its final answers or its
 * reference DAG: a symbol `e` that is not the base of a power (`e^{-t/\tau}`, `e^{x}`, `e^{3}`) nor
 * upright (`\mathrm{e}`, Euler's number). Then `e^{2}` stays the charge squared.
 */
export function usesChargeE(problem: Problem): boolean {
  if (problem.constants !== undefined && Object.keys(problem.constants).some((k) => k.trim() === 'e'))
    return true;
  for (const text of problemTexts(problem).slice(0, MAX_FORMULAS)) {
    if (!/(?<![A-Za-z\\])e(?![A-Za-z])/.test(text)) continue;
    const parsed = parseLatex(text);
    if (parsed.ok && hasChargeE(parsed.tree)) return true;
  }
  return false;
}

function hasChargeE(node: Node): boolean {
  if (node.type === 'symbol') return node.name === 'e' && node.upright !== true;
  // The base of a power (`e^{x}`, `e^{-1}`, and `e^{3}`, which is what is to be decided) is no
  // evidence: a charge shows itself alone somewhere (`-e`, `q = 5e`, `\frac{e}{m}`).
  if (node.type === 'binary' && node.op === '^' && node.left.type === 'symbol' && node.left.name === 'e')
    return hasChargeE(node.right);
  return childNodes(node).some(hasChargeE);
}

const lettersMemo = new WeakMap<Problem, ReadonlySet<string>>();

/**
 * The single Latin letters a problem uses as quantities: written as a symbol (`h`, `m`, `K`, not
 * `m_1`) in the math of its statement, its final answers or its reference DAG. After a stated value
 * in a plain-text answer such a letter stays the quantity (`y = 0.5 h` is half the height when the
 * problem has a height h); any other unit letter is the unit (`t = 4.75 h` is 4.75 hours). Also,
 * written `V_bi`, each Latin letter the problem writes with a subscript word of two lower-case letters
 * (`V_{\text{bi}}`): plain text's `V_bi` is that name, not V_b·i. Memoized per problem object.
 */
export function problemLetters(problem: Problem): ReadonlySet<string> {
  let known = lettersMemo.get(problem);
  if (known === undefined) {
    const found = new Set<string>();
    for (const text of problemTexts(problem).slice(0, MAX_FORMULAS)) {
      const parsed = parseLatex(text);
      if (parsed.ok) collectLetters(parsed.tree, found);
    }
    known = found;
    lettersMemo.set(problem, known);
  }
  return known;
}

function problemTexts(problem: Problem): string[] {
  const texts: string[] = [];
  for (const block of findMathBlocks(problemStatement(problem))) texts.push(block.content);
  for (const answer of problem.final_answer ?? []) texts.push(answer);
  for (const sub of problem.subquestions ?? []) texts.push(...(sub.final_answer ?? []));
  for (const node of problem.grading_standard) texts.push(stripMath(node.formula).latex);
  return texts;
}

function collectLetters(node: Node, found: Set<string>): void {
  // An upright letter is a unit the parser did not attach (`300 .\mathrm{K}`), not a quantity.
  if (node.type === 'symbol' && /^[A-Za-z]$/.test(node.name) && node.upright !== true) found.add(node.name);
  // A Latin letter with a two-letter subscript word (`V_{\text{bi}}`): plain text writes it `V_bi`.
  const pair = node.type === 'symbol' ? /^([A-Za-z])_\{([a-z]{2})\}$/.exec(node.name) : null;
  if (pair !== null) found.add(`${pair[1]}_${pair[2]}`);
  for (const child of childNodes(node)) collectLetters(child, found);
}

function collect(node: Node, found: Set<string>): void {
  if (node.type === 'symbol' && UNIT_LETTERS.has(node.name)) found.add(node.name);
  for (const child of childNodes(node)) collect(child, found);
}
