import { childNodes } from '../core/child-nodes.js';
import { printLatex } from '../core/print-latex.js';
import { stripMath } from '../core/strip-math.js';
import type { Node, Verdict } from '../core/tree.js';
import { ancestorClosure } from '../dag/ancestor-closure.js';
import { problemStatement } from '../dag/given-nodes.js';
import { problemPrepareOptions } from '../dag/problem-options.js';
import type { DagNode, Problem } from '../dag/types.js';
import { withStandardConstants } from '../equivalence/constants-fallback.js';
import {
  compareFormulas,
  effectiveVariables,
  prepareFormula,
  symbolName,
  VALUE_SYMBOL,
  valuesClearlyDiffer,
} from '../equivalence/index.js';
import {
  DEFAULT_NUMERIC_TOLERANCE,
  literalUnit,
  type NumericTolerance,
  writtenDigits,
} from '../equivalence/literal-precision.js';
import { scalingOf } from '../equivalence/order-of-magnitude.js';
import type { EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import type { ExtractionResult } from '../extract/types.js';
import { parseLatex } from '../latex/index.js';
import { substituteSymbols } from '../normalize/index.js';
import { freeVariables } from '../numeric/free-variables.js';
import { shareable } from '../numeric/prepare-equation.js';
import { workExhausted } from '../numeric/work-meter.js';
import { type AnswerDefinition, type AnswerDefinitions, answerDefinitions } from './answer-definitions.js';
import {
  type AnswerSection,
  answerSections,
  boxedContents,
  boxedSpans,
  concludingOffset,
  phraseMatches,
  relationSides,
} from './answer-text.js';
import { asksCount, countReference, sameCount } from './asked-count.js';
import { askedExtremum, extremumName } from './asked-extremum.js';
import { type AskedRatio, askedRatio, ratioCoefficient } from './asked-ratio.js';
import { dashRange, wrongArithmetic } from './chain-arithmetic.js';
import { constantNotations, namedConstants, textSymbols } from './constant-notation.js';
import {
  declaresAnswer,
  finalStatements,
  isLone,
  PLUS_MINUS,
  type Statement,
  signBranches,
} from './final-statements.js';
import {
  type ForwardValues,
  forwardAlong,
  forwardValues,
  valueAt,
  witnessInputs,
  witnessStated,
  witnessStatedExcept,
} from './forward-values.js';
import {
  componentMagnitudes,
  heatCapacityRatio,
  lookalikeAliases,
  namedTime,
} from './implied-definitions.js';
import {
  type Dimension,
  exactData,
  expressionValue,
  gradeExact,
  gradeValue,
  integerUnitReading,
  sameDimension,
  standardGravityReading,
  temperatureDifference,
  unitsAfterValue,
  valueAsWritten,
  type WrittenValue,
  writtenDimension,
  writtenValue,
} from './numeric-answer.js';
import { problemDefinitions } from './problem-definitions.js';
import { proseAliases } from './prose-aliases.js';
import { closingProseValue, type ProseValue } from './prose-values.js';
import { asksInPercent } from './reference-checks.js';
import { type GivenRelation, givenRelations, relationDefinitions } from './reference-relations.js';
import {
  type AskedShape,
  askedSymbols,
  isCondition,
  type RemarkReader,
  remarkReader,
  symbolKeyOf,
  withoutTrailingRemarks,
} from './trailing-remarks.js';
import type { FinalAnswerCheck } from './types.js';

/** Options of {@link checkFinalAnswer}. */
export interface FinalAnswerOptions {
  /** Grader tolerance of numerical answers (default `DEFAULT_NUMERIC_TOLERANCE`). */
  readonly tolerance?: NumericTolerance;
  /**
   * Prepares answer LaTeX with the problem's constants; the scorer passes its cached preparer so the
   * answer's formulas are prepared once per response, not once per check. Default `prepareFormula`.
   */
  readonly prepare?: (latex: string) => PreparedFormula;
  /**
   * Decides an answer formula against an expected one; the scorer passes its pair matcher (identity
   * and effective-variable shortcuts, verdict cache), so a check that falls back to every formula
   * of the answer does not run Algorithm 1 on each. Default `compareFormulas`.
   */
  readonly compare?: (got: PreparedFormula, want: PreparedFormula) => Verdict;
  /** Final nodes the answer contradicts ({@link creditFinalNodes}): not reached as ancestors. */
  readonly contradicted?: ReadonlySet<number>;
  /** Quantities (canonical texts) the answer gives contradictory values (`contradictory-values`): never answered. */
  readonly contradictedQuantities?: ReadonlySet<string>;
  /** The left sides (LaTeX) of those quantities: a product with the asked quantity among its factors hedges it. */
  readonly contradictedNames?: readonly string[];
  /**
   * The answer ends by hedging: its last formula takes part in contradictory values with one offered
   * as an alternative (`E ≈ 47 N/C (or 54 N/C if …)`) or all written as numbers
   * (`F \approx 3.8 \text{ or } 7.6\ \text{N}`). A problem that expects one bare value (no
   * quantity named) is then not answered.
   */
  readonly hedgedConclusion?: boolean;
  /**
   * The formulas (LaTeX) of those contradictions that hedge (an alternative offered, or plain
   * numbers): a bare expected value met by one of them is not answered, whatever the answer writes
   * after the hedge (`\boxed{v = 14.44 \text{ or } 5.12\ \text{km/s}}`, then any other formula).
   */
  readonly hedgedFormulas?: readonly string[];
  /**
   * Where the answer's formulas that met a final node stand (their offsets; a final node met by
   * value, at no one formula, counts as the end of the answer). Where every one stands before the
   * part's last statement of the asked quantity under its own name, that statement concludes the
   * part, whatever unrelated formulas follow it (`x = 1`, `p \propto m` after `p = …`): the working
   * that met the final node came before the answer's own conclusion.
   */
  readonly finalMatchOffsets?: readonly number[];
}

interface Expected {
  readonly latex: string;
  readonly form: string;
  readonly sigfigs?: number;
  /** An absolute tolerance the source states for this answer, in the unit it is written in. */
  readonly tolerance?: number;
  /** The sub-question letter, when the answer belongs to one. */
  readonly letter?: string;
}

/**
 * The absolute tolerances a source states for a problem's final answers, one per answer, in the unit
 * each is written in: OlympiadBench's `error` (`"1e0"`, `"1e-2,1e-3"`), which its importer keeps in
 * `meta`. Undefined when none is stated or the list does not pair with the answers; an entry of 0 or
 * one that is not a number states nothing.
 */
function sourceTolerances(problem: Problem): (number | undefined)[] | undefined {
  const error = problem.meta?.error;
  if (typeof error !== 'string' || (problem.subquestions?.length ?? 0) > 0) return undefined;
  return error.split(',').map((x) => {
    const v = Number(x.trim());
    return Number.isFinite(v) && v > 0 ? v : undefined;
  });
}

/**
 * Whether the problem's final answers are one answer written in several forms (`meta.alternative_answers`,
 * set by the OlympiadBench importer where the source lists several answers to a question it marks as
 * having one: `\sqrt{k/m - \omega_{ss}^2}` and `\sqrt{k/m - g_E/R}`), so meeting any one answers it.
 */
function alternativeForms(problem: Problem): boolean {
  return problem.meta?.alternative_answers === true && (problem.subquestions?.length ?? 0) === 0;
}

/** The expected final answers of a problem: its own and its sub-questions' `final_answer` lists. */
function expectedAnswers(problem: Problem): Expected[] {
  const out: Expected[] = [];
  const add = (
    list: readonly string[] | undefined,
    form: string | undefined,
    sf?: number,
    letter?: string,
  ) => {
    for (const written of list ?? []) {
      const latex = unboxed(written);
      const base = { latex, form: form ?? 'algebraic' };
      const figures = sf ?? problem.significant_figures;
      out.push({
        ...base,
        ...(figures === undefined ? {} : { sigfigs: figures }),
        ...(letter === undefined ? {} : { letter: letter.toLowerCase() }),
      });
    }
  };
  add(problem.final_answer, problem.final_answer_form, problem.significant_figures);
  const stated = sourceTolerances(problem);
  if (stated !== undefined && stated.length === out.length)
    return out.map((e, i) => (stated[i] === undefined ? e : { ...e, tolerance: stated[i] }));
  for (const sub of problem.subquestions ?? [])
    add(sub.final_answer, sub.final_answer_form, sub.significant_figures, sub.letter);
  return out;
}

/** A reference written inside `\boxed{…}` (`\boxed{\varphi=\frac{…}{…}}`, as OlympiadBench writes some): its content. */
function unboxed(latex: string): string {
  const m = /^\s*\\boxed\s*\{/.exec(latex);
  if (m === null) return latex;
  const open = m[0].length - 1;
  let depth = 0;
  for (let i = open; i < latex.length; i++) {
    if (latex[i] === '\\') i++;
    else if (latex[i] === '{') depth++;
    else if (latex[i] === '}' && --depth === 0)
      return latex.slice(i + 1).trim() === '' ? latex.slice(open + 1, i).trim() : latex;
  }
  return latex;
}

/**
 * Whether the answer gives the quantity an expected answer names different values together
 * (`contradictory-values`), so that nothing answers it: the quantity itself, a product with it among
 * the factors (`pc = X \text{ or } 2X` for p), or — for a bare expected value, the only one — a
 * conclusion that hedges. A reference written boxed (`\boxed{\varphi = …}`) names its quantity.
 */
function hedgedAnswer(
  latex: string,
  count: number,
  problem: Problem,
  options: FinalAnswerOptions,
  by?: string,
): boolean {
  if (options.contradictedQuantities === undefined || options.contradictedQuantities.size === 0) return false;
  const sides = relationSides(latex.replace(/^\s*\\boxed\s*\{([\s\S]*)\}\s*$/, '$1'));
  if (sides === undefined) return (options.hedgedConclusion === true && count === 1) || hedgedBy(by, options);
  const prepare = options.prepare ?? ((l: string) => prepareFormula(l, problemPrepareOptions(problem)));
  const q = prepare(sides.lhs);
  if (!q.ok || q.kind !== 'expression') return false;
  if (options.contradictedQuantities.has(q.canonical)) return true;
  const [v, ...more] = q.variables.filter((x) => x !== VALUE_SYMBOL);
  return (
    v !== undefined &&
    more.length === 0 &&
    (options.contradictedNames ?? []).some((name) => {
      if (/[+-]/.test(name)) return false;
      const n = prepare(name);
      return n.ok && n.variables.includes(v) && n.variables.length > 1;
    })
  );
}

/** Whether the text that met an expected value is a member of a hedge ({@link FinalAnswerOptions.hedgedFormulas}). */
function hedgedBy(by: string | undefined, options: FinalAnswerOptions): boolean {
  if (by === undefined || options.hedgedFormulas === undefined) return false;
  const text = by.replace(/\s+/g, '');
  return text !== '' && options.hedgedFormulas.some((f) => f.replace(/\s+/g, '').includes(text));
}

/**
 * Judges the final answer. `nodes`: every `is_final_answer` node is in `matched`. `explicit`, when
 * the problem gives `final_answer`: each expected answer (one per part; a problem has several when it
 * asks for several quantities or has sub-questions) must be met by the answer's *final statement* of
 * that quantity ({@link finalStatements}): the last formula naming the quantity on one side (a boxed
 * one wins over unboxed ones; for numerical answers, the last one that gives it a value), so an
 * intermediate value later revised is not credited and a wrong last value is not rescued by an
 * earlier right one. When the answer never names the quantity, the concluding candidates stand in:
 * the boxed formulas and values, else the last formula and value of the sub-question's section, of a
 * "Final answer"/"Summary" part, and of the whole answer. Algebraic: equivalence (an expected
 * expression against each side of a candidate); numerical: the value in SI within the grader
 * tolerance ({@link gradeValue}); text-based: the normalized phrase in a boxed text (or, nothing
 * boxed, in the answer's last 400 characters).
 */
export function checkFinalAnswer(
  problem: Problem,
  response: string,
  extraction: ExtractionResult,
  matched: ReadonlySet<number>,
  equivalence: EquivalenceOptions,
  options: FinalAnswerOptions = {},
): FinalAnswerCheck {
  const finals = problem.grading_standard.filter((n) => n.is_final_answer === true);
  const contradicted = options.contradicted ?? new Set<number>();
  const nodes = reachedFinals(problem, finals, matched, contradicted);
  const expected = expectedAnswers(problem);
  if (expected.length === 0) {
    // A problem with only a DAG (the released PRISM data): its final nodes are the expected answers,
    // already judged by value by {@link creditFinalNodes} (the scorer adds them to `matched`).
    const reached = new Set(ancestorClosure(problem.grading_standard, finalSeeds(finals, matched)));
    const answers = finals.map((n) => ({
      expected: stripMath(n.formula).latex.trim(),
      form: 'algebraic',
      correct: matched.has(n.index) || (reached.has(n.index) && !contradicted.has(n.index)),
    }));
    return { nodes, explicit: null, answers };
  }
  const { read, verdicts } = judgeUpToRemarks(expected, response, extraction, equivalence, problem, options);
  const hedged = (latex: string, by?: string) => hedgedAnswer(latex, expected.length, problem, options, by);
  const answers = expected.map((e, i) => {
    const by = hedged(e.latex, verdicts[i]) ? undefined : verdicts[i];
    const base = { expected: e.latex, form: e.form, correct: by !== undefined };
    return by === undefined ? base : { ...base, by };
  });
  // A source that writes one answer in several forms (OlympiadBench's list under
  // `is_multiple_answer: false`) is answered by any one of them.
  const explicit = alternativeForms(problem)
    ? answers.some((a) => a.correct)
    : answers.every((a) => a.correct);
  // An answer that boxes an expected quantity with another value has declared a wrong answer:
  // matching the final nodes elsewhere (an earlier line) does not rescue it.
  if (!explicit && nodes === true) {
    // Nor one that gives an asked quantity different values together (`v = \sqrt{2gh}` or
    // `v = \sqrt{gh}`): the equation it came from (`mgh = \frac12 mv^2`, which meets the final node)
    // does not answer for it.
    if (expected.some((e) => hedged(e.latex))) return { nodes: false, explicit, answers };
    // Nor one that closes its thinking (`</think>`) and then states the asked quantity at another value:
    // the answer shown commits to it, and what the thinking met does not answer for it.
    const shown = shownAnswer(response, read);
    if (shown !== undefined) {
      const said = statedAll(expected, response, shown, problem, options);
      if (answers.some((a, i) => !a.correct && said[i] === true)) return { nodes: false, explicit, answers };
    }
    const stated = statedAll(expected, response, read, problem, options, true);
    if (answers.some((a, i) => !a.correct && stated[i] === true)) return { nodes: false, explicit, answers };
    // So has one that boxes nothing and concludes the part with the quantity under its own name at a
    // value Algorithm 1 tells apart from the expected one (`p = \frac{(M^2 - m^2)c}{M}` after a squared
    // equation that met the final node): a wrong conclusion, not a form the check failed to read.
    const refuted = refutedAll(expected, response, read, problem, equivalence, options);
    if (answers.some((a, i) => !a.correct && refuted[i] === true)) return { nodes: false, explicit, answers };
    // So does a closing box that restates several parts' quantities (`\boxed{\theta_B = \arctan(n_1/n_2),\
    // \theta_t = …,\ \theta_B' = \theta_t}`) with a value of one of them Algorithm 1 tells apart.
    const summary = summaryBoxRefutes(expected, response, read, problem, equivalence, options);
    if (answers.some((a, i) => !a.correct && summary[i] === true)) return { nodes: false, explicit, answers };
  }
  return { nodes, explicit, answers };
}

/** The end of a reasoning model's thinking block. */
const THINK_END = /<\/think>/gi;

/**
 * The formulas of the answer a reasoning model shows after its thinking (`<think>…</think>`, then the
 * answer), when it shows any; undefined for an answer without a closed thinking block.
 */
function shownAnswer(response: string, extraction: ExtractionResult): ExtractionResult | undefined {
  let end = -1;
  for (const m of response.matchAll(THINK_END)) end = (m.index ?? 0) + m[0].length;
  if (end < 0) return undefined;
  const formulas = extraction.formulas.filter((f) => f.offset >= end);
  const candidates = extraction.candidates.filter((f) => f.offset >= end);
  return formulas.length + candidates.length === 0 ? undefined : { ...extraction, formulas, candidates };
}

/**
 * The final nodes an answer meets by value, as a grader reads it (issue 21): each unmatched final
 * node is judged like an expected final answer — its final statement under the node's name, else
 * the concluding statements of its part name-free (`v_f = …` for `v = …`, a boxed bare value). The
 * scorer counts them as matched (so their ancestors are credited), and a problem with only a DAG is
 * judged on them. Returns node index → the answer text that met it.
 */
export function creditFinalNodes(
  problem: Problem,
  response: string,
  extraction: ExtractionResult,
  matched: ReadonlySet<number>,
  equivalence: EquivalenceOptions,
  options: FinalAnswerOptions = {},
): FinalNodeCredit {
  const credited = new Map<number, string>();
  const contradicted = new Set<number>();
  const finals = problem.grading_standard.filter((n) => n.is_final_answer === true);
  const open = finals.filter((n) => !matched.has(n.index));
  if (open.length === 0) return { credited, contradicted };
  const prepare = preparer(problem, options);
  const expected = finalNodeAnswers(problem, open, prepare);
  const { read, verdicts } = judgeUpToRemarks(expected, response, extraction, equivalence, problem, options);
  const stated = statedAll(expected, response, read, problem, options);
  open.forEach((n, i) => {
    // A final node whose quantity the answer hedges (`\boxed{v = X}\quad\boxed{v = Y}`) is not met
    // by the hedge's member that happens to be right: the step score would pay for the hedge.
    const by = hedgedAnswer(expected[i]!.latex, expected.length, problem, options, verdicts[i])
      ? undefined
      : verdicts[i];
    if (by !== undefined) credited.set(n.index, by);
    else if (stated[i] === true) contradicted.add(n.index);
  });
  return { credited, contradicted };
}

/** What {@link creditFinalNodes} found. */
export interface FinalNodeCredit {
  /** Final node index → the answer text that met it by value. */
  readonly credited: Map<number, string>;
  /**
   * Final nodes the answer states under their own name with another value: never reached as an
   * ancestor of a matched final node.
   */
  readonly contradicted: ReadonlySet<number>;
}

/** The caller's comparison of two prepared formulas, or Algorithm 1's verdict under `equivalence`. */
function comparer(
  options: FinalAnswerOptions,
  equivalence: EquivalenceOptions,
): (got: PreparedFormula, want: PreparedFormula) => Verdict {
  return options.compare ?? ((got, want) => compareFormulas(got, want, equivalence).verdict);
}

function preparer(problem: Problem, options: FinalAnswerOptions): (latex: string) => PreparedFormula {
  const prepareOptions = problemPrepareOptions(problem);
  return options.prepare ?? ((latex: string) => prepareFormula(latex, prepareOptions));
}

/** The answer's final statements (and its definitions, once asked for) under one preparer. */
interface Reading {
  readonly response: string;
  readonly problem: Problem;
  readonly prepare: (latex: string) => PreparedFormula;
  readonly statements: Statement[];
  definitions?: AnswerDefinitions;
  /** The symbols the answer's last statements write ({@link answerSymbols}). */
  written?: ReadonlySet<string>;
  /** The variables of the reference nodes ({@link nodeVariables}). */
  nodeVariables?: readonly string[];
  /** The symbols the answer's statements give a value of their own (a lone symbol on the left). */
  stated?: ReadonlySet<string>;
  /** Whether a side of the answer's statements names a vector component ({@link namesComponent}). */
  components?: boolean;
}

const readings = new WeakMap<ExtractionResult, Reading>();

/**
 * The answer's final statements, read once per extraction and preparer: the final-node credit and
 * the final-answer check read the same ones (each read prepares every candidate formula, and the
 * definitions run Algorithm 1). Read afresh once the work budget is spent, as before.
 */
function reading(
  response: string,
  extraction: ExtractionResult,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
): Reading {
  const hit = readings.get(extraction);
  if (
    hit !== undefined &&
    hit.response === response &&
    hit.problem === problem &&
    hit.prepare === prepare &&
    !workExhausted()
  )
    return hit;
  const fresh: Reading = {
    response,
    problem,
    prepare,
    statements: finalStatements(response, extraction, prepare, problemPrepareOptions(problem).quantities),
  };
  readings.set(extraction, fresh);
  return fresh;
}

const symbolsMemo = new WeakMap<Problem, ReadonlySet<string>>();

/** The symbols the problem text writes, memoized per problem. */
function problemSymbols(problem: Problem): ReadonlySet<string> {
  let known = symbolsMemo.get(problem);
  if (known === undefined) symbolsMemo.set(problem, (known = textSymbols(problemStatement(problem))));
  return known;
}

const definitionsMemo = new WeakMap<Problem, ReadonlyMap<string, AnswerDefinition>>();

/** The definitions the problem text gives ({@link problemDefinitions}), memoized per problem. */
function definitionsOf(problem: Problem): ReadonlyMap<string, AnswerDefinition> {
  let known = definitionsMemo.get(problem);
  if (known === undefined)
    definitionsMemo.set(problem, (known = problemDefinitions(problemStatement(problem))));
  return known;
}

const namedMemo = new WeakMap<Problem, ReadonlyMap<string, string>>();

/** The letters the problem text names as standard constants ({@link namedConstants}), memoized per problem. */
function problemNamedConstants(problem: Problem): ReadonlyMap<string, string> {
  let known = namedMemo.get(problem);
  if (known === undefined) namedMemo.set(problem, (known = namedConstants(problemStatement(problem))));
  return known;
}

const relationsMemo = new WeakMap<Problem, Map<string, readonly GivenRelation[]>>();

/**
 * The relations between givens the problem's reference states, memoized per problem and per set of
 * asked variables (the final-node pass and the explicit check can ask different quantities: keyed by
 * the problem alone, the result would depend on which ran first).
 */
function problemRelations(
  problem: Problem,
  quantities: readonly (PreparedFormula | undefined)[],
): readonly GivenRelation[] {
  const asked = [...new Set(quantities.flatMap((q) => (q?.ok ? q.variables : [])))].sort();
  const key = asked.join('\u0000');
  let byAsked = relationsMemo.get(problem);
  if (byAsked === undefined) relationsMemo.set(problem, (byAsked = new Map()));
  let known = byAsked.get(key);
  if (known === undefined) {
    const texts = [problem.solution ?? '', ...problem.grading_standard.map((n) => n.formula)];
    byAsked.set(key, (known = givenRelations(texts, problemSymbols(problem), new Set(asked))));
  }
  return known;
}

/**
 * The variables the problem's reference nodes write, in node order, read once per response (both
 * final-answer checks of an answer read them).
 */
function nodeVariables(read: Reading): readonly string[] {
  read.nodeVariables ??= read.problem.grading_standard.flatMap((n) => {
    const p = read.prepare(stripMath(n.formula).latex);
    return p.ok ? p.variables : [];
  });
  return read.nodeVariables;
}

/** Statements read for the symbols an answer writes, from its end. */
const SYMBOL_STATEMENTS = 64;

/** The symbols the answer's last statements write (their prepared variables). */
function answerSymbols(
  statements: readonly Statement[],
  prepare: (latex: string) => PreparedFormula,
): ReadonlySet<string> {
  const out = new Set<string>();
  for (const s of statements.slice(-SYMBOL_STATEMENTS)) {
    const p = prepare(s.latex);
    if (p.ok) for (const v of p.variables) out.add(v);
  }
  return out;
}

/** The definitions a check reads beside the answer's own (see judgeAll). */
interface OtherDefinitions {
  readonly prose: ReadonlyMap<string, AnswerDefinition>;
  readonly stated: ReadonlySet<string>;
  /** Read in this order, for a symbol the answer does not define and gives no value of its own. */
  readonly implied: readonly ReadonlyMap<string, AnswerDefinition>[];
}

/** What {@link judgeAll} reads of a problem's own text, read once per problem. */
interface ProblemAsks {
  readonly statement: string;
  /** The extremum the problem asks for ({@link askedExtremum}). */
  readonly extremum: ReturnType<typeof askedExtremum>;
  readonly scaling: boolean;
  readonly estimate: boolean;
  readonly percent: boolean;
  /** A problem whose text writes no measured value and which has no constants map: exact data. */
  readonly exactInputs: boolean;
  /** The symbols its expected answers name on their left sides ({@link askedSymbols}). */
  readonly asked: ReadonlySet<string>;
  /** What it asks, for telling a formula of another quantity after the result ({@link askedShape}). */
  readonly shape: AskedShape;
}

const asksMemo = new WeakMap<Problem, ProblemAsks>();

/**
 * Which formulas of an answer to `problem` are remarks after its result ({@link remarkReader}): read
 * against the problem's text and the symbols its expected answers name, both read once per problem.
 */
export function answerRemarks(problem: Problem, response: string): RemarkReader {
  const asks = problemAsks(problem);
  return remarkReader(response, asks.statement, asks.asked, asks.shape);
}

/**
 * What the problem's expected answers are, for {@link remarkReader}: whether each is a number, their
 * dimensions when each writes a unit, and the symbols its text and reference write.
 */
function askedShape(problem: Problem, statement: string, expected: readonly Expected[]): AskedShape {
  const options = problemPrepareOptions(problem);
  const prepare = (latex: string) => prepareFormula(latex, options);
  const numerical = expected.length > 0 && expected.every((e) => e.form === 'numerical');
  const dimensions = numerical
    ? expected.map((e) => writtenDimension(prepare(relationSides(e.latex)?.rhs ?? e.latex)))
    : [];
  const names = new Set<string>();
  for (const e of expected) {
    const lhs = relationSides(e.latex)?.lhs;
    const parsed = lhs === undefined ? undefined : parseLatex(lhs);
    if (parsed?.ok === true && parsed.tree.type === 'symbol') names.add(symbolKeyOf(parsed.tree));
  }
  const known = new Set(textSymbols(statement));
  for (const latex of [
    ...expected.map((e) => e.latex),
    ...problem.grading_standard.map((n) => stripMath(n.formula).latex),
  ]) {
    const parsed = parseLatex(latex);
    if (parsed.ok) collectSymbols(parsed.tree, known);
  }
  return {
    names,
    numerical,
    dimensions:
      numerical && dimensions.every((d) => d !== undefined) ? (dimensions as Dimension[]) : undefined,
    known,
    prepare,
  };
}

function collectSymbols(node: Node, out: Set<string>): void {
  if (node.type === 'symbol') out.add(node.name);
  for (const child of childNodes(node)) collectSymbols(child, out);
}

function problemAsks(problem: Problem): ProblemAsks {
  let known = asksMemo.get(problem);
  if (known === undefined) {
    const statement = problemStatement(problem);
    const expected = expectedAnswers(problem);
    known = {
      statement,
      extremum: askedExtremum(statement),
      scaling: asksScaling(statement),
      estimate: asksEstimate(statement),
      percent: asksInPercent(statement),
      exactInputs: Object.keys(problem.constants ?? {}).length === 0 && exactData(statement),
      asked: askedSymbols(expected.map((e) => e.latex)),
      shape: askedShape(problem, statement, expected),
    };
    asksMemo.set(problem, known);
  }
  return known;
}

/**
 * {@link judgeAll} on the answer read as ending before the remarks that close it (a datum or constant
 * restated, a check, a list of laws used: {@link answerRemarks}), which are not its conclusion; and
 * that reading, for the checks that follow.
 */
function judgeUpToRemarks(
  expected: readonly Expected[],
  response: string,
  extraction: ExtractionResult,
  equivalence: EquivalenceOptions,
  problem: Problem,
  options: FinalAnswerOptions,
): { read: ExtractionResult; verdicts: (string | undefined)[] } {
  const remark = answerRemarks(problem, response);
  const read = withoutTrailingRemarks(extraction, remark);
  return { read, verdicts: judgeAll(expected, response, read, equivalence, problem, options, remark) };
}

/** The text that meets each expected answer, or undefined. */
function judgeAll(
  expected: readonly Expected[],
  response: string,
  extraction: ExtractionResult,
  equivalence: EquivalenceOptions,
  problem: Problem,
  options: FinalAnswerOptions,
  remark: RemarkReader,
): (string | undefined)[] {
  const prepare = preparer(problem, options);
  const read = reading(response, extraction, problem, prepare);
  const statements = read.statements;
  // A quantity the problem asks for in several forms (r_min in b and in θ) is looked for in every
  // statement of it, not only the last one.
  const quantities = expected.map((e) => {
    const sides = relationSides(e.latex);
    return sides === undefined ? undefined : prepare(sides.lhs);
  });
  const plainKeys = quantities.map((q) => (q === undefined ? undefined : quantityKey(q)));
  const repeated = new Set(plainKeys.filter((k, i) => k !== undefined && plainKeys.indexOf(k) !== i));
  // A problem asking for the maximum (minimum) of a quantity is answered by the answer's statement of
  // the quantity at it (`\mu_{\max} = \frac{qcR}{3}` after the general `\mu = \frac{q\omega R^2}{3}`).
  const asks = problemAsks(problem);
  const extremum = asks.extremum;
  const atExtremum = expected.map((e) => {
    const lhs = extremum === undefined ? undefined : relationSides(e.latex)?.lhs;
    const name = lhs === undefined ? undefined : extremumName(lhs, extremum!);
    const q = name === undefined ? undefined : prepare(name);
    const key = q === undefined ? undefined : quantityKey(q);
    if (q === undefined || key === undefined) return undefined;
    const variables = q.ok ? q.variables.filter((v) => v !== VALUE_SYMBOL) : [];
    return statements.some((s) => s.names(key, variables)) ? { key, q } : undefined;
  });
  const keys = plainKeys.map((k, i) => atExtremum[i]?.key ?? k);
  const inPart = (e: Expected) => expected.filter((x) => x.letter === e.letter).length;
  const compare = comparer(options, equivalence);
  let reference: Set<string> | undefined;
  const referenceSymbols = (): ReadonlySet<string> =>
    (reference ??= new Set([
      ...expected.flatMap((e) => {
        const p = prepare(e.latex);
        return p.ok ? p.variables : [];
      }),
      ...nodeVariables(read),
    ]));
  const referenceUses = (name: string) => referenceSymbols().has(name);
  // A standard constant in another notation than the reference's (ħ for h, k_B for k, Coulomb's k
  // for 1/(4πε₀)): read through the standard relation, like a definition of the answer's own.
  const notationDefinitions = constantNotations(
    referenceUses,
    problemSymbols(problem),
    problemNamedConstants(problem),
  );
  const notations = new Map<string, Node>();
  for (const [name, d] of notationDefinitions) {
    const parsed = parseLatex(d.value);
    if (parsed.ok) notations.set(name, parsed.tree);
  }
  // What the answer and the problem define, read per symbol when a candidate fails its plain test
  // and writes the symbol: a candidate that passes never reads them, and the answer's own
  // definitions can run Algorithm 1.
  let others: OtherDefinitions | undefined;
  const gather = (): OtherDefinitions => {
    // A symbol the answer gives a value of its own (`\omega = c\tilde\nu`, even one it states twice)
    // keeps it: no implied definition below replaces the answer's.
    const stated = (read.stated ??= new Set(
      statements.flatMap((s) => {
        const name = s.sides === undefined ? undefined : symbolName(s.sides.lhs);
        return name === undefined ? [] : [name];
      }),
    ));
    // A relation the reference states between givens (`M R - m r = 0`): an answer written with one
    // given where the reference writes another is read through it.
    const written = (read.written ??= answerSymbols(statements, prepare));
    const expectedSymbols = new Set(
      expected.flatMap((e) => {
        const p = prepare(e.latex);
        return p.ok ? p.variables : [];
      }),
    );
    const relations = problemRelations(problem, quantities);
    return {
      // A quantity the answer names in words as the problem does, under another symbol ("let $m$ be
      // the mass" where the problem says "let the mass be $M$"): the answer's symbol stands for the
      // problem's, like a definition of its own.
      prose: proseAliases(problemStatement(problem), response, referenceUses),
      stated,
      implied: [
        // The problem's symbol for a quantity the reference writes under a look-alike name (`\alpha`
        // in the text, `a` in the reference; `Q_0` and `Q`).
        lookalikeAliases(problemSymbols(problem), referenceSymbols()),
        // The time the problem names with its own symbol ("for a time $\tau$") where the reference
        // writes the generic `t`.
        namedTime(problemStatement(problem), problemSymbols(problem), referenceSymbols(), symbolName),
        // A definition the problem text gives ("Let $\omega = \sqrt{k/m}$"): an answer written in ω
        // answers a reference written in k and m.
        definitionsOf(problem),
        relationDefinitions(relations, written, expectedSymbols, withoutFactor),
        // A magnitude the reference writes that the answer gives in components
        // (`(v_x^2 + v_y^2)^{3/2}` for `v^3`).
        componentMagnitudes(referenceSymbols(), written, problemSymbols(problem)),
        // The answer's adiabatic index γ where the reference writes a heat capacity (`c_p`): Mayer's
        // relation for an ideal gas.
        heatCapacityRatio(
          referenceSymbols(),
          written,
          problemSymbols(problem),
          `${problemStatement(problem)}\n${response}`,
        ),
      ],
    };
  };
  const known = new Map<string, AnswerDefinition | null>();
  const definitionOf = (name: string): AnswerDefinition | undefined => {
    const hit = known.get(name);
    if (hit !== undefined) return hit ?? undefined;
    others ??= gather();
    read.definitions ??= answerDefinitions(statements, prepare);
    let d = read.definitions.get(name) ?? others.prose.get(name);
    // A constant's notation wins over a product the answer writes with it: `k_BT_c \approx …` is an
    // equation for T_c.
    const notation = notationDefinitions.get(name);
    if (notation !== undefined && (d === undefined || d.partner !== undefined)) d = notation;
    if (d === undefined && !others.stated.has(name))
      for (const implied of others.implied) if ((d = implied.get(name)) !== undefined) break;
    known.set(name, d ?? null);
    return d;
  };
  // A symbol the expected answer writes is read through a definition only when it is a magnitude
  // written in its components (`v = \sqrt{v_x^2 + v_y^2}`): when no definition of it from any source
  // names a component, its definition is not read at all (the answer's own can run Algorithm 1).
  const mayBeMagnitude = (name: string): boolean => {
    read.components ??=
      constantsNameComponents(problem) ||
      statements.some(
        (s) => s.sides !== undefined && (namesComponent(s.sides.lhs) || namesComponent(s.sides.rhs)),
      );
    if (read.components) return true;
    others ??= gather();
    const sources = [others.prose, notationDefinitions, ...others.implied];
    return sources.some((m) => {
      const d = m.get(name);
      return d !== undefined && namesComponent(d.value);
    });
  };
  const definitions: Definitions = { of: definitionOf, mayBeMagnitude };
  const statement = asks.statement;
  const direction = directionReader(response, statement);
  const { scaling, estimate, exactInputs } = asks;
  const letters = {
    quantities: problemPrepareOptions(problem).quantities ?? [],
    uses: referenceUses,
    names: (word: string) => namesWord(statement, word),
    percent: asks.percent,
  };
  const counts = countedAnswers(expected, problem);
  let prose: { value: ProseValue | undefined } | undefined;
  let opposed: boolean | undefined;
  const closingProse: ClosingProse = {
    prose: () => (prose ??= { value: closingProseValue(response, extraction, letters.names) }).value,
    opposed: () => (opposed ??= asksEqualValues(statement) && opposedValues(extraction, prepare)),
  };
  return expected.map((e, i) => {
    if (e.form === 'text-based') {
      const boxes = boxedContents(response);
      const haystacks = boxes.length > 0 ? boxes : [response.slice(-400)];
      return haystacks.find((h) => phraseMatches(e.latex, h));
    }
    const ratio = e.form === 'numerical' ? ratioAsked(e, problem, prepare) : undefined;
    const build = (got?: (latex: string) => PreparedFormula, want = prepare) =>
      inRatio(
        anyOf(
          e.form === 'numerical'
            ? either(
                numericTest(e, want, options.tolerance, letters, exactInputs, got, counts.has(e)),
                // A count is no value rounded too early: its recomputed value decides nothing.
                counts.has(e) ? undefined : recomputedTest(e, problem, want, options.tolerance, letters, got),
              )
            : either(
                algebraicTest(e, want, compare, got, scaling, estimate),
                forwardTest(e, problem, want, options.tolerance, got),
              ),
          anyOf(
            rangeTest(e, problem, want, options.tolerance, got),
            coefficientTest(e, want, options.tolerance, got),
          ),
        ),
        ratio,
      );
    const plain = build();
    if (plain === undefined) return undefined;
    const test = withDefinitions(plain, e, definitions, problem, prepare, build);
    const variables = (atExtremum[i]?.q ?? quantities[i])?.variables ?? [];
    return judge(
      e,
      keys[i],
      variables,
      repeated,
      test,
      statements,
      response,
      inPart(e),
      expected.length,
      negativeReader(direction, response, askedSymbol(e.latex)),
      e.form === 'numerical' ? undefined : refuter(e, prepare, compare, notations),
      closingProse,
      remark,
    );
  });
}

/**
 * Whether the checker tells a statement apart from an algebraic expected answer: an equation in the
 * reference's own variables (none the answer defined, no value) that Algorithm 1 finds different.
 */
function refuter(
  e: Expected,
  prepare: (latex: string) => PreparedFormula,
  compare: (got: PreparedFormula, want: PreparedFormula) => Verdict,
  notations: ReadonlyMap<string, Node>,
): (latex: string) => boolean {
  return (latex) => {
    const want = prepare(e.latex);
    const written = prepare(latex);
    if (!want.ok || !written.ok || want.kind !== 'equation' || written.kind !== 'equation') return false;
    // A decimal coefficient (`\frac{38}{41}r \approx 0.927r`) is a rounding, told apart only by its figures.
    if (written.tree !== undefined && writtenDigits(written.tree).count > 0) return false;
    // A standard constant in another notation than the reference's (ħ for h) is read through its
    // relation, as the tests read it: `n^2\hbar^2/(2mL^2)` is told apart from `h^2n^2/(8mL^2)`.
    const own = (p: PreparedFormula) => p.ok && p.variables.every((v) => want.variables.includes(v));
    const got =
      own(written) || notations.size === 0
        ? written
        : prepare(substituteDefinitions(latex, (name) => notations.get(name)) ?? latex);
    if (!got.ok || got.kind !== 'equation' || scalingOf(got) !== undefined || !own(got)) return false;
    return compare(got, want) === 'different';
  };
}

/**
 * Whether the answer states each expected quantity under its own name in the part that answers it
 * (a final statement of it exists, right or wrong).
 */
function statedAll(
  expected: readonly Expected[],
  response: string,
  extraction: ExtractionResult,
  problem: Problem,
  options: FinalAnswerOptions,
  boxedOnly = false,
): boolean[] {
  const prepare = preparer(problem, options);
  const statements = reading(response, extraction, problem, prepare).statements;
  return expected.map((e) => {
    const part = partOf(e, statements, response);
    // A sub-question that asks one quantity and boxes one lone value in its own section has declared
    // that value its answer, whatever the box calls it.
    // So has an answer to one question that closes with one lone value it boxes or declares in words
    // ("The final answer is $…$").
    // So does one that closes an algebraic answer with an expression alone on its line.
    const declaring = (s: Statement) =>
      s.boxed ||
      (s.bare &&
        s === part.statements.at(-1) &&
        (declared(s, response) || (e.form === 'algebraic' && !s.hasValue && aloneOnLine(s, response))));
    const asked = part.whole ? expected.length : expected.filter((x) => x.letter === e.letter).length;
    if (
      boxedOnly &&
      asked === 1 &&
      part.statements.filter(declaring).length === 1 &&
      part.statements.some((s) => declaring(s) && s.bare)
    )
      return true;
    // So has one that asks several and boxes as many lone values, one for each (`(c) \boxed{…}`,
    // `(c) \boxed{2m}`): a quantity none of them gives was answered wrong, whatever the working met.
    const boxes = part.statements.filter((s) => s.boxed);
    if (
      boxedOnly &&
      asked > 1 &&
      new Set(boxes.map((s) => s.offset)).size === asked &&
      boxes.every((s) => s.bare)
    )
      return true;
    const sides = relationSides(e.latex);
    const q = sides === undefined ? undefined : prepare(sides.lhs);
    const key = q === undefined ? undefined : quantityKey(q);
    if (key === undefined || q === undefined) return false;
    const quantity = q.variables.filter((v) => v !== VALUE_SYMBOL);
    if (part.statements.some((s) => (!boxedOnly || s.boxed) && s.names(key, quantity))) return true;
    // An invertible function of one quantity (`\tan\theta_B = \frac{n_2}{n_1}`) is stated by a
    // statement of the quantity itself (`\theta_B = \arctan\frac{n_1}{n_2}`).
    const inner = invertedQuantity(sides!.lhs, prepare);
    return (
      inner !== undefined &&
      part.statements.some(
        (s) => (!boxedOnly || s.boxed) && s.sides !== undefined && s.names(inner.key, [inner.name]),
      )
    );
  });
}

/**
 * For each expected answer, whether a box that restates the quantities of two or more sub-questions
 * (a summary of the parts) states its quantity — under its own name, or the quantity inside an
 * invertible function of it (`\theta_B` for `\tan\theta_B = …`) — at a value Algorithm 1 finds
 * `different` from the expected answer.
 */
function summaryBoxRefutes(
  expected: readonly Expected[],
  response: string,
  extraction: ExtractionResult,
  problem: Problem,
  equivalence: EquivalenceOptions,
  options: FinalAnswerOptions,
): boolean[] {
  const none = expected.map(() => false);
  if (new Set(expected.map((e) => e.letter)).size < 2) return none;
  const prepare = preparer(problem, options);
  const compare = comparer(options, equivalence);
  const statements = reading(response, extraction, problem, prepare).statements;
  const namers = expected.map((e) => {
    const sides = relationSides(e.latex);
    const q = sides === undefined ? undefined : prepare(sides.lhs);
    const key = q === undefined ? undefined : quantityKey(q);
    if (sides === undefined || key === undefined || q === undefined) return undefined;
    const quantity = q.variables.filter((v) => v !== VALUE_SYMBOL);
    const inner = invertedQuantity(sides.lhs, prepare);
    return (s: Statement) =>
      s.sides !== undefined &&
      (s.names(key, quantity) || (inner !== undefined && s.names(inner.key, [inner.name])));
  });
  const out = [...none];
  for (const box of boxedSpans(response)) {
    const inside = statements.filter(
      (s) => s.boxed && s.offset >= box.start && s.offset < box.start + box.content.length,
    );
    const letters = new Set(
      expected.flatMap((e, i) => (inside.some((s) => namers[i]?.(s) === true) ? [e.letter] : [])),
    );
    if (letters.size < 2) continue;
    expected.forEach((e, i) => {
      const last = inside.filter((s) => namers[i]?.(s) === true).at(-1);
      if (last === undefined) return;
      const got = prepare(last.latex);
      const want = prepare(e.latex);
      out[i] = got.ok && want.ok && compare(got, want) === 'different';
    });
  }
  return out;
}

/** Functions a quantity's statement can be written through and read back (`\tan\theta = x`, `\theta = \arctan x`). */
const INVERTIBLE = new Set(['tan', 'sin', 'cos', 'cot', 'exp', 'ln', 'log', 'sinh', 'cosh', 'tanh']);

/** The quantity inside an invertible function that a left side applies to it (`\tan\theta_B` → θ_B). */
function invertedQuantity(
  lhs: string,
  prepare: (latex: string) => PreparedFormula,
): { key: string; name: string } | undefined {
  const parsed = parseLatex(lhs);
  if (!parsed.ok) return undefined;
  const tree = parsed.tree;
  if (tree.type !== 'call' || !INVERTIBLE.has(tree.fn) || tree.args.length !== 1) return undefined;
  const arg = tree.args[0]!;
  if (arg.type !== 'symbol') return undefined;
  const p = prepare(lhs.slice(arg.span.start, arg.span.end));
  const key = quantityKey(p);
  const name = p.ok ? p.variables.filter((v) => v !== VALUE_SYMBOL) : [];
  return key === undefined || name.length !== 1 ? undefined : { key, name: name[0]! };
}

/**
 * For each expected answer, whether an answer that boxes nothing concludes the expected answer's part
 * with a wrong value of it: the part's last statement is a relation with the quantity as a side
 * (`p = \frac{(M^2 - m^2)c}{M}`, not `p^2 = …`), written in the expected answer's variables,
 * and Algorithm 1 finds it `different` from the expected answer (`undetermined` refutes nothing).
 */
function refutedAll(
  expected: readonly Expected[],
  response: string,
  extraction: ExtractionResult,
  problem: Problem,
  equivalence: EquivalenceOptions,
  options: FinalAnswerOptions,
): boolean[] {
  const prepare = preparer(problem, options);
  const compare = comparer(options, equivalence);
  const statements = reading(response, extraction, problem, prepare).statements;
  if (statements.some((s) => s.boxed)) return expected.map(() => false);
  const asked = expected.map((e) => {
    const sides = relationSides(e.latex);
    const q = sides === undefined ? undefined : prepare(sides.lhs);
    const key = q === undefined ? undefined : quantityKey(q);
    return key === undefined || q === undefined || !q.ok
      ? undefined
      : { key, quantity: q.variables.filter((v) => v !== VALUE_SYMBOL) };
  });
  // Whether a statement states one of the expected quantities under its name, or is a link of a chain
  // that does (`E_\gamma = E_2 - E_1 = …`).
  const statesAsked = (s: Statement): boolean =>
    asked.some((a) => a !== undefined && s.sides !== undefined && s.names(a.key, a.quantity));
  const askedBlocks = new Set(
    statements.filter(statesAsked).flatMap((s) => (s.block === undefined ? [] : [s.block])),
  );
  const answering = (s: Statement) => statesAsked(s) || (s.block !== undefined && askedBlocks.has(s.block));
  // The variables the expected answers write, asked quantities aside: the problem's givens.
  let givenSet: Set<string> | undefined;
  const givens = (): ReadonlySet<string> => {
    if (givenSet !== undefined) return givenSet;
    const askedNames = new Set(asked.flatMap((a) => a?.quantity ?? []));
    givenSet = new Set(
      expected.flatMap((e) => {
        const p = prepare(e.latex);
        return p.ok ? p.variables.filter((v) => v !== VALUE_SYMBOL && !askedNames.has(v)) : [];
      }),
    );
    return givenSet;
  };
  // The answer's own definitions of symbols that are neither asked nor the problem's constants, nor
  // written through an asked quantity, each read when a statement writes the symbol.
  const mapped = new Set(Object.keys(problem.constants ?? {}).map((k) => symbolName(k) ?? k));
  const askedNames = new Set(asked.flatMap((a) => a?.quantity ?? []));
  const definedValues = new Map<string, Node | null>();
  const ownValue = (name: string): Node | undefined => {
    const known = definedValues.get(name);
    if (known !== undefined) return known ?? undefined;
    let tree: Node | undefined;
    if (!mapped.has(name) && !askedNames.has(name)) {
      const read = reading(response, extraction, problem, prepare);
      read.definitions ??= answerDefinitions(statements, prepare);
      const d = read.definitions.get(name);
      const parsed = d === undefined || d.partner !== undefined ? undefined : parseLatex(d.value);
      // A symbol defined through the asked quantity (`E_\nu = pc`) carries it back into itself.
      if (parsed?.ok === true && !freeVariables(parsed.tree).some((v) => askedNames.has(v)))
        tree = parsed.tree;
    }
    definedValues.set(name, tree ?? null);
    return tree;
  };
  return expected.map((e, i) => {
    const a = asked[i];
    if (a === undefined) return false;
    const { key, quantity } = a;
    const whole = partOf(e, statements, response);
    const part = whole.statements;
    // A placeholder (`p = \ldots`, `p = ?`, as a question's "Give $p = \ldots$" writes it) states no value.
    const naming = (s: Statement | undefined) =>
      s?.sides !== undefined && s.names(key, quantity) && !PLACEHOLDER.test(s.sides.rhs);
    // The part's last statement, or its summary's last statement of the quantity (a summary states
    // several quantities in turn: `V_c = 6b, T_c = …` concludes V_c though T_c comes last), or the
    // part's last statement of the quantity when only statements of the expected quantities follow it:
    // the answer's closing list (`1. r_n = …`, `2. E_\gamma = …`; `(a) V_c = …`, `(a) T_c = …` with the
    // part's mark repeated per quantity), whatever heads it.
    const closing = part[part.length - 1];
    const from = whole.closing;
    // A condition (`when $\Delta\phi = \pi$`) states no value of the quantity.
    const lastNamed = part.findLastIndex((s) => naming(s) && !isCondition(response, s.offset));
    const listed = lastNamed >= 0 && part.slice(lastNamed + 1).every(answering) ? part[lastNamed] : undefined;
    const concluded = naming(closing)
      ? closing
      : (listed ??
        (from === undefined ? undefined : part.filter((s) => s.offset >= from && naming(s)).at(-1)));
    // Formulas after the part's last statement of the quantity that state nothing of it hide no
    // revision: when every formula that met a final node stands before that statement, it concludes.
    const named = lastNamed >= 0 ? part[lastNamed] : undefined;
    const last =
      concluded ??
      (named !== undefined && options.finalMatchOffsets?.every((at) => at < named.offset) === true
        ? named
        : undefined);
    if (last?.sides === undefined || !naming(last)) return false;
    const want = prepare(e.latex);
    if (!want.ok) return false;
    // In the expected answer's own variables (a factor that cancels aside): `p = E_\nu / c`, still an
    // intermediate, refutes nothing — unless the answer's own definitions (`\mu = \frac{m_x M}{m_x + M}`)
    // carry it into them.
    // A given another expected answer writes (`V_0` of `W = \frac12 CV_0^2`) is the problem's too:
    // `\tau = \frac12 CV_0^2` for `\tau = RC` is a wrong value, not an intermediate.
    const own = (p: PreparedFormula) => {
      if (!p.ok) return false;
      const used = effectiveVariables(p, equivalence.mode ?? 'physical') ?? p.variables;
      return used.every((v) => v === VALUE_SYMBOL || want.variables.includes(v) || givens().has(v));
    };
    let got = prepare(last.latex);
    if (got.ok && !own(got)) {
      const text = substituteDefinitions(last.latex, ownValue);
      if (text !== undefined) got = prepare(text);
    }
    if (!got.ok || !own(got)) return false;
    // A rounding of an exact expected answer (`Z_0 \approx (60\ \Omega)\ln\frac{b}{a}` for
    // `\frac{1}{2\pi}\sqrt{\mu_0/\varepsilon_0}\ln\frac{b}{a}`) is told apart only by its figures.
    if (rounded(got) && !rounded(want)) return false;
    return compare(got, want) === 'different';
  });
}

/** A right side that is only a placeholder: dots, an ellipsis, question marks. */
const PLACEHOLDER = /^\s*(?:\\[lcv]?dots|\\dotsc|\.\.\.|…|\?|\s|\\[,;: ])+$/;

/** Whether a formula writes a measured number: a decimal, or a number with a unit. */
function rounded(p: PreparedFormula): boolean {
  if (!p.ok || p.tree === undefined) return false;
  if (writtenDigits(p.tree).count > 0) return true;
  const unit = (node: Node): boolean =>
    node.type === 'number' ? node.dim?.some((x) => x !== 0) === true : childNodes(node).some(unit);
  return unit(p.tree);
}

/**
 * The final nodes of a problem without `final_answer` fields, as expected answers: numerical when
 * the node's right side is a written value (its figures are the problem's), else algebraic; the
 * node's sub-question letter keeps the search inside that part of the answer.
 */
function finalNodeAnswers(
  problem: Problem,
  finals: readonly DagNode[],
  prepare: (latex: string) => PreparedFormula,
): Expected[] {
  return finals.map((node) => {
    const { latex } = stripMath(node.formula);
    const sides = relationSides(latex);
    const numerical = sides !== undefined && writtenValue(prepare(sides.rhs)) !== undefined;
    const base = { latex: latex.trim(), form: numerical ? 'numerical' : 'algebraic' };
    const figures = problem.significant_figures;
    return {
      ...base,
      ...(figures === undefined ? {} : { sigfigs: figures }),
      ...(node.subquestion === undefined ? {} : { letter: node.subquestion.toLowerCase() }),
    };
  });
}

/** The final nodes matched: their ancestors are reached too. */
function finalSeeds(finals: readonly DagNode[], matched: ReadonlySet<number>): Set<number> {
  return new Set(finals.filter((n) => matched.has(n.index)).map((n) => n.index));
}

/**
 * Whether every final node is reached: matched, or an ancestor of a matched final node
 * (`\phi_c = C\sum\phi_i` and `C = \frac16` behind a matched `\phi_c = \frac{\phi_0}{6}`). `null`
 * when the DAG marks no final node.
 */
function reachedFinals(
  problem: Problem,
  finals: readonly DagNode[],
  matched: ReadonlySet<number>,
  contradicted: ReadonlySet<number>,
): boolean | null {
  if (finals.length === 0) return null;
  const reached = new Set(ancestorClosure(problem.grading_standard, finalSeeds(finals, matched)));
  return finals.every((n) => matched.has(n.index) || (reached.has(n.index) && !contradicted.has(n.index)));
}

/**
 * `test`, or when the answer defines symbols of its own that the expected answer does not use
 * ({@link answerDefinitions}), `test` or the same test with those symbols replaced by their
 * definitions in the candidate. The definitions are asked for, symbol by symbol, only when a
 * candidate fails `test`.
 */
function withDefinitions(
  test: CandidateTest,
  e: Expected,
  definitions: Definitions,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
  build: TestBuilder,
): CandidateTest {
  let through: ThroughDefinitions | undefined;
  return {
    numerical: test.numerical,
    accepts: (text, whole) => {
      if (test.accepts(text, whole)) return true;
      through ??= throughDefinitions(e, definitions, problem, prepare, build);
      // A candidate that writes none of the defined symbols reads the same with the definitions (its
      // unit readings write units, not symbols): only the plain test is run on it, unless the
      // expected answer itself is read through its magnitudes.
      return (
        (through.magnitudes || through.rewrite(text) !== undefined) &&
        through.test()?.accepts(text, whole) === true
      );
    },
  };
}

/** Builds a candidate test from preparers of the answer's texts and (optionally) the expected's. */
type TestBuilder = (
  got: (latex: string) => PreparedFormula,
  want?: (latex: string) => PreparedFormula,
) => CandidateTest | undefined;

/** The test of {@link withDefinitions} through the answer's definitions. */
interface ThroughDefinitions {
  /** The test through the definitions, built when first asked for (undefined: none applies). */
  readonly test: () => CandidateTest | undefined;
  /** The candidate with the definitions substituted (undefined when it writes none of them). */
  readonly rewrite: (latex: string) => string | undefined;
  /** The expected answer is read through magnitudes the answer writes in components. */
  readonly magnitudes: boolean;
}

/** The definitions a check reads through (see judgeAll). */
interface Definitions {
  /** The definition of a symbol, from the answer, the problem or a standard notation. */
  readonly of: (name: string) => AnswerDefinition | undefined;
  /**
   * False when no definition of the symbol can be a magnitude written in its components (none
   * names a component: see {@link magnitudeOfComponents}); true when one may.
   */
  readonly mayBeMagnitude: (name: string) => boolean;
}

/** The test through the definitions of {@link withDefinitions}, each symbol's read when met. */
function throughDefinitions(
  e: Expected,
  definitions: Definitions,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
  build: TestBuilder,
): ThroughDefinitions {
  const want = prepare(e.latex);
  const used = new Set(want.ok ? want.variables : []);
  const sides = relationSides(e.latex);
  const lhs = sides === undefined ? undefined : prepare(sides.lhs);
  const asked = new Set(lhs?.ok ? lhs.variables : []);
  const mapped = new Set(Object.keys(problem.constants ?? {}).map((k) => symbolName(k) ?? k));
  const values = new Map<string, Node | null>();
  const definedValue = (name: string): Node | undefined => {
    const hit = values.get(name);
    if (hit !== undefined) return hit ?? undefined;
    let tree: Node | undefined;
    // A symbol the expected answer uses is read only as a magnitude in components: not looked up
    // when no definition of it can be one.
    const skip = mapped.has(name) || (used.has(name) && !definitions.mayBeMagnitude(name));
    const d = skip ? undefined : definitions.of(name);
    if (
      d !== undefined &&
      // A magnitude the expected answer uses, written out in its components by the answer
      // (`v = \sqrt{v_x^2 + v_y^2}`): read in the expected answer too, once checked to be that magnitude.
      (!used.has(name) || magnitudeOfComponents(d, prepare)) &&
      // A product with the asked quantity (`k_B T_c = …` for T_c) is an equation for it, no definition.
      (d.partner === undefined || (used.has(d.partner) && !asked.has(d.partner)))
    ) {
      const parsed = parseLatex(d.value);
      if (parsed.ok) tree = parsed.tree;
    }
    values.set(name, tree ?? null);
    return tree;
  };
  const magnitudes = new Map<string, Node>();
  for (const name of used) {
    const tree = definedValue(name);
    if (tree !== undefined) magnitudes.set(name, tree);
  }
  // Each candidate text is rewritten once (the tests read a text, its sides and its unit readings
  // again and again).
  const rewritten = new Map<string, string | undefined>();
  const rewrite = (latex: string) => {
    if (rewritten.has(latex)) return rewritten.get(latex);
    const text = substituteDefinitions(latex, definedValue);
    rewritten.set(latex, text);
    return text;
  };
  let defined: CandidateTest | null | undefined;
  const test = () => {
    if (defined === undefined) {
      const substituted = (latex: string) => prepare(rewrite(latex) ?? latex);
      const fromMagnitudes = (name: string) => magnitudes.get(name);
      defined =
        build(
          substituted,
          magnitudes.size === 0
            ? prepare
            : (latex) => prepare(substituteDefinitions(latex, fromMagnitudes) ?? latex),
        ) ?? null;
    }
    return defined ?? undefined;
  };
  return { test, rewrite, magnitudes: magnitudes.size > 0 };
}

/** The axes whose components name a vector's (`v_x`, `E_{y}`). */
const AXES = ['x', 'y', 'z'] as const;

/**
 * A subscript that can read as one axis letter, generously (parsing decides): `_` (or `\sb`), then
 * any spaces, braces and commands (`_{\mathrm{x}}`, `_{\rm y}`, `_{\,z}`), then x, y or z not
 * followed by a letter; or the Unicode subscript x (ₓ). `_{max}`, `_{0}` and `_{ab}` cannot.
 */
const COMPONENT_SUBSCRIPT = /(?:_|\\sb(?![a-zA-Z]))(?:\s|\{|\\(?:[a-zA-Z]+|[^a-zA-Z]))*[xyz](?![a-zA-Z])|ₓ/;

/** A canonical name that is a vector's component (`v_{x}`, `omega_{y}`: how `v_x`, `\omega_y` are named). */
const COMPONENT_NAME = /_\{[xyz]\}/;

/**
 * Whether a text names a vector component ({@link COMPONENT_NAME}) anywhere in its parse: a symbol,
 * a function, the variable of a derivative, an integral or a sum, an opaque quantity. A text that
 * does not parse counts as naming one (unknown). Every variable of a prepared formula is one of
 * these names or comes from the problem's constants map ({@link constantsNameComponents}).
 */
function namesComponent(latex: string): boolean {
  if (!COMPONENT_SUBSCRIPT.test(latex)) return false;
  const parsed = parseLatex(latex);
  if (!parsed.ok) return true;
  const stack: Node[] = [parsed.tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const name =
      node.type === 'symbol' || node.type === 'apply'
        ? node.name
        : node.type === 'derivative' || node.type === 'integral'
          ? node.variable
          : node.type === 'sum'
            ? node.index
            : node.type === 'opaque'
              ? node.key
              : undefined;
    if (name !== undefined && COMPONENT_NAME.test(name)) return true;
    stack.push(...childNodes(node));
  }
  return false;
}

const constantsComponents = new WeakMap<Problem, boolean>();

/** Whether a value of the problem's constants map (aliases included) names a vector component. */
function constantsNameComponents(problem: Problem): boolean {
  let known = constantsComponents.get(problem);
  if (known === undefined) {
    const values = Object.values(problemPrepareOptions(problem).constants ?? {});
    constantsComponents.set(problem, (known = values.some((v) => namesComponent(v))));
  }
  return known;
}

/**
 * Whether an answer's definition writes a vector's magnitude in its components, correctly:
 * `v = \sqrt{v_x^2 + v_y^2}` (the symbol one letter or command, its components the same symbol with
 * the subscripts x, y, z, at least two of them, and nothing else), checked against
 * `v = \sqrt{v_x^2 + v_y^2}` written from those names. A wrong one (`\sqrt{v_x^2 - v_y^2}`) is not read.
 */
function magnitudeOfComponents(
  d: { readonly symbol: string; readonly value: string },
  prepare: (latex: string) => PreparedFormula,
): boolean {
  if (!/^(?:\\[a-zA-Z]+|[a-zA-Z])$/.test(d.symbol.trim())) return false;
  const value = prepare(d.value);
  if (!value.ok || value.kind !== 'expression') return false;
  const components = AXES.map((axis) => `${d.symbol.trim()}_{${axis}}`).filter((c) => {
    const name = symbolName(c);
    return name !== undefined && value.variables.includes(name);
  });
  const written = value.variables.filter((v) => v !== VALUE_SYMBOL);
  if (components.length < 2 || components.length !== written.length) return false;
  const magnitude = prepare(`${d.symbol} = \\sqrt{${components.map((c) => `${c}^2`).join(' + ')}}`);
  const definition = prepare(`${d.symbol} = ${d.value}`);
  return (
    magnitude.ok &&
    definition.ok &&
    !valuesClearlyDiffer(magnitude, definition) &&
    compareFormulas(magnitude, definition).verdict === 'equivalent'
  );
}

/** Rounds of substitution (a definition may use another: `Z_0 = \frac{\eta_0}{2\pi}…`, `\eta_0 = …`). */
const DEFINITION_DEPTH = 3;

/**
 * The candidate with the answer's defined symbols replaced by their definitions, as a tree (so the
 * symbols of a definition stay symbols: `\eta_0 = \sqrt{\mu_0/\varepsilon_0}` keeps μ₀ and ε₀ the
 * quantities the reference writes, not table constants), written back as LaTeX; undefined when it
 * does not parse, writes none of the symbols (the text itself is read then: a tree written back
 * parses to the same tree) or cannot be written back.
 */
function substituteDefinitions(
  latex: string,
  definedValue: (name: string) => Node | undefined,
): string | undefined {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return undefined;
  let tree = parsed.tree;
  for (let round = 0; round < DEFINITION_DEPTH; round++) {
    let changed = false;
    tree = substituteSymbols(tree, (symbol) => {
      const value = definedValue(symbol.name);
      if (value !== undefined) changed = true;
      return value;
    });
    if (!changed) {
      if (round === 0) return undefined;
      break;
    }
  }
  return printLatex(tree);
}

/** Tests one candidate text: a whole formula (`whole`) or one side / bare expression. */
type CandidateTest = {
  readonly numerical: boolean;
  readonly accepts: (text: string, whole: boolean) => boolean;
};

function numericTest(
  e: Expected,
  prepare: (latex: string) => PreparedFormula,
  tolerance: NumericTolerance | undefined,
  letters: UnitLetters,
  exactInputs: boolean,
  prepareGot: (latex: string) => PreparedFormula = prepare,
  count = false,
): CandidateTest | undefined {
  const sides = relationSides(e.latex);
  const text = sides ? sides.rhs : e.latex;
  const prepared = prepare(text);
  const value = writtenValue(prepared);
  if (value === undefined) return undefined;
  // The value as written counts only the problem's significant figures (gradeValue reads it then).
  const shown = e.sigfigs === undefined ? undefined : valueAsWritten(prepared)?.value;
  const want = { ...roundedInteger(text, value, true), ...(shown === undefined ? {} : { written: shown }) };
  const dimension = writtenDimension(prepared);
  // A pure number asked by a problem whose data are exact: no constant can explain a difference.
  const exact = exactInputs && valueAsWritten(prepared)?.unit === false;
  // The source's own absolute tolerance (in the unit the reference is written in), read in SI.
  const written = e.tolerance === undefined ? undefined : valueAsWritten(prepared)?.value;
  const stated =
    e.tolerance === undefined
      ? undefined
      : e.tolerance * (written === undefined || written === 0 ? 1 : Math.abs(value.value / written));
  return {
    numerical: true,
    accepts: (text, whole) => {
      if (whole) return false;
      const read = unitsRead(text, dimension, letters, prepareGot);
      if (read === undefined) return false;
      // A value written with standard constants (`\frac{3}{5}c`) takes their CODATA values.
      const got =
        read.value === undefined ? withConstantsValue(read.p) : roundedInteger(read.text, read.value);
      if (got === undefined) return false;
      const grade = (v: WrittenValue) =>
        count
          ? sameCount(v.value, want.value)
          : !beyondStated(v, want.value, stated) &&
            (exact
              ? gradeExact(v, want, e.sigfigs, tolerance?.cap, value.unit === 0)
              : gradeValue(v, want, e.sigfigs, tolerance));
      if (grade(got)) return true;
      // Against a value written without units, the number in a unit the problem names; a percentage
      // (`32\%`) where the problem asks in percent is its number of percent.
      const named =
        dimension === undefined
          ? (inNamedUnit(read.text, read.p, letters) ?? inPercent(read.text, read.p, letters))
          : undefined;
      return named !== undefined && grade(named);
    },
  };
}

/** The question an expected answer answers: its sub-question's text and instructions, else the problem's. */
function questionOf(e: Expected, problem: Problem): string {
  const sub = problem.subquestions?.find((q) => q.letter.toLowerCase() === e.letter);
  const [text, instructions] =
    e.letter === undefined
      ? [problem.context, problem.final_answer_instructions]
      : [sub?.subproblem ?? '', sub?.final_answer_instructions];
  return instructions === undefined ? text : `${text}\n\n${instructions}`;
}

/** Asked ratios by question text (at most 4,096 texts; then the memo starts over). */
const askedRatios = new Map<string, AskedRatio | undefined>();

/**
 * How a numerical expected answer written as a pure number (no unit) is asked as a ratio
 * ({@link askedRatio}: "in units of $c$", "Find $v/c$", "fraction of the initial mass"); undefined else.
 */
function ratioAsked(
  e: Expected,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
): AskedRatio | undefined {
  const question = questionOf(e, problem);
  let asked = askedRatios.get(question);
  if (asked === undefined && !askedRatios.has(question)) {
    if (askedRatios.size >= 4096) askedRatios.clear();
    asked = askedRatio(question);
    askedRatios.set(question, asked);
  }
  if (asked === undefined) return undefined;
  const written = valueAsWritten(prepare(relationSides(e.latex)?.rhs ?? e.latex));
  return written !== undefined && written.unit === false ? asked : undefined;
}

/**
 * A numerical test that also reads a statement of the asked quantity as a multiple of the symbol the
 * question measures it against (`m = m_0/e \approx 0.368\,m_0` for "at what fraction of the initial
 * mass", `v = 0.6c` for $v/c$): the multiple is its value ({@link ratioCoefficient}).
 */
function inRatio(test: CandidateTest | undefined, asked: AskedRatio | undefined): CandidateTest | undefined {
  if (test === undefined || asked === undefined) return test;
  return {
    numerical: test.numerical,
    accepts: (got, whole) => {
      if (test.accepts(got, whole)) return true;
      const multiple = ratioCoefficient(asked, got, whole, withoutFactor, printLatex);
      return multiple !== undefined && test.accepts(multiple, false);
    },
  };
}

/**
 * The expected answers that are counts ({@link asksCount}): a numerical reference written as one
 * integer without a unit, asked by a question (the sub-question's text and instructions, else the
 * problem's) that asks
 * how many things, the number of things or a quantum number — and the only such reference that
 * question has, so the count is not given to a ratio asked beside it. An answer must state that
 * integer: a count is not rounded.
 */
function countedAnswers(expected: readonly Expected[], problem: Problem): Set<Expected> {
  const question = (e: Expected) => questionOf(e, problem);
  const integers = expected.filter(
    (e) => e.form === 'numerical' && countReference(relationSides(e.latex)?.rhs ?? e.latex),
  );
  return new Set(
    integers.filter(
      (e) => integers.filter((x) => question(x) === question(e)).length === 1 && asksCount(question(e)),
    ),
  );
}

/**
 * Whether a value lies outside a tolerance its source states (OlympiadBench's `error`: 300 K ± 1 K),
 * beyond half a unit of the answer's own last place: the source's tolerance only narrows ours (a
 * looser one, 3.25 ± 0.1, accepts nothing our rule rejects).
 */
function beyondStated(got: WrittenValue, want: number, stated: number | undefined): boolean {
  if (stated === undefined) return false;
  const own = 0.5 * got.unit * Math.abs(got.value);
  return Math.abs(got.value - want) > 1.01 * stated + own + 1e-9 * Math.abs(want);
}

/** Unit letters a problem uses as quantities (rule 9), and whether its reference uses a symbol. */
interface UnitLetters {
  readonly quantities: readonly string[];
  readonly uses: (name: string) => boolean;
  /** Whether the problem's text writes this word (a unit it asks in, a noun it counts). */
  readonly names: (word: string) => boolean;
  /** Whether the problem asks in percent (`Give the value in %.`, "what is the mole percent"). */
  readonly percent?: boolean;
}

/**
 * Whether `text` writes `word` as a word of its own (`energy bars`, `in bar`), not only as the unit of
 * a value it gives (`45.5 km/s`, `1.3\,\text{km}`): the unit the data are given in does not say the
 * answer is asked in it.
 */
function namesWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const afterValue = String.raw`(?<!\d[\s$~]*(?:\\[,;: ]\s*)*(?:\\(?:text|mathrm|rm)\s*\{\s*)?)`;
  return new RegExp(`${afterValue}(?<![\\w\\\\])${escaped}(?!\\w)`).test(text);
}

/** The unit word of a value written with one (`1.8\,\mathrm{bars}` → `bars`); undefined when none. */
function unitWord(text: string): string | undefined {
  const tail = unitTail(text)
    .replace(/^(?:\\[,;: ]|~|\s)+/, '')
    .replace(/^\\(?:mathrm|text|rm)\s*\{\s*([^{}]*?)\s*\}$/, '$1');
  return /^[A-Za-z]{2,}$/.test(tail) ? tail : undefined;
}

/**
 * An answer's value as written, in the unit it writes (`1.8\,\mathrm{bars}` → 1.8), for an expected
 * value written without units when the problem's own text names that unit word ("How many energy
 * bars …", "Give the value in bar."): the number is in the unit the problem asks. Undefined else.
 */
function inNamedUnit(text: string, p: PreparedFormula, letters: UnitLetters): WrittenValue | undefined {
  const word = unitWord(text);
  if (word === undefined || !letters.names(word)) return undefined;
  const shown = valueAsWritten(p);
  const value = writtenValue(p);
  if (shown === undefined || !shown.unit || value === undefined) return undefined;
  return roundedInteger(text, { value: shown.value, unit: value.unit });
}

/**
 * An answer's value written in percent (`32\%`, `32\,\%`), as its number of percent (32), for an
 * expected value without units where the problem asks in percent: the reference is that number.
 * Undefined else (`0.32` stays 0.32).
 */
function inPercent(text: string, p: PreparedFormula, letters: UnitLetters): WrittenValue | undefined {
  if (letters.percent !== true || !/\\?%\s*\}?\s*$/.test(text)) return undefined;
  const value = writtenValue(p);
  if (value === undefined) return undefined;
  return roundedInteger(text, { value: value.value * 100, unit: value.unit });
}

/**
 * An answer's value read with its units against the expected value's dimension: a value whose units
 * give another dimension is no answer (`773 J` for a power of `773\,\mathrm{J\,s^{-1}}`, `kJ` for
 * `kJ/mol`, `eV/c` for `eV`, `%` for a length), whatever its number in SI; an integer ending with a
 * bare SI letter (`71 m`, `350 K`) is read with the letter as its unit when that gives the expected
 * dimension, and so are bare unit symbols written apart after a number (`9.13×10⁻³⁵ J s`). A value
 * without units, or an expected value without them, is compared by number alone.
 * Undefined: rejected.
 */
function unitsRead(
  text: string,
  dimension: Dimension | undefined,
  letters: UnitLetters,
  prepare: (latex: string) => PreparedFormula,
): { p: PreparedFormula; text: string; value: WrittenValue | undefined } | undefined {
  const p = prepare(text);
  const value = writtenValue(p);
  if (dimension === undefined) {
    // No dimension to check it against: the letter is read as a unit only when the reference never
    // uses it as a quantity (`145 N` for `T_2 = 145`; not `2 m` where the reference writes a mass m).
    const unit = value === undefined ? integerUnitReading(text, letters.quantities) : undefined;
    const letter = unit === undefined ? undefined : /\\mathrm\{(.)\}$/.exec(unit)?.[1];
    const v =
      unit === undefined || letter === undefined || letters.uses(letter)
        ? undefined
        : writtenValue(prepare(unit));
    return v === undefined || unit === undefined
      ? { p, text, value }
      : { p: prepare(unit), text: unit, value: v };
  }
  if (value === undefined) {
    // `350 K`, `9.13×10⁻³⁵ J s`: the letters after the number read as its unit, if that gives the
    // expected dimension.
    const unit = integerUnitReading(text, letters.quantities) ?? unitsAfterValue(text, letters.quantities);
    const q = unit === undefined ? undefined : prepare(unit);
    const d = q === undefined ? undefined : writtenDimension(q);
    const v = q === undefined ? undefined : writtenValue(q);
    if (
      unit !== undefined &&
      q !== undefined &&
      v !== undefined &&
      d !== undefined &&
      sameDimension(d, dimension)
    )
      return { p: q, text: unit, value: v };
    return { p, text, value };
  }
  const got = writtenDimension(p);
  if (got === undefined || sameDimension(got, dimension)) return { p, text, value };
  // An acceleration given in g (`a \approx 8.55\,g`): TeX's bare g is the gram, a mass, which no
  // acceleration is; the number is in units of the standard gravity.
  const inG = standardGravityReading(text);
  const q = inG === undefined ? undefined : prepare(inG);
  const d = q === undefined ? undefined : writtenDimension(q);
  const v = q === undefined ? undefined : writtenValue(q);
  if (
    inG === undefined ||
    q === undefined ||
    d === undefined ||
    v === undefined ||
    !sameDimension(d, dimension)
  )
    return undefined;
  return { p: q, text: inG, value: v };
}

/**
 * The sides of an expected answer that names one quantity (`v = …`) and its prepared left side, for
 * a problem with a witness: what the recomputed and the forward tests start from; undefined else.
 */
function witnessedQuantity(
  e: Expected,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
): { sides: { lhs: string; rhs: string }; quantity: PreparedFormula } | undefined {
  if (problem.witness === undefined || problem.witness.length === 0) return undefined;
  const sides = relationSides(e.latex);
  if (sides === undefined || symbolName(sides.lhs) === undefined) return undefined;
  return { sides, quantity: prepare(sides.lhs) };
}

/**
 * A numerical reference rounded too early (computed from rounded intermediates): where the problem's
 * DAG solved forward at its own data ({@link forwardValues}, witness stated in the text) gives the
 * asked quantity a value that the reference matches within {@link REFERENCE_DRIFT} (3%: the same
 * quantity, rounded early), an answer is also graded against that recomputed value, as exact (half a
 * unit in the answer's own last place, at most the cap, or the 1% floor). A value off from both is
 * still rejected.
 */
/**
 * How far a reference computed from rounded intermediates may sit from the value its own DAG gives at
 * the problem's data and still be that quantity (`2.97` from a = 2.2 for the recomputed 3.055).
 */
const REFERENCE_DRIFT = 0.03;

function recomputedTest(
  e: Expected,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
  tolerance: NumericTolerance | undefined,
  letters: UnitLetters,
  prepareGot: (latex: string) => PreparedFormula = prepare,
): CandidateTest | undefined {
  const asked = witnessedQuantity(e, problem, prepare);
  if (asked === undefined) return undefined;
  const { sides, quantity } = asked;
  const referenceFormula = prepare(sides.rhs);
  const reference = writtenValue(referenceFormula);
  const dimension = writtenDimension(referenceFormula);
  const names = quantity.ok ? quantity.variables.filter((v) => v !== VALUE_SYMBOL) : [];
  if (names.length !== 1 || reference === undefined) return undefined;
  const name = names[0]!;
  const cap = REFERENCE_DRIFT;
  let exact: number | null | undefined = null;
  const recomputed = () => {
    if (exact !== null) return exact;
    const f = witnessStated(problem) ? forwardValues(problem) : undefined;
    const value = f === undefined ? undefined : f.points[0]![name];
    // Only the same quantity: the reference within the cap of the recomputed value.
    const same =
      value !== undefined &&
      Number.isFinite(value) &&
      Math.abs(value - reference.value) <= cap * Math.abs(value);
    exact = same ? value : undefined;
    return exact;
  };
  return {
    numerical: true,
    accepts: (text, whole) => {
      if (whole) return false;
      const read = unitsRead(text, dimension, letters, prepareGot);
      if (read?.value === undefined) return false;
      const got = roundedInteger(read.text, read.value);
      // Only a value near the reference can be near a value within the cap of it: nothing else
      // needs the forward solve.
      if (Math.abs(got.value - reference.value) > 2 * cap * Math.abs(reference.value)) return false;
      const value = recomputed();
      return value !== undefined && gradeValue(got, { value, unit: 0 }, undefined, tolerance);
    },
  };
}

function algebraicTest(
  e: Expected,
  prepare: (latex: string) => PreparedFormula,
  compare: (got: PreparedFormula, want: PreparedFormula) => Verdict,
  prepareGot: (latex: string) => PreparedFormula = prepare,
  scaling = false,
  estimate = false,
): CandidateTest | undefined {
  const want = prepare(e.latex);
  if (!want.ok) return undefined;
  // A bare expression or one side of a statement (`\dfrac{3}{7}`, `v_f = \sqrt{2gh}`) answers the
  // expected quantity by its value: it is compared with the expected right-hand side.
  // Only when the expected left side is one quantity (`v`, `E_{out}`, `E(r)`): then its right side is
  // the value asked for. `\frac{hc}{\lambda} = E_2 - E_1` states a relation, not a value of E_2 - E_1.
  const sides = want.kind === 'equation' ? relationSides(e.latex) : undefined;
  const quantity = sides !== undefined && symbolName(sides.lhs) !== undefined;
  // A chain (`T = \frac{2\pi}{\omega} = 2\pi\sqrt{…}`) gives the value in its last member.
  let last = sides?.rhs;
  for (let more = last && relationSides(last); more; more = relationSides(more.rhs)) last = more.rhs;
  const rhs = last === undefined || !quantity ? undefined : prepare(last);
  const value = rhs?.ok === true && rhs.kind === 'expression' ? rhs : undefined;
  const accepts = (text: string): boolean => {
    const got = prepareGot(text);
    if (!got.ok) return false;
    // A `\propto` / `\sim` statement never decides an answer that asks for an exact value; where
    // the problem asks for a scaling, it states the expected value up to a constant factor.
    if (scalingOf(got) !== undefined && scalingOf(want) === undefined) {
      // Where the problem asks for an estimate, `v_0 \sim X` states the estimate X itself: read as
      // `v_0 = X`, compared exactly (a factor of 2 stays wrong).
      // A bare expected estimate is met by the statement's right side.
      if (!scaling && estimate && scalingOf(got) === 'sim') {
        const equation = estimateAsEquality(text);
        const rhs = want.kind === 'expression' ? relationSides(equation)?.rhs : equation;
        return rhs !== undefined && accepts(rhs);
      }
      const scaled = scaling ? scalingAgainst(text, got, e.latex, want, value, prepare) : undefined;
      return scaled !== undefined && compare(got, scaled) === 'equivalent';
    }
    if (got.kind === want.kind) return compare(got, want) === 'equivalent';
    return value !== undefined && got.kind === 'expression' && compare(got, value) === 'equivalent';
  };
  return { numerical: false, accepts };
}

/** `\sim`, its Unicode sign and a plain-text tilde between spaces, as a relation between two sides. */
const SIM_RELATION = /\\sim(?![a-zA-Z])|∼|\s~\s/g;

/** A statement `X \sim Y` written as `X = Y` (what it states where an estimate is asked). */
function estimateAsEquality(text: string): string {
  return text.replace(SIM_RELATION, ' = ');
}

/**
 * The expected answer as an equation for the quantity a scaling statement names (`R(t) \sim …`
 * against the expected `\left(\frac{E}{\rho}\right)^{1/5} t^{2/5}` gives `R(t) = …`): the expected
 * equation itself, or its value (a bare expected expression, or the right side of `X = …`) under the
 * statement's left side. Undefined when the statement has no single left side.
 */
function scalingAgainst(
  text: string,
  got: PreparedFormula,
  expected: string,
  want: PreparedFormula,
  value: PreparedFormula | undefined,
  prepare: (latex: string) => PreparedFormula,
): PreparedFormula | undefined {
  if (want.kind === 'equation') {
    if (value === undefined) return want;
  } else if (want.kind !== 'expression') return undefined;
  const parsed = parseLatex(text);
  const tree = parsed.ok ? parsed.tree : undefined;
  if (tree?.type !== 'relation' || tree.ops.length !== 1 || scalingOf(got) === undefined) return undefined;
  const lhs = tree.args[0]!;
  const rhs = value === undefined ? expected : (relationSides(expected)?.rhs ?? expected);
  const equation = prepare(`${text.slice(lhs.span.start, lhs.span.end)} = ${rhs}`);
  return equation.ok && equation.kind === 'equation' ? equation : undefined;
}

/**
 * Whether a problem asks for a scaling, not an exact value: its text writes `\sim` or `\propto`
 * (`E \sim Mv^2`), or asks in words for an order of magnitude, a scaling law, a dimensional
 * analysis or a result up to a constant factor.
 */
export function asksScaling(text: string): boolean {
  return SCALING_WORDS.test(text) || /\\(?:sim|propto)(?![a-zA-Z])|[∼∝]/.test(text);
}

/**
 * Whether a problem asks for an estimate ("Find a rough estimate for the average speed", "Estimate
 * the time", "approximately how far"): then a `\sim` statement (`v_0 \sim \sqrt{gh\Delta T/T_0}`)
 * states the estimate it writes, and is compared as an equation.
 */
export function asksEstimate(text: string): boolean {
  return /\b(?:estimat(?:e|es|ed|ing|ion)|approximate(?:ly)?|roughly)\b/i.test(text);
}

const SCALING_WORDS =
  /\b(?:order[- ]of[- ]magnitude|scal(?:ing|es?)\s+(?:law|as|with|like)|dimensional\s+analysis|up\s+to\s+(?:an?\s+)?(?:overall\s+)?(?:dimensionless|numerical|constant)\s+(?:factor|prefactor|constant)|(?:don't|do\s+not)\s+bother\s+(?:to\s+include|with)\s+(?:numerical\s+)?factors)/i;

/** A test that accepts what either test accepts (the first alone when the second is undefined). */
function either(a: CandidateTest | undefined, b: CandidateTest | undefined): CandidateTest | undefined {
  if (a === undefined || b === undefined) return a;
  return {
    numerical: a.numerical,
    accepts: (text, whole) => a.accepts(text, whole) || b.accepts(text, whole),
  };
}

/** Where a reference with a decimal coefficient and an answer are compared ({@link coefficientTest}). */
const COEFFICIENT_POINTS: readonly (readonly number[])[] = [
  [1.37, 2.11, 0.73, 1.9],
  [0.61, 1.44, 2.35, 0.87],
  [2.29, 0.83, 1.17, 2.6],
];

/**
 * A reference that is a decimal coefficient times symbols (`x = 2.72\,L` where the problem's answer is
 * "in units of L", `l = 0.20\frac{V_0}{S}`), or an answer that is one against an exact reference
 * (`20.09\,N_0` for `N_0 e^{3}`): the decimal is a rounded number, so Algorithm 1's 1e-6 is too strict
 * (`\frac{\sqrt5}{\sqrt5 - \sqrt2}L` is 2.7208 L). An answer in the same symbols whose ratio to the
 * reference is the same at every point (so the same symbolic factor, `L` and not `L^2`) is graded on
 * its coefficient with the grader tolerance, as a value (`2.7\,L` and `2.7208\,L` pass, `2.80\,L` does
 * not). Only where the decimal side writes exactly one decimal number and the other none or one, with
 * at least one symbol; a side or bare expression, never a whole relation.
 */
function coefficientTest(
  e: Expected,
  prepare: (latex: string) => PreparedFormula,
  tolerance: NumericTolerance | undefined,
  prepareGot: (latex: string) => PreparedFormula = prepare,
): CandidateTest | undefined {
  const sides = relationSides(e.latex);
  const text = sides ? sides.rhs : e.latex;
  const decimals = text.match(DECIMAL) ?? [];
  if (decimals.length > 1) return undefined;
  const reference = prepare(text);
  if (!reference.ok || reference.kind !== 'expression' || reference.branches.length !== 1) return undefined;
  const names = reference.variables.filter((v) => v !== VALUE_SYMBOL);
  if (names.length === 0 || names.length > COEFFICIENT_POINTS[0]!.length) return undefined;
  const written = decimals.length === 0 || reference.tree === undefined ? 0 : literalUnit(reference.tree);
  const coefficient = decimals.length === 0 ? undefined : Number(decimals[0]);
  if (coefficient !== undefined && (!(coefficient > 0) || written === 0)) return undefined;
  const points = COEFFICIENT_POINTS.map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]!])));
  const wants = referenceValues(reference, points);
  if (wants.some((w) => !Number.isFinite(w) || w === 0)) return undefined;
  return {
    numerical: e.form === 'numerical',
    accepts: (got, whole) => {
      if (whole) return false;
      const own = got.match(DECIMAL) ?? [];
      // An exact reference is compared this way only with an answer that writes one decimal.
      if (own.length > 1 || (coefficient === undefined && own.length !== 1)) return false;
      const p = prepareGot(got);
      if (!p.ok || p.kind !== 'expression' || p.branches.length !== 1) return false;
      const vars = p.variables.filter((v) => v !== VALUE_SYMBOL);
      if (!sameMembers(vars, names)) return false;
      const ratios = points.map((point, i) => valueAt(p, point) / wants[i]!);
      const ratio = ratios[0]!;
      if (
        !Number.isFinite(ratio) ||
        ratio === 0 ||
        ratios.some((r) => Math.abs(r - ratio) > 1e-9 * Math.abs(ratio))
      )
        return false;
      const unit = p.tree === undefined ? 0 : literalUnit(p.tree);
      if (coefficient !== undefined)
        return gradeValue(
          { value: ratio * coefficient, unit },
          { value: coefficient, unit: written },
          e.sigfigs,
          tolerance,
        );
      // The answer's decimal against the exact coefficient the reference gives it.
      const stated = Number(own[0]);
      return (
        stated > 0 &&
        unit > 0 &&
        gradeValue({ value: stated, unit }, { value: stated / ratio, unit: 0 }, e.sigfigs, tolerance)
      );
    },
  };
}

