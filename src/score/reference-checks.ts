import { childNodes } from '../core/child-nodes.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { printTree } from '../core/print-tree.js';
import { createPrng } from '../core/prng.js';
import type { Node } from '../core/tree.js';
import { problemStatement } from '../dag/given-nodes.js';
import { problemPrepareOptions } from '../dag/problem-options.js';
import type { Problem } from '../dag/types.js';
import { prepareFormula, symbolName, VALUE_SYMBOL } from '../equivalence/index.js';
import { parseLatex } from '../latex/index.js';
import { compile } from '../numeric/compile.js';
import { parseUnit } from '../physics/units.js';
import { relationSides } from './answer-text.js';
import { sameDimension, writtenDimension } from './numeric-answer.js';

/** The dimension of a pure number. */
const DIMENSIONLESS: readonly number[] = [0, 0, 0, 0, 0, 0, 0];

/** Points an expected answer is evaluated at. */
const DRAWS = 8;
/** Where each variable is drawn: positive values of order one. */
const RANGE: readonly [number, number] = [0.5, 3];

/**
 * Findings about a problem's expected final answers that a reader of its records should see: a
 * reference that cannot be what the question asks (diagnostic `reference-suspect`, a warning). The
 * grading is not changed: an answer is still compared with the reference as written.
 * - An answer that subtracts a term from itself (`|\sqrt{c^2 - v_1^2} - \sqrt{c^2 - v_1^2}|` in a
 *   numerator: one term written twice where two were meant).
 * - A problem that asks for one quantity's magnitude ("Find the magnitude of the electric field")
 *   whose expected answer is negative at every draw of positive variables.
 * - A value in another dimension than the unit the question asks for ("Answer in Watts." with a
 *   reference in N), or with a unit where the question asks for a percentage.
 * - A question asking for a power of a quantity ("Find $\omega^{2}$") whose reference is in a unit
 *   that is no such power (145 s⁻¹: the unit of ω, not of ω²).
 * Deterministic: the draws are seeded by the problem id and the answer.
 */
export function referenceFindings(problem: Problem): Diagnostic[] {
  const out: Diagnostic[] = [];
  const answers = [
    ...(problem.final_answer ?? []).map((latex) => ({ latex, form: problem.final_answer_form })),
    ...(problem.subquestions ?? []).flatMap((s) =>
      (s.final_answer ?? []).map((latex) => ({
        latex,
        form: s.final_answer_form ?? problem.final_answer_form,
      })),
    ),
  ];
  const where = `problem ${problem.id}`;
  for (const { latex, form } of answers) {
    if (form === 'text-based') continue;
    const twice = repeatedDifference(latex);
    if (twice !== undefined)
      out.push({
        code: 'reference-suspect',
        severity: 'warning',
        message: `the expected answer ${latex} subtracts ${twice} from itself, so that term is 0 whatever the values: likely a typo in the reference (one term written twice where two were meant); answers are still graded against it as written`,
        where,
      });
  }
  // A magnitude asked for one quantity, and a reference negative wherever its variables are positive.
  const only = answers.length === 1 ? answers[0]! : undefined;
  if (only !== undefined && only.form !== 'text-based' && asksMagnitude(problemStatement(problem))) {
    const sides = relationSides(only.latex);
    const value = sides !== undefined && symbolName(sides.lhs) !== undefined ? sides.rhs : only.latex;
    const p = prepareFormula(value, problemPrepareOptions(problem));
    if (p.ok && p.kind === 'expression' && p.branches.length === 1) {
      const variables = p.variables.filter((v) => v !== VALUE_SYMBOL);
      const values = drawValues(p.branches[0]!.rhs, variables, `${problem.id}\u241e${only.latex}`);
      if (values?.every((v) => v < 0) === true)
        out.push({
          code: 'reference-suspect',
          severity: 'warning',
          message: `the problem asks for a magnitude, but the expected answer ${only.latex} is negative${variables.length > 0 ? ` at every draw of positive ${variables.join(', ')}` : ''}: the reference gives a signed value (likely a flipped sign), not the magnitude; answers are still graded against it as written, so an answer that gives the magnitude (its negative) is graded wrong`,
          where,
        });
    }
  }
  // A value whose unit is not the one the question asks for ("Answer in Watts" with a value in N;
  // "What is the percentage increase" with a value in K).
  if (only !== undefined && only.form === 'numerical') {
    const sides = relationSides(only.latex);
    const dimension = writtenDimension(
      prepareFormula(sides === undefined ? only.latex : sides.rhs, problemPrepareOptions(problem)),
    );
    const asked = askedUnit(problem.context);
    const power = askedPower(problem.context);
    const unit = dimension === undefined ? undefined : asked;
    if (dimension !== undefined && unit !== undefined && !sameDimension(dimension, unit.dimension))
      out.push({
        code: 'reference-suspect',
        severity: 'warning',
        message: `the problem asks for the answer in ${unit.word}, but the expected answer ${only.latex} is in another dimension: the reference's unit (or its quantity) is not the one asked; answers are still graded against it as written`,
        where,
      });
    else if (dimension !== undefined && power !== undefined && !isPowerOf(dimension, power.n))
      out.push({
        code: 'reference-suspect',
        severity: 'warning',
        message: `the problem asks for ${power.latex}, the ${ordinal(power.n)} power of a quantity, but the expected answer ${only.latex} is in a unit that is no ${ordinal(power.n)} power of any unit (its exponents are not multiples of ${power.n}): the reference likely gives the unit of the quantity itself; answers are still graded against it as written, so an answer in the ${ordinal(power.n)} power of that unit is graded wrong`,
        where,
      });
    else if (
      dimension !== undefined &&
      asksPercentage(problem.context) &&
      !sameDimension(dimension, DIMENSIONLESS)
    )
      out.push({
        code: 'reference-suspect',
        severity: 'warning',
        message: `the problem asks for a percentage, but the expected answer ${only.latex} carries a unit: the reference gives another quantity than the one asked; answers are still graded against it as written`,
        where,
      });
  }
  return out;
}

