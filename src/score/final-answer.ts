import type { Problem } from '../dag/types.js';
import { compareFormulas, prepareFormula } from '../equivalence/index.js';
import type { EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import type { ExtractionResult } from '../extract/types.js';
import { boxedContents, phraseMatches, relationSides } from './answer-text.js';
import { expressionValue, withinPrecision } from './numeric-answer.js';
import type { FinalAnswerCheck } from './types.js';

interface Expected {
  readonly latex: string;
  readonly form: string;
  readonly sigfigs?: number;
}

/** The expected final answers of a problem: its own and its sub-questions' `final_answer` lists. */
function expectedAnswers(problem: Problem): Expected[] {
  const out: Expected[] = [];
  const add = (
    list: readonly string[] | undefined,
    form: string | undefined,
    sigfigs: number | undefined,
  ) => {
    for (const latex of list ?? []) {
      const sf = sigfigs ?? problem.significant_figures;
      out.push(
        sf === undefined
          ? { latex, form: form ?? 'algebraic' }
          : { latex, form: form ?? 'algebraic', sigfigs: sf },
      );
    }
  };
  add(problem.final_answer, problem.final_answer_form, problem.significant_figures);
  for (const sub of problem.subquestions ?? [])
    add(sub.final_answer, sub.final_answer_form, sub.significant_figures);
  return out;
}

/**
 * Judges the final answer. `nodes`: every `is_final_answer` node is in `matched`. `explicit`, when
 * the problem gives `final_answer`: each expected answer must be met by a candidate — the boxed
 * formulas and expressions, or (nothing boxed) the last formula and the last expression. Algebraic:
 * equivalence (an expected expression is compared with each side of a candidate relation);
 * numerical: the candidate's value, in SI, within the problem's significant figures
 * ({@link withinPrecision}); text-based: the normalized phrase occurs in a boxed text (or, nothing
 * boxed, in the answer's last 400 characters).
 */
export function checkFinalAnswer(
  problem: Problem,
  response: string,
  extraction: ExtractionResult,
  matched: ReadonlySet<number>,
  equivalence: EquivalenceOptions,
): FinalAnswerCheck {
  const finals = problem.grading_standard.filter((n) => n.is_final_answer === true);
  const nodes = finals.length === 0 ? null : finals.every((n) => matched.has(n.index));
  const expected = expectedAnswers(problem);
  if (expected.length === 0) return { nodes, explicit: null, answers: [] };
  const constants = problem.constants === undefined ? {} : { constants: problem.constants };
  const prepare = (latex: string): PreparedFormula => prepareFormula(latex, constants);
  const all = [...extraction.formulas, ...extraction.candidates].sort((a, b) => a.offset - b.offset);
  const boxed = all.filter((f) => f.kind === 'boxed');
  const lastFormula = extraction.formulas.at(-1);
  const lastCandidate = extraction.candidates.at(-1);
  const pool = boxed.length > 0 ? boxed : [lastFormula, lastCandidate].filter((f) => f !== undefined);
  // Each candidate as the texts to try: the whole, and each side of a relation.
  const texts = pool.flatMap((f) => {
    const sides = relationSides(f.latex);
    return sides ? [f.latex, sides.rhs, sides.lhs] : [f.latex];
  });
  const answers = expected.map((e) => {
    let by: string | undefined;
    if (e.form === 'text-based') {
      const boxes = boxedContents(response);
      const haystacks = boxes.length > 0 ? boxes : [response.slice(-400)];
      by = haystacks.find((h) => phraseMatches(e.latex, h));
    } else if (e.form === 'numerical') {
      const sides = relationSides(e.latex);
      const want = expressionValue(prepare(sides ? sides.rhs : e.latex));
      if (want !== undefined) {
        by = texts.find((t) => {
          const got = expressionValue(prepare(t));
          return got !== undefined && withinPrecision(got, want, e.sigfigs);
        });
      }
    } else {
      const want = prepare(e.latex);
      if (want.ok) {
        by = texts.find((t) => {
          const got = prepare(t);
          return (
            got.ok &&
            got.kind === want.kind &&
            compareFormulas(got, want, equivalence).verdict === 'equivalent'
          );
        });
      }
    }
    const base = { expected: e.latex, form: e.form, correct: by !== undefined };
    return by === undefined ? base : { ...base, by };
  });
  return { nodes, explicit: answers.every((a) => a.correct), answers };
}