/**
 * The reference's values at {@link COEFFICIENT_POINTS} (its variables in their order), once per
 * prepared reference where compiling charges no work ({@link shareable}): the same values for every
 * answer to the problem, and each answer built the test two or three times.
 */
function referenceValues(
  reference: PreparedFormula,
  points: readonly Record<string, number>[],
): readonly number[] {
  const known = coefficientValues.get(reference);
  if (known !== undefined) return known;
  const wants = points.map((point) => valueAt(reference, point));
  if (reference.ok && reference.branches.every((b) => shareable(b.rhs)))
    coefficientValues.set(reference, wants);
  return wants;
}

const coefficientValues = new WeakMap<PreparedFormula, readonly number[]>();

/** A decimal number as written (`2.72`, `.5`): the coefficient {@link coefficientTest} reads. */
const DECIMAL = /\d*\.\d+/g;

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/** A test that accepts what any of the defined tests accepts; undefined when none is. */
function anyOf(a: CandidateTest | undefined, b: CandidateTest | undefined): CandidateTest | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return {
    numerical: a.numerical,
    accepts: (text, whole) => a.accepts(text, whole) || b.accepts(text, whole),
  };
}

/** A chain `A \le X \le B` (or with `<`, or downward `B \ge X \ge A`), read upward: lower bound, quantity, upper bound. */
function rangeOf(latex: string): { lower: string; quantity: string; upper: string } | undefined {
  const parsed = parseLatex(latex);
  if (!parsed.ok || parsed.tree.type !== 'relation' || parsed.tree.ops.length !== 2) return undefined;
  const { ops, args } = parsed.tree;
  const up = ops.every((o) => o === '<' || o === '<=');
  const down = ops.every((o) => o === '>' || o === '>=');
  if (!up && !down) return undefined;
  const text = (n: Node) => latex.slice(n.span.start, n.span.end);
  const [a, x, b] = args as [Node, Node, Node];
  return up
    ? { lower: text(a), quantity: text(x), upper: text(b) }
    : { lower: text(b), quantity: text(x), upper: text(a) };
}

