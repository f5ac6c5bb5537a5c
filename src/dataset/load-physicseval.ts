import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import { validateDataset } from '../dag/validate-dataset.js';
import { physicsEvalAnswer } from '../import/physicseval-answer.js';
import { readPhysicsEvalRecord } from '../import/read-physicseval-record.js';
import { withAnswers } from '../import/with-answers.js';
import { difficultyTier, type ReferenceSolution } from './physicseval-record.js';

/** True when an item looks like a PhysicsEval record (has `Problem_ID` and `problem`). */
export function isPhysicsEvalRecord(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'Problem_ID' in item && 'problem' in item;
}

/**
 * Converts PhysicsEval records (spec A1) into problems and their reference material. Choices (the
 * spec leaves them open): the solver sees `problem` (not the simplified statement); `ground_truth`
 * is `elaborated_solution_steps` followed by the brief final answers; `category` becomes the
 * domain; `problem_difficulty` 1–10 becomes Easy 1–4 / Medium 5–7 / Hard 8–10. A record without a
 * DAG gets `grading_standard: []` (no step score; final-answer and judge scores only); a record
 * with one (our `grading_standard` extension) is validated as a PRISM problem and gets a step score.
 * Each brief answer is read as the importer reads it (`physicsEvalAnswer`: a number after `=` →
 * numerical, with a unit written after the math joined to it; other math → algebraic; prose →
 * text-based); answers of one form are one list, a problem mixing forms (a number and
 * "attractive") gets one sub-question per answer, each checked in its own form (as the importer).
 */
export function convertPhysicsEval(
  items: readonly unknown[],
  where: string,
): { problems: Problem[]; references: Map<string, ReferenceSolution>; diagnostics: Diagnostic[] } {
  const problems: Problem[] = [];
  const references = new Map<string, ReferenceSolution>();
  const diagnostics: Diagnostic[] = [];
  const bad = (i: number, message: string): void => {
    diagnostics.push({
      code: 'physicseval-invalid-record',
      severity: 'error',
      message,
      where: `${where}: record ${i + 1}`,
    });
  };
  for (const [i, item] of items.entries()) {
    const read = readPhysicsEvalRecord(item);
    if (!read.ok) {
      bad(i, read.message);
      continue;
    }
    const { id, problem: text, solution, finals, difficulty: d, category, source } = read.fields;
    const r = item as { grading_standard?: unknown };
    const parsed = finals.map(physicsEvalAnswer);
    const base = {
      id,
      context: text,
      source: source ?? '',
      ...(solution === '' ? {} : { solution }),
      ...(category === undefined ? {} : { domain: category }),
      ...(d === undefined ? {} : { difficulty: difficultyTier(d) }),
      grading_standard: [] as never[],
      meta: {},
    };
    // Every answer checked in its own form: one list when the forms agree, one sub-question per
    // answer when they are mixed (the importer's rule, `withAnswers`).
    const { source: s, meta: _meta, ...answered } = parsed.length === 0 ? base : withAnswers(base, parsed);
    const problem: Problem = { ...answered, ...(s === '' ? {} : { source: s }), grading_standard: [] };
    let accepted: Problem | undefined = problem;
    if (r.grading_standard !== undefined) {
      const validated = validateDataset([{ ...problem, grading_standard: r.grading_standard }], where);
      diagnostics.push(...validated.diagnostics);
      accepted = validated.problems[0];
      if (accepted === undefined) continue;
    }
    problems.push(accepted);
    const briefs = finals.length === 0 ? '' : `\n\nFinal answers:\n${finals.map((f) => `- ${f}`).join('\n')}`;
    references.set(id, {
      ground_truth: `${solution}${briefs}`.trim(),
      elaborated_solution: solution,
      final_answers: finals,
      ...(d === undefined ? {} : { difficulty_score: d }),
    });
  }
  return { problems, references, diagnostics };
}
