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
    else if (dimension !== undefined) {
      const mixed = unitMixUp(sides === undefined ? only.latex : sides.rhs, dimension, problem.context);
      if (mixed !== undefined)
        out.push({
          code: 'reference-suspect',
          severity: 'warning',
          message: `the expected answer ${only.latex} is in ${mixed.reference}, but every value of that dimension the problem gives is in ${mixed.data} (${mixed.values.join(', ')}): read in ${mixed.data} the number is of their size, as written it is ${mixed.factor} times ${mixed.smaller ? 'smaller' : 'larger'} than all of them, so the source likely wrote the wrong unit (${mixed.number} ${mixed.data} meant); answers are still graded against it as written, so an answer of ${mixed.number} ${mixed.data} is graded wrong`,
          where,
        });
    }
  }
  return out;
}

/** A number with a unit word after it, in a problem's text (`2.0 \mathrm{~km}`, `$12.0 \mathrm{~cm}$`, `3.5 m`). */
const DATUM =
  /(?<![\d.^_{])(\d+(?:\.\d+)?)\s*(?:\\[,;: ]\s*)*(?:\\(?:mathrm|text|rm)\s*\{\s*~?\s*([A-Za-zµμ]{1,4})\s*\}|~?([A-Za-zµμ]{1,4})\b)/g;

/**
 * A reference whose unit is not the one the problem's data of its dimension are all written in, and
 * that is a thousand-fold (or more) off from all of them as written while its number, read in the
 * data's unit, is of their size: `4.8 m` for the farthest distance three moves of 2.0 km, 2.0 km and
 * 1.0 km reach (4.8 km). Two data at least, all in one unit, 100 times or more apart from the
 * reference's; the reference read in the data's unit lies within a tenth of the smallest and ten
 * times their sum, as written outside a hundredth of the smallest (and below what any datum resolves:
 * half a unit in its last place) or a hundred times their sum.
 */
function unitMixUp(
  latex: string,
  dimension: readonly number[],
  text: string,
):
  | {
      reference: string;
      data: string;
      values: string[];
      number: string;
      factor: string;
      smaller: boolean;
    }
  | undefined {
  const written =
    /^\s*(\d+(?:\.\d+)?)\s*(?:\\[,;: ]\s*)*\\(?:mathrm|text|rm)\s*\{\s*([A-Za-zµμ]{1,4})\s*\}\s*$/.exec(
      latex,
    );
  if (written === null) return undefined;
  const reference = parseUnit(written[2]!);
  if (!reference.ok || !sameDimension(reference.dim, dimension)) return undefined;
  const data: { text: string; value: number; unit: string; scale: number; resolution: number }[] = [];
  for (const m of text.matchAll(DATUM)) {
    const word = m[2] ?? m[3]!;
    const unit = parseUnit(word);
    if (!unit.ok || !sameDimension(unit.dim, dimension)) continue;
    const decimals = m[1]!.split('.')[1]?.length ?? 0;
    data.push({
      text: `${m[1]} ${word}`,
      value: Number(m[1]) * unit.scale,
      unit: word,
      scale: unit.scale,
      resolution: 0.5 * 10 ** -decimals * unit.scale,
    });
  }
  const units = new Set(data.map((d) => d.unit));
  if (data.length < 2 || units.size !== 1) return undefined;
  const scale = data[0]!.scale;
  const ratio = scale / reference.scale;
  if (ratio < 100 && ratio > 1 / 100) return undefined;
  const number = Number(written[1]);
  const lo = Math.min(...data.map((d) => d.value));
  const sum = data.reduce((a, d) => a + d.value, 0);
  const asData = number * scale;
  const asWritten = number * reference.scale;
  if (asData < lo / 10 || asData > 10 * sum) return undefined;
  // Far below the data it must also be finer than any of them resolves (`3 mm` from 2.000 m and
  // 2.003 m is a difference they do resolve).
  const finest = Math.min(...data.map((d) => d.resolution));
  if (asWritten <= 100 * sum && (asWritten >= lo / 100 || asWritten >= finest)) return undefined;
  return {
    reference: written[2]!,
    data: data[0]!.unit,
    values: data.map((d) => d.text),
    number: written[1]!,
    factor: String(Number((ratio >= 1 ? ratio : 1 / ratio).toPrecision(3))),
    smaller: ratio >= 1,
  };
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