/** Ranges of expected answers, by their LaTeX (each check of each answer builds the range test). */
const expectedRanges = new Map<string, ReturnType<typeof rangeOf>>();

/** {@link rangeOf} an expected answer, remembered (at most 4,096 texts; then the memo starts over). */
function expectedRange(latex: string): ReturnType<typeof rangeOf> {
  if (expectedRanges.has(latex)) return expectedRanges.get(latex);
  if (expectedRanges.size >= 4096) expectedRanges.clear();
  const range = rangeOf(latex);
  expectedRanges.set(latex, range);
  return range;
}

/** The unit after a number (`3.4\,\mathrm{eV}` → `\,\mathrm{eV}`); empty when none. */
function unitTail(text: string): string {
  const m = /^\s*-?\d+(?:\.\d*)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?(.*)$/s.exec(text);
  return m === null ? '' : m[1]!.trim();
}

/**
 * A range for the expected answer (`E_{\min} \le E \le E_{\max}`, or with its numbers): met by a
 * range of the same quantity whose bounds are each the expected bound's value, with the grader
 * tolerance — a bound written in symbols takes its value from the DAG solved forward at the
 * problem's own data (witness stated in the text). A unit written once, on the upper bound
 * (`1.2 \le E \le 3.4\,\mathrm{eV}`), is the lower bound's too. Strict and non-strict inequalities
 * name the same range; one bound, swapped bounds or another quantity do not.
 */