/** The unit a question asks its answer in ("Answer in Watts.", "Give your answer in joules"). */
function askedUnit(text: string): { word: string; dimension: readonly number[] } | undefined {
  const m =
    /\b(?:answer|give (?:the|your) (?:answer|value)|express (?:the|your) answer)\s+in\s+([A-Za-z]+)\s*[.!]?\s*$/im.exec(
      text,
    );
  if (m === null) return undefined;
  const unit = parseUnit(m[1]!.toLowerCase());
  return unit.ok ? { word: m[1]!, dimension: unit.dim } : undefined;
}

/**
 * The power of one quantity an asking sentence asks for, written alone in its math (`Find
 * $\omega^{2}$.`, `Determine $v_0^2$`): the math and the whole power n ≥ 2; undefined otherwise.
 */
function askedPower(text: string): { latex: string; n: number } | undefined {
  for (const sentence of text.split(/(?<=[.?!])\s+/)) {
    if (!ASKS.test(sentence)) continue;
    for (const m of sentence.matchAll(/\$([^$]{1,40})\$/g)) {
      // A letter or a Greek letter with its subscript, not a unit (`$\mathrm{cm}^3$`, `$(\mathrm{m}^2)$`).
      if (!POWER_OF_SYMBOL.test(m[1]!)) continue;
      const parsed = parseLatex(m[1]!);
      if (!parsed.ok) continue;
      const t = parsed.tree;
      if (
        t.type === 'binary' &&
        t.op === '^' &&
        t.left.type === 'symbol' &&
        t.right.type === 'number' &&
        Number.isInteger(t.right.value) &&
        t.right.value >= 2 &&
        t.right.value <= 4
      )
        return { latex: m[1]!.trim(), n: t.right.value };
    }
  }
  return undefined;
}

/** `\omega^{2}`, `v_0^2`, `v_{\mathrm{rms}}^{2}`: a symbol, its subscript, a power. */
const POWER_OF_SYMBOL =
  /^\s*(?:[A-Za-z]|\\[A-Za-z]+)(?:_(?:\{(?:[^{}$]|\{[^{}$]*\})*\}|[A-Za-z0-9]))?\s*\^\s*(?:\{\s*\d\s*\}|\d)\s*$/;

/** Whether a dimension is the n-th power of one: every exponent a multiple of n. */
function isPowerOf(dimension: readonly number[], n: number): boolean {
  return dimension.every((x) => Math.abs(x / n - Math.round(x / n)) < 1e-9);
}

function ordinal(n: number): string {
  return n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`;
}

/** Whether an asking sentence asks for a percentage ("What is the percentage increase from T₀ to T₁?"). */
function asksPercentage(text: string): boolean {
  return text
    .split(/(?<=[.?!])\s+/)
    .some((sentence) => ASKS.test(sentence) && /\bpercent(?:age)?\b/i.test(sentence));
}

/**
 * Whether an asking sentence asks for a value in percent ("Give the value in %.", "what is the mole
 * percent of butane?"): a percent sign or the word in a sentence that asks.
 */
export function asksInPercent(text: string): boolean {
  return text
    .split(/(?<=[.?!])\s+/)
    .some((sentence) => ASKS.test(sentence) && /%|\bper\s?cent(?:age)?\b/i.test(sentence));
}

/** A sentence that asks for something (find, determine, what is …). */
const ASKS = /\b(?:find|determine|calculate|compute|what\s+(?:is|are)|give|provide|obtain|express|write)\b/i;

/**
 * Whether the text asks for a magnitude: a sentence that asks and names "magnitude" ("Find the
 * magnitude of the field", "provide its magnitude"), not "order of magnitude" nor a given value
 * ("a dipole of magnitude $p = …$", "has the magnitude 3.0 × 10³ N/C").
 */
function asksMagnitude(text: string): boolean {
  return text
    .split(/(?<=[.?!])\s+/)
    .some(
      (sentence) =>
        ASKS.test(sentence) &&
        /\bmagnitude\b(?!\s+(?:of\s+)?(?:about\s+)?\$|\s+\d)/i.test(sentence) &&
        !/order[- ]of[- ]magnitude/i.test(sentence),
    );
}

/** The LaTeX of a term the expression subtracts from itself (`X - X`, written with a symbol), if any. */
function repeatedDifference(latex: string): string | undefined {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return undefined;
  const stack: Node[] = [parsed.tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'binary' && node.op === '-' && hasSymbol(node.left)) {
      const left = printTree(node.left);
      if (left === printTree(node.right)) return latex.slice(node.left.span.start, node.left.span.end);
    }
    stack.push(...childNodes(node));
  }
  return undefined;
}

function hasSymbol(node: Node): boolean {
  if (node.type === 'symbol') return true;
  return childNodes(node).some(hasSymbol);
}
/** The expression at {@link DRAWS} seeded points (each variable in {@link RANGE}); undefined when any is not finite. */
function drawValues(tree: Node, variables: readonly string[], seed: string): number[] | undefined {
  const compiled = compile(tree, variables);
  const prng = createPrng(`reference-check\u241e${seed}`);
  const values: number[] = [];
  const point = new Float64Array(variables.length);
  for (let k = 0; k < DRAWS; k++) {
    for (let i = 0; i < variables.length; i++) point[i] = prng.uniform(RANGE[0], RANGE[1]);
    const v = compiled.fn(point);
    if (!Number.isFinite(v)) return undefined;
    values.push(v);
  }
  return values;
}
