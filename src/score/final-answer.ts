import type { Verdict } from '../core/tree.js';
import type { Problem } from '../dag/types.js';
import { withStandardConstants } from '../equivalence/constants-fallback.js';
import { compareFormulas, prepareFormula, VALUE_SYMBOL } from '../equivalence/index.js';
import type { NumericTolerance } from '../equivalence/literal-precision.js';
import type { EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import type { ExtractionResult } from '../extract/types.js';
import {
  answerSections,
  boxedContents,
  concludingOffset,
  phraseMatches,
  relationSides,
} from './answer-text.js';
import { finalStatements, type Statement } from './final-statements.js';
import { gradeValue, type WrittenValue, writtenValue } from './numeric-answer.js';
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
}

interface Expected {
  readonly latex: string;
  readonly form: string;
  readonly sigfigs?: number;
  /** The sub-question letter, when the answer belongs to one. */
  readonly letter?: string;
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
    for (const latex of list ?? []) {
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
  for (const sub of problem.subquestions ?? [])
    add(sub.final_answer, sub.final_answer_form, sub.significant_figures, sub.letter);
  return out;
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
  const nodes = finals.length === 0 ? null : finals.every((n) => matched.has(n.index));
  const expected = expectedAnswers(problem);
  if (expected.length === 0) return { nodes, explicit: null, answers: [] };
  const constants = problem.constants === undefined ? {} : { constants: problem.constants };
  const prepare = options.prepare ?? ((latex: string) => prepareFormula(latex, constants));
  const statements = finalStatements(response, extraction, prepare);
  // A quantity the problem asks for in several forms (r_min in b and in θ) is looked for in every
  // statement of it, not only the last one.
  const quantities = expected.map((e) => {
    const sides = relationSides(e.latex);
    return sides === undefined ? undefined : prepare(sides.lhs);
  });
  const keys = quantities.map((q) => (q === undefined ? undefined : quantityKey(q)));
  const repeated = new Set(keys.filter((k, i) => k !== undefined && keys.indexOf(k) !== i));
  const answers = expected.map((e, i) => {
    let by: string | undefined;
    if (e.form === 'text-based') {
      const boxes = boxedContents(response);
      const haystacks = boxes.length > 0 ? boxes : [response.slice(-400)];
      by = haystacks.find((h) => phraseMatches(e.latex, h));
    } else {
      const test =
        e.form === 'numerical'
          ? numericTest(e, prepare, options.tolerance)
          : algebraicTest(
              e,
              prepare,
              options.compare ?? ((got, want) => compareFormulas(got, want, equivalence).verdict),
            );
      if (test !== undefined)
        by = judge(e, keys[i], quantities[i]?.variables ?? [], repeated, test, statements, response);
    }
    const base = { expected: e.latex, form: e.form, correct: by !== undefined };
    return by === undefined ? base : { ...base, by };
  });
  return { nodes, explicit: answers.every((a) => a.correct), answers };
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
): CandidateTest | undefined {
  const sides = relationSides(e.latex);
  const text = sides ? sides.rhs : e.latex;
  const value = writtenValue(prepare(text));
  if (value === undefined) return undefined;
  const want = roundedInteger(text, value);
  return {
    numerical: true,
    accepts: (text, whole) => {
      if (whole) return false;
      const p = prepare(text);
      // A value written with standard constants (`\frac{3}{5}c`) takes their CODATA values.
      const written = writtenValue(p);
      const got = written === undefined ? withConstantsValue(p) : roundedInteger(text, written);
      return got !== undefined && gradeValue(got, want, e.sigfigs, tolerance);
    },
  };
}

function algebraicTest(
  e: Expected,
  prepare: (latex: string) => PreparedFormula,
  compare: (got: PreparedFormula, want: PreparedFormula) => Verdict,
): CandidateTest | undefined {
  const want = prepare(e.latex);
  if (!want.ok) return undefined;
  return {
    numerical: false,
    accepts: (text) => {
      const got = prepare(text);
      return got.ok && got.kind === want.kind && compare(got, want) === 'equivalent';
    },
  };
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
): string | undefined {
  const tries = (s: Statement): string | undefined => {
    if (test.accepts(s.latex, !s.bare)) return s.latex;
    if (s.sides === undefined) return undefined;
    return [s.sides.rhs, s.sides.lhs].find((t) => test.accepts(t, false));
  };
  const first = (list: readonly Statement[]) => {
    for (const s of list) {
      const hit = tries(s);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  if (key !== undefined) {
    // A side that is the quantity has exactly its variables: only such statements have their sides
    // prepared and compared.
    const quantity = keyVariables.filter((v) => v !== VALUE_SYMBOL);
    const named = statements.filter((s) => s.names(key, quantity) && (!test.numerical || s.hasValue));
    if (named.length > 0) {
      const boxed = named.filter((s) => s.boxed);
      const pool = boxed.length > 0 ? boxed : named;
      if (repeated.has(key)) return first(pool);
      const last = pool.at(-1)!;
      // The final statement: every formula of the last statement of the quantity (a chain
      // `t = \frac{…}{…} = 1.71\times10^4\,\mathrm{s} = 4.75\,\mathrm{h}` states it several ways), and
      // unnamed boxed values written after it.
      return first([
        ...pool.filter((s) => s.offset === last.offset),
        ...statements.filter((s) => s.boxed && s.bare && s.offset > last.offset),
      ]);
    }
  }
  const hit = first(concluding(e, statements, response));
  if (hit !== undefined || test.numerical) return hit;
  // An algebraic answer the response never states under the expected name (`b^3 = …` for `b = …`):
  // any formula equivalent to it (a relation cannot be "revised" under a name it never had).
  return first(statements.filter((s) => !s.bare));
}

/**
 * Candidates when the answer never names the expected quantity: the boxed statements if any, else
 * the last formula and last bare value of the sub-question's section, of the concluding section and
 * of the whole answer.
 */
function concluding(e: Expected, statements: readonly Statement[], response: string): Statement[] {
  const boxed = statements.filter((s) => s.boxed);
  if (boxed.length > 0) return boxed;
  const out = new Set<Statement>();
  const lastIn = (from: number, to: number) => {
    const inside = statements.filter((s) => s.offset >= from && s.offset < to);
    const formula = inside.filter((s) => !s.bare).at(-1);
    const value = inside.filter((s) => s.bare).at(-1);
    if (formula !== undefined) out.add(formula);
    if (value !== undefined) out.add(value);
  };
  if (e.letter !== undefined) {
    for (const section of answerSections(response)) {
      if (section.letter === e.letter) lastIn(section.start, section.end);
    }
  }
  const summary = concludingOffset(response);
  if (summary !== undefined) for (const s of statements) if (s.offset >= summary) out.add(s);
  lastIn(0, Number.POSITIVE_INFINITY);
  return [...out];
}

/**
 * A final answer written as an integer (`432\,\mathrm{K}`, `48\,\mathrm{MeV}`) is a value rounded to
 * its ones place, not an exact number: its unit is 1 in that place.
 */
function roundedInteger(text: string, value: WrittenValue): WrittenValue {
  const integer = /^\s*-?(\d+)(?![\d.^]|\s*\\(?:times|cdot))/.exec(text);
  if (value.unit !== 0 || integer === null || value.value === 0) return value;
  const written = Number(integer[1]);
  return written === 0 ? value : { ...value, unit: 1 / written };
}

function withConstantsValue(p: PreparedFormula): WrittenValue | undefined {
  const w = withStandardConstants(p);
  return w === undefined ? undefined : writtenValue(w.formula);
}

/** The identity of a quantity: the canonical text of a prepared expression (`K_{\text{th}}`). */
export function quantityKey(p: PreparedFormula): string | undefined {
  return p.ok && p.kind === 'expression' ? p.canonical : undefined;
}