function rangeTest(
  e: Expected,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
  tolerance: NumericTolerance | undefined,
  prepareGot: (latex: string) => PreparedFormula = prepare,
): CandidateTest | undefined {
  const range = expectedRange(e.latex);
  if (range === undefined) return undefined;
  const name = symbolName(range.quantity);
  if (name === undefined) return undefined;
  const boundValue = (text: string): number | undefined => {
    const p = prepare(text);
    const direct = expressionValue(p);
    if (direct !== undefined) return direct;
    if (!p.ok || p.kind !== 'expression' || !witnessStated(problem)) return undefined;
    const f = forwardValues(problem);
    const v = f === undefined ? Number.NaN : valueAt(p, f.points[0]!);
    return Number.isFinite(v) ? v : undefined;
  };
  let bounds: [number | undefined, number | undefined] | undefined;
  return {
    numerical: e.form === 'numerical',
    accepts: (text, whole) => {
      if (!whole) return false;
      const got = rangeOf(text);
      if (got === undefined || symbolName(got.quantity) !== name) return false;
      bounds ??= [boundValue(range.lower), boundValue(range.upper)];
      const [lo, hi] = bounds;
      if (lo === undefined || hi === undefined) return false;
      const [loTail, hiTail] = [unitTail(got.lower), unitTail(got.upper)];
      const lower = loTail === '' && hiTail !== '' ? `${got.lower}\\,${hiTail}` : got.lower;
      const meets = (bound: string, want: number) => {
        const w = writtenValue(prepareGot(bound));
        return (
          w !== undefined &&
          gradeValue(roundedInteger(bound, w), { value: want, unit: 0 }, e.sigfigs, tolerance)
        );
      };
      return meets(lower, lo) && meets(got.upper, hi);
    },
  };
}

/** Points of the forward solve at which an answer written in the given quantities must agree. */
const FORWARD_AGREEMENT = 3;

/**
 * A reference written with the DAG's intermediate symbols (`P = \tau\omega`, `\bar V = E_{\min}/3`,
 * `\omega_{sp} = \omega_p/\sqrt2`) against an answer that substitutes them: the DAG solved forward
 * ({@link forwardValues}) gives both a value at the witness and at seeded variations of its inputs.
 * An answer written in the given quantities (and the reference's own symbols) is accepted when it
 * agrees with the reference's right side at every solved point (relative 1e-6, at least three);
 * an answer that substitutes the given numbers (a bare value) is graded at the witness, only when
 * the witness is the problem's own data (every input's value is written in the problem text), with
 * the grader tolerance. Never an answer that uses the asked quantity itself or an intermediate the
 * reference does not write.
 */
function forwardTest(
  e: Expected,
  problem: Problem,
  prepare: (latex: string) => PreparedFormula,
  tolerance: NumericTolerance | undefined,
  prepareGot: (latex: string) => PreparedFormula = prepare,
): CandidateTest | undefined {
  const asked = witnessedQuantity(e, problem, prepare);
  if (asked === undefined) return undefined;
  const { sides, quantity } = asked;
  const value = prepare(sides.rhs);
  if (!quantity.ok || !value.ok || value.kind !== 'expression' || value.branches.length !== 1)
    return undefined;
  if (scalingOf(value) !== undefined) return undefined;
  const own = new Set(quantity.variables);
  const written = value.variables.filter((v) => v !== VALUE_SYMBOL);
  let solved: ForwardValues | undefined | null = null;
  const forward = () => (solved === null ? (solved = forwardValues(problem)) : solved);
  return {
    numerical: false,
    accepts: (text, whole) => {
      if (whole) return false;
      const got = prepareGot(text);
      if (!got.ok || got.kind !== 'expression' || got.branches.length !== 1) return false;
      if (scalingOf(got) !== undefined) return false;
      const vars = got.variables.filter((v) => v !== VALUE_SYMBOL);
      if (vars.some((v) => own.has(v))) return false;
      if (vars.length === 0) {
        // The given numbers substituted: graded at the problem's own values. A reference the
        // problem's constants already make a number was decided by the plain test.
        const w = writtenValue(got);
        if (w === undefined || written.length === 0 || !witnessStated(problem)) return false;
        const f = forward();
        const want = f === undefined ? Number.NaN : valueAt(value, f.points[0]!);
        return Number.isFinite(want) && gradeValue(w, { value: want, unit: 0 }, e.sigfigs, tolerance);
      }
      const inputs = witnessInputs(problem);
      // The given numbers substituted, a variable of the reference kept (`v(t) = 12(1 - e^{-t/0.35})`
      // for `v(t) = v_0(1 - e^{-t/T})`): graded at the problem's own data, those variables varied.
      if (inputs !== undefined && substitutedAlong(got, vars, inputs)) return true;
      // Written in the given quantities: only where the reference writes intermediates (else plain
      // equivalence has decided). Checked on the witness's inputs before anything is solved.
      if (inputs === undefined || written.every((v) => inputs.has(v))) return false;
      if (!vars.every((v) => inputs.has(v) || written.includes(v))) return false;
      const f = forward();
      if (f === undefined) return false;
      let agree = 0;
      for (const point of f.points) {
        const a = valueAt(value, point);
        const b = valueAt(got, point);
        if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
        if (Math.abs(a - b) > 1e-6 * Math.max(Math.abs(a), Math.abs(b))) return false;
        agree++;
      }
      return agree >= FORWARD_AGREEMENT;
    },
  };
  /**
   * Whether an answer keeping only `vars` of the reference's inputs (the rest substituted by the
   * problem's numbers, every one written in its text) agrees with the reference at the witness with
   * those inputs varied: within the grader's relative floor at every solved point, at least three.
   */
  function substitutedAlong(
    got: PreparedFormula,
    vars: readonly string[],
    inputs: ReadonlySet<string>,
  ): boolean {
    if (!vars.every((v) => inputs.has(v) && written.includes(v))) return false;
    if (vars.length >= inputs.size || !witnessStatedExcept(problem, vars)) return false;
    const f = forwardAlong(problem, vars);
    if (f === undefined) return false;
    const floor = (tolerance ?? DEFAULT_NUMERIC_TOLERANCE).floor;
    let agree = 0;
    for (const point of f.points) {
      const a = valueAt(value, point);
      const b = valueAt(got, point);
      if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
      if (Math.abs(a - b) > floor * Math.abs(a) + 1e-12 * Math.abs(b)) return false;
      agree++;
    }
    return agree >= FORWARD_AGREEMENT;
  }
}

/** The candidate text that meets the expected answer, or undefined. */
function judge(
  e: Expected,
  key: string | undefined,
  keyVariables: readonly string[],
  repeated: ReadonlySet<string | undefined>,
  test: CandidateTest,
  statements: readonly Statement[],
  response: string,
  inPart: number,
  total: number,
  negativeDirection: (s: Statement) => boolean,
  refutes: ((latex: string) => boolean) | undefined,
  closing: ClosingProse | undefined,
  remark: RemarkReader,
): string | undefined {
  // A statement is tried whole, then (unless `wholeOnly`) by its sides: a side that is the expected
  // value answers the quantity whatever the answer calls it.
  // A `\pm` set states each of its members only where the part asks for several values (E_max and
  // E_min at once); for one expected value, `(1.25 \pm 0.25)V` is a hedge between two answers.
  const branches = (text: string) => (inPart >= 2 ? signBranches(text) : []);
  const quantity = keyVariables.filter((v) => v !== VALUE_SYMBOL);
  // A statement solved for the quantity up to a factor (`qc = …` for q) is an equation in it: its
  // other side is not a value of the quantity.
  const inQuantity = (s: Statement) =>
    key !== undefined && s.sides !== undefined && s.solves(quantity) && !s.names(key, quantity);
  const asked = askedSymbol(e.latex);
  const tries = (s: Statement, wholeOnly: boolean): string | undefined => {
    // A number standing in a hedge (`≈ 4.3 to 8.6 m/s`) commits to no value: it answers nothing.
    // A list after a relation (`E = -13.6, -3.40\,\mathrm{eV}`) answers a part that asks several values.
    if (
      test.numerical &&
      s.hedged !== undefined &&
      !repeated.has(key) &&
      (s.hedged === 'alternative' || inPart < 2)
    )
      return undefined;
    // A link of a chain that hedges (`U ≈ 142–284 J/mol ≈ 0.142 kJ/mol`, `≈ 142 J/mol or 284 J/mol`)
    // commits the chain to no single value.
    if (test.numerical && hedgedChains().has(chainOf(s))) return undefined;
    // Arithmetic a chain shows that does not give the number the chain states is working, not the
    // answer's value: only the statement's other side is tried (chain-arithmetic.ts).
    const wrong = test.numerical ? arithmetic(s) : undefined;
    // The other side must be a value in itself: a lone name (`\Delta\theta = \dfrac{…} = 0.0052^\circ`)
    // would be read through the answer's definition of it — the very arithmetic set aside.
    if (wrong !== undefined && wrong.size > 0)
      return [s.sides!.rhs, s.sides!.lhs].find((t) => !wrong.has(t) && !isLone(t) && test.accepts(t, false));
    if (test.accepts(s.latex, !s.bare)) return s.latex;
    if (inQuantity(s)) {
      // Both sides divided by the quantity's factor: `qc = X` read as `q = \frac{X}{c}`.
      const solved = asked === undefined ? undefined : dividedForm(s.latex, asked);
      return solved !== undefined && test.accepts(solved, true) ? s.latex : undefined;
    }
    if (wholeOnly) return undefined;
    if (s.sides === undefined) {
      if (!s.bare) return undefined;
      const hit = branches(s.latex).find((t) => test.accepts(t, false));
      // A bare magnitude with its direction in words ("moving downward with speed $\sqrt{3gl}$").
      if (hit !== undefined || !negativeDirection(s)) return hit;
      const signed = `-\\left(${s.latex}\\right)`;
      return test.accepts(signed, false) ? signed : undefined;
    }
    // A statement names a pair only when its left side says so (`E_{\pm} = …`); `v = (1.25 \pm 0.25)u`
    // gives one quantity two values.
    const pair = PLUS_MINUS.test(s.sides.lhs) ? branches(s.sides.rhs) : [];
    // A temperature difference in °C read alone is still a difference, not an absolute temperature.
    const rhs = temperatureDifference(s.sides.lhs, s.sides.rhs) ?? s.sides.rhs;
    // A link with a unit states its value there: its other side (`N_A E \approx 399\ \text{J/mol}`) is
    // what the answer claims equals that value, not a second answer.
    const sides =
      test.numerical && s.unitValue
        ? s.unitSides.map((t) => (t === s.sides!.rhs ? rhs : t))
        : [rhs, s.sides.lhs];
    const hit = [...sides, ...pair].find((t) => test.accepts(t, false));
    if (hit !== undefined || !negativeDirection(s)) return hit;
    // A magnitude with its direction in words (`v = \sqrt{3gl\sin\theta_0}`, "directed downward")
    // states the signed value the reference writes (`v = -\sqrt{…}`).
    const signed = `-\\left(${s.sides.rhs}\\right)`;
    return test.accepts(signed, false) ? signed : undefined;
  };
  const first = (list: readonly Statement[], wholeOnly = false) => {
    for (const s of list) {
      const hit = tries(s, wholeOnly);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  // A chain that writes its unit once (`\Delta v = 11.01 - 7.78 \approx 3.23\ \text{km/s}`,
  // `E_m = N_A E \approx 399\ \text{J/mol}`) states the value in that unit: when none of its links
  // with the unit is the value, its other links (arithmetic, a symbolic product) do not rescue it.
  // The links of one chain: the statements of a math block whose texts overlap (`a = b \approx c` gives
  // a = b, b = c and a = c; `E = 5.0\times10^{-8}\ \text{J} \Rightarrow n \approx 3.0\times10^{26}` is two
  // chains), or one statement read alone.
  const { chainOf, arithmetic } = chainReading(statements);
  let hedging: Set<string> | undefined;
  const hedgedChains = (): ReadonlySet<string> => {
    if (hedging !== undefined) return hedging;
    hedging = new Set();
    for (const t of statements) {
      const hedged =
        t.hedged !== undefined && !repeated.has(key) && (t.hedged === 'alternative' || inPart < 2);
      if (hedged || (t.sides !== undefined && (dashRange(t.sides.lhs) || dashRange(t.sides.rhs))))
        hedging.add(chainOf(t));
    }
    return hedging;
  };
  const unitGoverned = (list: readonly Statement[]): readonly Statement[] => {
    if (!test.numerical) return list;
    const refuted = new Set<string>();
    for (const chain of new Set(list.filter((s) => s.unitValue).map(chainOf))) {
      if (first(list.filter((s) => chainOf(s) === chain && s.unitValue)) === undefined) refuted.add(chain);
    }
    return refuted.size === 0 ? list : list.filter((s) => !refuted.has(chainOf(s)));
  };
  const part = partOf(e, statements, response);
  // An answer that marks no parts answers them all together: its last statements are read for all.
  const count = part.whole ? total : inPart;
  // Values closing the part that give one magnitude both signs (`$+5.7\times10^{13}$ C on Earth and
  // $-5.7\times10^{13}$ C on the Moon`) where the problem asks for equal values ("What equal positive
  // charges …") answer with two unequal values: not what was asked.
  if (test.numerical && count === 1 && closing?.opposed() === true) return undefined;
  if (key !== undefined) {
    // A side that is the quantity has exactly its variables: only such statements have their sides
    // prepared and compared.
    // An algebraic angle is also stated through its tangent, sine or cosine (`\tan\varphi = X` after a
    // special case `\varphi = \beta` checked on the way): compared as a whole relation, on the principal branch.
    const naming = part.statements.filter(
      (s) =>
        (s.names(key, quantity) && (!test.numerical || s.hasValue)) ||
        (!test.numerical && s.namesThrough(key, quantity)),
    );
    // A condition (`when $\theta_0 = 0$`) states where the answer looks, not its value of the quantity.
    const stating = naming.filter((s) => !isCondition(response, s.offset));
    const named = stating.length > 0 ? stating : naming;
    if (named.length > 0) {
      const boxed = named.filter((s) => s.boxed);
      const pool = boxed.length > 0 ? boxed : named;
      if (repeated.has(key)) return first(pool);
      const last = pool.at(-1)!;
      // The final statement: every formula of the last statement of the quantity (a chain
      // `t = \frac{…}{…} = 1.71\times10^4\,\mathrm{s} = 4.75\,\mathrm{h}` states it several ways), and
      // unnamed boxed values written after it.
      // A chain that writes its unit once (`\Delta v = 11.01 - 7.78 \approx 3.23\ \text{km/s}`) states the
      // value in that unit (`unitGoverned`): `v = 5 = 5\,\mathrm{km/s}` is not 5 m/s.
      const chain = pool.filter((s) => s.offset === last.offset);
      // A chain whose members disagree concludes with its last member: when the checker tells that
      // member (an expression, no value) apart from the reference, an earlier member that matches does
      // not rescue it (`ΔS = mc\ln\frac{T_f}{T_1} + mc\ln\frac{T_f}{T_2} = mc\ln\frac{T_1+T_2}{2\sqrt{T_1T_2}}`,
      // a factor 2 lost in the last step).
      const end = chain.at(-1)!;
      // So does a number rounded in the chain's last link past the allowance (`x = 3.21\,\mathrm{m}
      // \approx 3\,\mathrm{m}` for 3.21 m): the answer concluded with the coarser value.
      const concluded =
        (chain.length >= 2 &&
          refutes !== undefined &&
          !end.hasValue &&
          end.sides !== undefined &&
          refutes(end.latex)) ||
        (test.numerical && roundedAway(chain, response, (s) => tries(s, false) !== undefined));
      // A lone value closing a part that asks one quantity, after its last statement of it, is the
      // answer's final value (`λ = 2π(8.85×10⁻¹²)(2.0)(4.5×10⁴)`, then `**Final Answer:** 10 μC/m`):
      // it alone decides, and the statement before it does not rescue a wrong one.
      const closing = count === 1 ? closingValue(part, last, test.numerical, response) : undefined;
      if (closing !== undefined) return first([closing]);
      // So does a value the part ends on and declares in words ("The final answer is $\frac{7}{4}$."),
      // like a box, though a check of another quantity comes between.
      const ending = count === 1 ? part.statements.at(-1) : undefined;
      if (ending?.bare === true && ending.offset > last.offset && declared(ending, response))
        return first([ending]);
      // Lone boxed values after it, one for each quantity the part asks at least (`(a) \boxed{9.73\times10^{10}\,\mathrm{m}}`,
      // `(a) \boxed{3.90\times10^{11}\,\mathrm{m}}`), are the part's declared answers: one of them must be the value,
      // and the working's statement does not rescue a wrong box.
      const declaredBoxes = part.statements.filter((s) => s.boxed && s.bare && s.offset > last.offset);
      if (boxed.length === 0 && declaredBoxes.length >= count) return first(declaredBoxes);
      const hit = first([
        ...(concluded ? [] : unitGoverned(chain)),
        ...part.statements.filter((s) => s.boxed && s.bare && s.offset > last.offset),
      ]);
      if (hit !== undefined || boxed.length > 0) return hit;
      // Named only in unboxed statements while the part boxes its answers under other names (`v` for
      // the speed at the bottom, the answer boxed as `v_f`): the boxes are the declared answer.
      return first(part.statements.filter((s) => s.boxed));
    }
  }
  // So does a lone value after every formula of a part that asks one quantity and boxes nothing:
  // the formulas before it are its working (`α + β + γ + δ = 3.25`, then `**Final Answer:** 6.50`).
  if (count === 1 && !part.statements.some((s) => s.boxed)) {
    const formulas = part.statements.filter((s) => !s.bare);
    const closing =
      formulas.length === 0 ? undefined : closingValue(part, formulas.at(-1)!, test.numerical, response);
    if (closing !== undefined) return first([closing]);
  }
  const hit = first(unitGoverned(concluding(part, count, response, remark)));
  if (hit !== undefined) return hit;
  if (test.numerical) {
    // An answer that asks one value, boxes nothing and states it in words after all its math (`The pin
    // must be placed 15 cm from the lens.`): that value is its conclusion.
    if (!part.whole || count !== 1 || part.statements.some((s) => s.boxed)) return undefined;
    const value = closing?.prose();
    return value !== undefined && test.accepts(value.latex, false) ? value.latex : undefined;
  }
  // An algebraic answer the response never states under the expected name (`b^3 = …` for `b = …`):
  // any formula of the part equivalent to it as a whole (a relation cannot be "revised" under a name
  // it never had; a side alone could be an intermediate).
  // Not before a bare value the part declares (boxed or last): a relation before it is an
  // intermediate the declared value may revise.
  // Nor before the last statement solved for the quantity up to a factor (`qc^2 = …` after the
  // energy balance it came from): that statement is the answer's value of it.
  const lastBare = part.statements.filter((s) => s.bare).at(-1)?.offset ?? -1;
  const solved = part.statements.filter(inQuantity).at(-1)?.offset ?? -1;
  // Nor a scaling estimate (`R \sim …` on the way to the shock speed): only a concluding one answers.
  return first(
    part.statements.filter(
      (s) =>
        !s.bare && s.member !== true && s.offset > lastBare && s.offset >= solved && !SCALING.test(s.latex),
    ),
    true,
  );
}

/** What an answer states after all its formulas, read once per answer when a check asks. */
interface ClosingProse {
  /** The value its closing prose states ({@link closingProseValue}). */
  readonly prose: () => ProseValue | undefined;
  /** Whether its values after the last formula give one magnitude both signs ({@link opposedValues}). */
  readonly opposed: () => boolean;
}

/**
 * Whether the problem asks for equal values ("What equal positive charges would have to be placed on
 * Earth and on the Moon", "the same charge on both spheres"): a sentence that asks and says so.
 */
function asksEqualValues(text: string): boolean {
  return text
    .split(/(?<=[.?!])\s+/)
    .some(
      (sentence) =>
        /\b(?:what|find|determine|calculate|how)\b/i.test(sentence) &&
        /\b(?:equal|same|identical)\b/i.test(sentence),
    );
}

/**
 * Whether the lone values an answer writes after its last formula (inline values in its closing
 * prose included) give one value both signs (`+X` and `-X`, X not 0).
 */
function opposedValues(extraction: ExtractionResult, prepare: (latex: string) => PreparedFormula): boolean {
  const lastFormula = Math.max(-1, ...extraction.formulas.map((f) => f.offset));
  const values: number[] = [];
  for (const c of extraction.candidates) {
    if (c.offset <= lastFormula) continue;
    const v = expressionValue(prepare(c.latex));
    if (v !== undefined && v !== 0) values.push(v);
  }
  return values.some((a) => values.some((b) => a * b < 0 && Math.abs(a + b) <= 1e-9 * Math.abs(a)));
}

/**
 * The lone value that closes a part after `statement`: the part's statements after it are all
 * bare values (no formula of another quantity between), and the last of them, alone on a later
 * line — boxed, or for a numerical answer a number — is the value the answer declares. Undefined when
 * there is none.
 */
function closingValue(
  part: Part,
  statement: Statement,
  numerical: boolean,
  response: string,
): Statement | undefined {
  const after = statement.offset;
  // The links of its chain (`λ = \frac{hc}{ΔE} = \frac{1.986…}{2.724…} = 7.29×10⁻⁸ m`) are that statement.
  const chained = (s: Statement) => statement.block !== undefined && s.block === statement.block;
  const rest = part.statements.filter(
    (s) => s.offset > after && s.member !== true && !s.gloss && !chained(s),
  );
  if (rest.length === 0 || !rest.every((s) => s.bare)) return undefined;
  const end = lastValue(rest, response);
  // On the line of the statement before it, a value restates it (`T \approx 344` K ($\approx 71\,^\circ$C)).
  if (end === undefined || !response.slice(after, end.offset).includes('\n')) return undefined;
  // Several values on its line (`Final answer: $1.52$ for the index, and the speed inside is …`): which
  // one answers is for the rules that read the part.
  const line = response.lastIndexOf('\n', end.offset - 1);
  if (rest.some((s) => s !== end && s.offset > line)) return undefined;
  // A value the answer declares in words (`Final Answer: The final answer is $218^\circ$. I hope it is
  // correct.`) is its answer as a box would be, whatever words follow it.
  if (end.boxed || declared(end, response)) return end;
  // An expression in symbols alone on its line (`$$-\frac{4kTR}{R^2 + 4\pi^2f^2L^2}.$$`, `Answer: 3√(gr/5)`)
  // closes an algebraic part as a box would; a number after an algebraic working may be its evaluation.
  if (!numerical) return !end.hasValue && aloneOnLine(end, response) ? end : undefined;
  if (!end.hasValue) return undefined;
  // Read without a unit while words follow the number on its line (`1.51\times 10^{3} kPa` in plain
  // text): part of what it says was not read, so it does not decide alone.
  if (!end.unitValue) {
    const lineEnd = response.indexOf('\n', end.offset);
    const tail = response
      .slice(end.offset, lineEnd < 0 ? undefined : lineEnd)
      .replace(
        /\\tag\*?\s*\{[^{}]*\}|\\q?quad\s*\(\d+\)|\\(?:times|cdot|approx|simeq|[,;:! ])|\^\s*\{?\s*[-−]?\d+\s*\}?|(\d)[eE][-+]?\d+|\^\s*\{?\s*\\circ\s*\}?|\\(?:text|mathrm)\s*\{\s*°\s*\}|\\degree(?![a-zA-Z])|°/g,
        ' $1',
      );
    if (/\d[^\p{L}°%]*[\p{L}°%]/u.test(tail)) return undefined;
  }
  return end;
}

/**
 * Whether a chain's last value (its right side written last: `x = 3.21\,\mathrm{m} \approx 3\,\mathrm{m}`)
 * misses the expected value while an earlier link written to more figures meets it: the answer
 * rounded its result away.
 */
function roundedAway(
  chain: readonly Statement[],
  response: string,
  meets: (s: Statement) => boolean,
): boolean {
  if (chain.length < 2) return false;
  const at = (s: Statement) => (s.sides === undefined ? -1 : response.indexOf(s.sides.rhs, s.offset));
  const valued = chain.filter((s) => s.hasValue && s.sides !== undefined && at(s) >= 0);
  const end = valued.reduce<Statement | undefined>(
    (a, s) => (a === undefined || at(s) > at(a) ? s : a),
    undefined,
  );
  if (end === undefined) return false;
  // Figures first (text only): the checks run only for a chain that does round.
  const figures = (s: Statement) => writtenFigures(s.sides!.rhs);
  const fewer = figures(end);
  if (fewer === undefined) return false;
  const finer = valued.filter((s) => s !== end && (figures(s) ?? 0) > fewer);
  return finer.length > 0 && !meets(end) && finer.some(meets);
}

/** Significant figures of the first number a side writes (`5\times10^{4}` → 1, `0.500` → 3). */
function writtenFigures(text: string): number | undefined {
  const m = /\d+(?:\.\d+)?/.exec(text);
  return m === null ? undefined : m[0].replace('.', '').replace(/^0+/, '').length || 1;
}

/** Whether the words right before a statement on its line declare it the answer. */
function declared(s: Statement, response: string): boolean {
  return declaresAnswer(response, s.offset);
}

/**
 * Whether a statement is all its line says: only math delimiters, `\displaystyle`, list and bold
 * marks, an `\item`, an `Answer:` label ("The answer is", `\text{Answer: }` inside the math) before
 * it, and an equation number (`\tag{1}`, `\qquad (2)`) and a stop after it.
 */
function aloneOnLine(s: Statement, response: string): boolean {
  if (!response.startsWith(s.latex, s.offset)) return false;
  const start = response.lastIndexOf('\n', s.offset - 1) + 1;
  const stop = response.indexOf('\n', s.offset + s.latex.length);
  const before = response.slice(start, s.offset);
  const after = response.slice(s.offset + s.latex.length, stop < 0 ? undefined : stop);
  return (
    /^[\s>*_-]*(?:(?:\d+\.|\(?[a-z]\)|\\item(?:\s*\[[^\]]*\])?)\s*)?(?:\*\*)?(?:(?:the\s+)?(?:final\s+)?answers?(?:\s+is)?\s*:?\s*(?:\*\*)?\s*)?(?:\$\$?|\\\[|\\\()?\s*(?:\\displaystyle\s*)?(?:\\text\s*\{\s*(?:final\s+)?answers?\s*:?\s*\}\s*)?$/i.test(
      before,
    ) &&
    /^\s*[.,;]?\s*(?:\\tag\*?\s*\{[^{}]*\}|\\q?quad\s*\(\d+\))?\s*(?:\$\$?|\\\]|\\\))?\s*[.,;]?\s*(?:\*\*)?\s*$/.test(
      after,
    )
  );
}

/** A scaling relation written in a statement: `\sim`, `\propto`, their Unicode signs, a plain-text tilde. */
const SCALING = /\\(?:sim|propto)(?![a-zA-Z])|[∼∝]|\s~\s/;

/**
 * The chain each statement of a math block belongs to: statements whose texts overlap in the answer
 * (`a = b` and `b = c` share b) are links of one chain; a list item after `\Rightarrow` or a comma
 * starts another. Statements read alone (no block) have none.
 */
/** The chains of an answer's statements and the arithmetic they show, read once per statement list. */
interface ChainReading {
  readonly chainOf: (s: Statement) => string;
  /** The sides of a statement that are arithmetic not giving its chain's number ({@link wrongArithmetic}). */
  readonly arithmetic: (s: Statement) => ReadonlySet<string>;
}

const chainReadings = new WeakMap<readonly Statement[], ChainReading>();

/**
 * {@link chainsOf} and {@link wrongArithmetic} of a statement list, kept with it: they depend on the
 * statements alone, and every expected answer of every pass over one answer asks them again.
 */
function chainReading(statements: readonly Statement[]): ChainReading {
  let known = chainReadings.get(statements);
  if (known === undefined) {
    const chains = chainsOf(statements);
    const chainOf = (s: Statement) => chains.get(s) ?? `@${s.offset}`;
    known = { chainOf, arithmetic: wrongArithmetic(statements, chainOf) };
    chainReadings.set(statements, known);
  }
  return known;
}

function chainsOf(statements: readonly Statement[]): ReadonlyMap<Statement, string> {
  const known = chainsMemo.get(statements);
  if (known !== undefined) return known;
  const out = new Map<Statement, string>();
  chainsMemo.set(statements, out);
  const blocks = new Map<number, Statement[]>();
  for (const s of statements) {
    if (s.block === undefined) continue;
    const list = blocks.get(s.block);
    if (list === undefined) blocks.set(s.block, [s]);
    else list.push(s);
  }
  for (const [block, list] of blocks) {
    const sorted = [...list].sort((a, b) => a.offset - b.offset);
    let start = -1;
    let end = -1;
    for (const s of sorted) {
      if (s.offset >= end) start = s.offset;
      end = Math.max(end, s.offset + s.latex.length);
      out.set(s, `#${block}:${start}`);
    }
  }
  return out;
}

/** The chains of an answer's statements, per statement list (every expected answer reads them). */
const chainsMemo = new WeakMap<readonly Statement[], ReadonlyMap<Statement, string>>();

/** The one symbol an expected answer names on its left (`q` in `q = …`): its name and LaTeX. */
function askedSymbol(expected: string): { name: string; latex: string } | undefined {
  const sides = relationSides(expected);
  const name = sides === undefined ? undefined : symbolName(sides.lhs);
  return name === undefined || sides === undefined ? undefined : { name, latex: sides.lhs };
}

/**
 * A relation with the asked quantity as a factor of one side and absent from the other
 * (`qc = \frac{(m_0^2-m_d^2)c^2}{2m_0}`, `\frac12 mv^2 = mgh`), with both sides divided by the rest of
 * that side: `q = \frac{…}{c}`, `v^{2} = \frac{mgh}{\frac12 m}`. Undefined when the side is not such a
 * product, is the quantity alone, or the quantity sits in a denominator.
 */
function dividedForm(latex: string, asked: { name: string; latex: string }): string | undefined {
  const parsed = parseLatex(latex);
  if (!parsed.ok || parsed.tree.type !== 'relation' || parsed.tree.args.length !== 2) return undefined;
  if (parsed.tree.ops[0] !== '=') return undefined;
  const [left, right] = parsed.tree.args as [Node, Node];
  const inLeft = freeVariables(left).includes(asked.name);
  if (inLeft === freeVariables(right).includes(asked.name)) return undefined;
  const [side, other] = inLeft ? [left, right] : [right, left];
  const factor = withoutFactor(side, asked.name);
  if (factor === undefined || factor.rest === undefined) return undefined;
  const rest = printLatex(factor.rest);
  if (rest === undefined) return undefined;
  const power = factor.power === 1 ? '' : `^{${factor.power}}`;
  const otherText = latex.slice(other.span.start, other.span.end);
  return `${asked.latex}${power} = \\frac{${otherText}}{${rest}}`;
}

/**
 * A product with the symbol `name` (or a constant power of it) as one factor, split into that power
 * and the rest (undefined: nothing else); undefined when the symbol is not such a factor.
 */
function withoutFactor(node: Node, name: string): { power: number; rest?: Node } | undefined {
  const has = (n: Node) => freeVariables(n).includes(name);
  if (node.type === 'symbol') return node.name === name ? { power: 1 } : undefined;
  if (node.type === 'unary' && node.op === '-') {
    const inner = withoutFactor(node.arg, name);
    const one = { type: 'number', value: 1, raw: '1', span: node.span } as const;
    return inner === undefined ? undefined : { ...inner, rest: { ...node, arg: inner.rest ?? one } };
  }
  if (node.type !== 'binary') return undefined;
  if (node.op === '^')
    return node.left.type === 'symbol' &&
      node.left.name === name &&
      node.right.type === 'number' &&
      node.right.value > 0
      ? { power: node.right.value }
      : undefined;
  if (node.op !== '*' && node.op !== '/') return undefined;
  const [inLeft, inRight] = [has(node.left), has(node.right)];
  if (inLeft === inRight || (node.op === '/' && inRight)) return undefined;
  const inner = withoutFactor(inLeft ? node.left : node.right, name);
  if (inner === undefined) return undefined;
  const keep = inLeft ? node.right : node.left;
  if (inner.rest === undefined) {
    if (node.op === '*') return { power: inner.power, rest: keep };
    const one = { type: 'number', value: 1, raw: '1', span: node.span } as const;
    return { power: inner.power, rest: { ...node, left: one } };
  }
  return {
    power: inner.power,
    rest: inLeft ? { ...node, left: inner.rest } : { ...node, right: inner.rest },
  };
}

/** The statements that answer one expected quantity, and whether the summary may be read name-free. */
interface Part {
  readonly statements: readonly Statement[];
  /** Offset of a concluding section ("Final answer", "Summary") inside the part, if any. */
  readonly summary: number | undefined;
  /** The whole answer (no sub-question, or the answer marks none for it). */
  readonly whole: boolean;
  /**
   * Where the part's conclusion starts: its summary, else its last marked section when the answer
   * marks the sub-question more than once (`(a) … (b) … Final answers: (a) V_c = 6b, T_c = …`).
   */
  readonly closing: number | undefined;
}

/**
 * The part of the answer that answers a sub-question: the sections marked with its letter (`**(b)**`,
 * `- (b)`), and a concluding section that marks no parts; the whole answer for a problem without
 * sub-questions or an answer that marks none. Values are never taken across sub-questions.
 */
function partOf(e: Expected, statements: readonly Statement[], response: string): Part {
  const marks = answerMarks(response);
  const summary = marks.summary;
  if (e.letter === undefined) return { statements, summary, whole: true, closing: summary };
  const sections = (marks.sections ??= answerSections(response));
  const own = sections.filter((s) => s.letter === e.letter);
  if (own.length === 0) return { statements, summary, whole: true, closing: summary };
  const inOwn = (offset: number) => own.some((s) => offset >= s.start && offset < s.end);
  // Marks that state nothing (the question's parts restated after the answer: `(a) Find the distance
  // $s$ …`, `Give $p = \ldots$`) do not take the part away from the statements the answer wrote.
  if (!statements.some((s) => inOwn(s.offset) && !restatesQuestion(s)))
    return { statements, summary, whole: true, closing: summary };
  // A summary heading after the last section's mark belongs to every sub-question: the last section
  // ends where it begins (`**Final Answer:** V_c = 6b, …` after the working of (b) states (a)'s
  // quantity too, and revises what (a)'s working said of it). A summary word after a part's mark on
  // its line (`(c) Answer: …`) is no heading: that line is (c)'s own.
  const lastSection = sections.at(-1)!;
  const shared = summary !== undefined && marks.heading && summary > lastSection.start ? summary : undefined;
  return {
    statements: statements.filter((s) => inOwn(s.offset) || (shared !== undefined && s.offset >= shared)),
    summary: shared,
    whole: false,
    closing: shared ?? (own.length > 1 ? own.at(-1)!.start : undefined),
  };
}

/** A symbol alone: `s`, `\Delta v`, `\vec{F}`, `t_{\text{tr}}`, `v_0'`. */
const LONE_SYMBOL =
  /^\s*(?:\\(?:Delta|delta|vec|hat|bar|dot|ddot|tilde|mathbf|boldsymbol|mathcal)\s*\{?\s*)?(?:\\[A-Za-z]+|[A-Za-z])\s*\}?\s*(?:'+|\^\{?\s*(?:\*|\\prime)\s*\}?)?\s*(?:_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|[A-Za-z0-9]))?\s*$/;

/** A statement a question writes too: a symbol alone (`$s$`) or a placeholder (`p = \ldots`). */
function restatesQuestion(s: Statement): boolean {
  if (s.sides !== undefined) return PLACEHOLDER.test(s.sides.rhs);
  return !s.boxed && LONE_SYMBOL.test(s.latex);
}

/** What {@link answerMarks} reads of an answer. */
interface AnswerMarks {
  /** Offset of the concluding section (`Final answer`, `Summary`, `Answers:`), if any. */
  readonly summary: number | undefined;
  /** Whether that section's word begins its line (markdown marks aside): `### Final Answers`, not `(c) Answer:`. */
  readonly heading: boolean;
  sections?: AnswerSection[];
}

/** The concluding section and sub-question sections of the last answer read (every part of every check reads them). */
let marked: (AnswerMarks & { readonly response: string }) | undefined;

function answerMarks(response: string): AnswerMarks {
  if (marked?.response !== response) {
    const summary = concludingOffset(response);
    const heading =
      summary !== undefined &&
      /^[\s#*_>-]*$/.test(response.slice(response.lastIndexOf('\n', summary - 1) + 1, summary));
    marked = { response, summary, heading };
  }
  return marked;
}

/**
 * Candidates when the answer never names the expected quantity: the part's boxed statements if any,
 * else its last formulas and its last bare values (one per expected answer of the part; formulas
 * with distinct left sides) and its concluding section.
 */
function concluding(whole: Part, inPart: number, response: string, remark: RemarkReader): Statement[] {
  // A pair's members answer under their own names only (the judge's named path).
  const part = { ...whole, statements: whole.statements.filter((s) => s.member !== true) };
  const boxed = part.statements.filter((s) => s.boxed);
  // More unnamed boxed values than the part has answers is a grid of guesses, not an answer.
  const values = new Set(boxed.filter((s) => s.bare).map((s) => s.latex.replace(/\s+/g, '')));
  if (values.size > Math.max(1, inPart)) return boxed.filter((s) => !s.bare);
  if (boxed.length > 0) return boxed;
  const out = new Set<Statement>();
  // A chain's links share one math block: each block is one statement, named by its first left side.
  // A definition glossing the result (`…, where $v = \sqrt{v_x^2 + v_y^2}$`) is not the last formula.
  const all = part.statements.filter((s) => !s.bare);
  const stated = all.filter((s) => !s.gloss);
  const formulas = stated.length > 0 ? stated : all;
  const group = (s: Statement) => (s.block === undefined ? `@${s.offset}` : `#${s.block}`);
  const firstOf = new Map<string, Statement>();
  for (const s of formulas) if (!firstOf.has(group(s))) firstOf.set(group(s), s);
  const lefts = new Set<string>();
  const groups = new Set<string>();
  // A condition after the answer (`E = 8.6\times10^{-5}\ \text{eV}` at `T = 1.0` K), or a remark on it
  // (a datum restated: `and $g = 9.8\ \mathrm{m/s^2}$`), is read too, but does not take the place of
  // the statement it qualifies.
  const conditions = new Set<string>();
  for (let k = formulas.length - 1, counted = 0; k >= 0 && counted < inPart; k--) {
    const g = group(formulas[k]!);
    const first = firstOf.get(g)!;
    const left = first.sides?.lhs.replace(/\s+/g, '') ?? first.latex;
    if (lefts.has(left) || groups.has(g) || conditions.has(g)) continue;
    if (k > 0 && remark(first) !== undefined) {
      conditions.add(g);
      continue;
    }
    lefts.add(left);
    groups.add(g);
    counted++;
  }
  for (const s of formulas) if (groups.has(group(s)) || conditions.has(group(s))) out.add(s);
  // Its last bare values, one per expected answer of the part (`r_A ≈ **0.564 μm**; n ≈ **9.94×10³**`),
  // and, for a part asking one quantity, written on or after the line where its last statement with a
  // unit value starts: a value before it (`| F (one pair) | 2.81 N |`, then `F = 2.90 N overall`) is
  // working that statement revises.
  // Only a value of the same dimension is revised: a check of another quantity after the answer
  // (`**2.81 N**`, then `a = F/m = 1.41 m/s²`) revises nothing.
  const revised = inPart <= 1 ? [...out].filter((s) => s.unitValue).at(-1) : undefined;
  const from = revised === undefined ? -1 : response.lastIndexOf('\n', revised.offset - 1) + 1;
  const revises = (s: Statement) =>
    revised !== undefined &&
    s.offset < from &&
    s.unitDimensions.some((d) => revised.unitDimensions.some((r) => sameDimension(d, r)));
  let bare = part.statements.filter((s) => s.bare && !revises(s));
  for (let counted = 0; counted < Math.max(1, inPart); counted++) {
    const value = lastValue(bare, response);
    if (value === undefined) break;
    out.add(value);
    bare = bare.filter((s) => s.offset < value.offset);
  }
  if (part.summary !== undefined) for (const s of part.statements) if (s.offset >= part.summary) out.add(s);
  return [...out];
}

/**
 * The part's last bare value; a value written in bold (`That is **5** resistors, and no arrangement
 * of 4 gives 7/6.`) is the one its line declares, over plain values later on that line.
 */
function lastValue(values: readonly Statement[], response: string): Statement | undefined {
  const last = values.at(-1);
  if (last === undefined || last.emphasis) return last;
  const lineStart = response.lastIndexOf('\n', last.offset - 1) + 1;
  return values.filter((s) => s.emphasis && s.offset >= lineStart).at(-1) ?? last;
}

/** A thin space, `{,}`, comma or space between digit groups of three (`6\,371`, `1{,}492`, `6 371`). */
const DIGIT_GROUP = /(?<=\d)(?:\\[,:;]|\{,\}|,|\\ |~|[ \u2009\u202f\u00a0])(?=\d{3}(?!\d))/g;

/**
 * A final answer written as an integer (`432\,\mathrm{K}`, `48\,\mathrm{MeV}`) is a value rounded to
 * its ones place, not an exact number: its unit is 1 in that place — for a `reference` with trailing
 * zeros, in the place of its last non-zero digit, at most two significant figures coarse (`1200` → 100,
 * `300` → 10).
 */
function roundedInteger(text: string, value: WrittenValue, reference = false): WrittenValue {
  // Digits grouped in threes (`6\,371`, `6{,}371`, `6 371`) are one integer, as the parser reads them.
  const integer = /^\s*-?(\d+)(?![\d.^]|\s*\\(?:times|cdot))/.exec(text.replace(DIGIT_GROUP, ''));
  if (value.unit !== 0 || integer === null || value.value === 0 || !soleNumber(text)) return value;
  const written = Number(integer[1]);
  if (written === 0) return value;
  // A reference's trailing zeros may be placeholders (`1200` is 1.2×10³ as often as 1200.): its last
  // place is read as the last non-zero digit's, but never coarser than two significant figures (`300`
  // is ±5, `1200` ±50), so a bare hundred is not an order-of-magnitude estimate. An answer's are not:
  // `340 K` for 350 K is not a two-figure rounding of it.
  const digits = integer[1]!.replace(/^0+/, '');
  const zeros = digits.length - digits.replace(/0+$/, '').length;
  const place = reference ? 10 ** Math.max(0, Math.min(zeros, digits.length - 2)) : 1;
  return { ...value, unit: place / written };
}

/**
 * Whether a value writes one number and nothing else but units (`432\,\mathrm{K}`, `-12\ \mathrm{m/s}`):
 * an exact expression that begins with an integer (`1/6 + 3`, `2\pi`, `3\sqrt{2}`) is no integer
 * rounded to its ones place.
 */
function soleNumber(text: string): boolean {
  const parsed = parseLatex(text);
  if (!parsed.ok) return false;
  let numbers = 0;
  const visit = (n: Node): boolean => {
    switch (n.type) {
      case 'number':
        numbers++;
        return true;
      case 'unit':
        return true;
      case 'unary':
        return n.op === '-' && visit(n.arg);
      case 'binary':
        // A unit's own powers and quotients (`\mathrm{m\,s^{-2}}`) are read inside the unit.
        return (n.op === '*' || n.op === '/' || n.op === '^') && visit(n.left) && visit(n.right);
      default:
        return false;
    }
  };
  return visit(parsed.tree) && numbers === 1;
}

function withConstantsValue(p: PreparedFormula): WrittenValue | undefined {
  const w = withStandardConstants(p);
  return w === undefined ? undefined : writtenValue(w.formula);
}

/** The identity of a quantity: the canonical text of a prepared expression (`K_{\text{th}}`). */
export function quantityKey(p: PreparedFormula): string | undefined {
  return p.ok && p.kind === 'expression' ? p.canonical : undefined;
}

/** Directions in words that point the negative way under the usual axes (up, right, outward, along the motion positive). */
const NEGATIVE_WAY =
  /\b(?:downwards?|(?:points?|pointing|directed|acts?|acting|moves|moving|is)\s+(?:(?:straight|vertically|directly)\s+)?down|(?:to(?:wards?)?|points?|pointing|directed|acts?|acting)\s+(?:the\s+)?left|leftwards?|opposite\s+(?:to\s+)?(?:the\s+)?(?:velocity|motion|direction\s+of\s+motion|displacement)|(?:radially\s+)?inwards?|towards?\s+the\s+(?:centre|center|ground|floor)|(?:in|along)\s+(?:the\s+)?(?:-\s?|negative\s+)[xyz])\b/i;
/** Words right before a magnitude that give its way as the negative one ("downward with speed"). */
const NEGATIVE_BEFORE =
  /\b(?:(?:straight|vertically|directly)\s+)?(?:downwards?|down|to(?:wards?)?\s+the\s+left|leftwards?)\s+(?:with|at)\s+(?:an?\s+|the\s+)?(?:speed|velocity|magnitude)?(?:\s+of)?\s*$/i;
/** Directions that point the positive way: a statement naming both says nothing about the sign. */
const POSITIVE_WAY =
  /\b(?:upwards?|up|(?:to(?:wards?)?|points?|pointing|directed|acts?|acting)\s+(?:the\s+)?right|rightwards?|along\s+(?:the\s+)?(?:velocity|motion)|(?:radially\s+)?outwards?|away\s+from\s+the\s+(?:centre|center))\b/i;
/** The words of a problem text that make a direction word meaningful: its axis is in the problem. */
function axisOf(direction: string): RegExp {
  if (/up|down|ground|floor/i.test(direction))
    return /\b(?:vertical(?:ly)?|fall(?:s|ing)?|fell|drop(?:s|ped)?|height|ground|floor|table|up(?:ward)?s?|down(?:ward)?s?|gravity|gravitational|thrown|hang(?:s|ing)?|lift(?:s|ed)?|rise[sn]?|rising|above|below)\b/i;
  if (/left|right/i.test(direction)) return /\b(?:left|right|horizontal(?:ly)?)\b/i;
  if (/in|out|cent/i.test(direction) && !/opposite/i.test(direction))
    return /\b(?:cent(?:re|er)|radial(?:ly)?|radius|circle|circular|orbit(?:s|ing)?|ring|spher(?:e|ical))\b/i;
  if (/opposite/i.test(direction))
    return /\b(?:velocity|moving|moves|motion|speed|displacement|slid(?:es|ing)|brak(?:es|ing))\b/i;
  return /\b[xyz][- ]?(?:axis|direction)|\$[xyz]\$/i;
}

/** A symbol as prose writes it, for a regular expression: `Q`, `E_b` / `E_{b}`, in `$…$` or not. */
function proseName(latex: string): string | undefined {
  const t = latex.replace(/\s+/g, '');
  const m = /^([A-Za-z])(?:_\{?([A-Za-z0-9]+)\}?)?$/.exec(t);
  if (m === null) return undefined;
  const name = m[2] === undefined ? m[1]! : `${m[1]}_(?:\\{${m[2]}\\}|${m[2]})`;
  return `(?:\\$|\\\\\\()?\\s*${name}(?![A-Za-z0-9_{])\\s*(?:\\$|\\\\\\))?`;
}

/** `Q is negative`, `Q-value is **negative**`, `negative Q`, `Q < 0`, for a name from {@link proseName}. */
const NEGATIVE_WORDS = (name: string) =>
  new RegExp(
    `(?<![A-Za-z\\\\])${name}(?:[- ]value)?\\s+(?:is|comes\\s+out|turns\\s+out|must\\s+be)\\s+(?:\\*\\*|_)?negative\\b|\\bnegative\\s+${name}|${name}\\s*<\\s*0(?![.\\d])`,
  );

/**
 * Whether a statement gives the asked quantity's magnitude with its sign in words: a direction
 * ({@link directionReader}) or {@link negativeInWords}; the words' pattern is built once per
 * expected answer.
 */
function negativeReader(
  direction: (s: Statement) => boolean,
  response: string,
  asked: { readonly latex: string } | undefined,
): (s: Statement) => boolean {
  const name = asked === undefined ? undefined : proseName(asked.latex);
  let words: RegExp | undefined;
  return (s) => {
    if (direction(s)) return true;
    if (name === undefined) return false;
    words ??= NEGATIVE_WORDS(name);
    return negativeInWords(response, s, words);
  };
}

/**
 * Whether the words on a statement's line say the asked quantity is negative (`$|Q| = 3.00$ MeV;
 * Q is negative`, `negative Q`, `Q < 0`: `words`, from {@link NEGATIVE_WORDS}) and say "positive"
 * nowhere on the line: the magnitude written then states the negative value. Only a name the words
 * spell as the reference does (`Q`, `E_b`); a reaction "endothermic" or a word elsewhere in the
 * answer says nothing.
 */
function negativeInWords(response: string, s: Statement, words: RegExp): boolean {
  const start = response.lastIndexOf('\n', s.offset - 1) + 1;
  const end = response.indexOf('\n', s.offset);
  const line = response.slice(start, end < 0 ? response.length : end);
  // The words say "negative" or write `< 0` (a line with neither is not searched).
  if (!line.includes('negative') && !line.includes('<')) return false;
  // Any "positive" on the line (`E_1 is negative or positive`) leaves the sign open.
  return words.test(line) && !/positive|>\s*0(?![.\d])/i.test(line);
}

/** A problem text that makes downward positive (`take downward as positive`, `positive downward`). */
const DOWN_POSITIVE =
  /\bdown(?:wards?)?\b[^.;]{0,30}\bpositive\b|\bpositive\b[^.;]{0,15}\bdown(?:wards?)?\b/i;

/**
 * Whether a statement gives a magnitude whose direction the words beside it (on its line, after it,
 * up to the end of the sentence) name as the negative one: down, left, opposite to the motion,
 * inward, −x. A problem text that takes downward as positive turns the vertical words round. Words
 * naming both ways, or none, say nothing (strict: an unsigned magnitude is not the signed value).
 */
function directionReader(response: string, problemText: string): (s: Statement) => boolean {
  const downPositive = DOWN_POSITIVE.test(problemText);
  return (s) => {
    const lineEnd = response.indexOf('\n', s.offset);
    const line = response.slice(s.offset + s.latex.length, lineEnd < 0 ? response.length : lineEnd);
    const sentence = line.split(/[.;](?:\s|$)/)[0] ?? '';
    const words = sentence.replace(/\\text\s*\{([^{}]*)\}/g, ' $1 ').replace(/[{}()$\\]/g, ' ');
    // Or the words just before it name the way it goes: "moving **downward with speed** $v$".
    const lineStart = response.lastIndexOf('\n', s.offset - 1) + 1;
    const lead = response.slice(Math.max(lineStart, s.offset - 80), s.offset).replace(/[*_$]|\\\(|\\\[/g, '');
    let negative = NEGATIVE_WAY.exec(words)?.[0] ?? NEGATIVE_BEFORE.exec(lead)?.[0];
    let positive = POSITIVE_WAY.exec(words)?.[0];
    // A direction counts only along an axis the problem is about (`downward` for a rod falling onto
    // a table, not for a puck sliding on ice whose reference sign means "to the left").
    if (negative !== undefined && !axisOf(negative).test(problemText)) return false;
    if (downPositive) {
      const vertical = (w: string | undefined) => w !== undefined && /\b(?:up|down)/i.test(w);
      if (vertical(negative) || vertical(positive)) [negative, positive] = [positive, negative];
    }
    return negative !== undefined && positive === undefined;
  };
}
