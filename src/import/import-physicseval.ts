import { physicsEvalAnswer } from './physicseval-answer.js';
import { difficultyTier, readPhysicsEvalRecord } from './read-physicseval-record.js';
import type { ImportedProblem, ImportResult, SkippedItem } from './types.js';
import { withAnswers } from './with-answers.js';

/** Source fields the mapping uses; every other field of a record is kept in `meta`. */
const MAPPED = new Set([
  'Problem_ID',
  'problem',
  'elaborated_solution_steps',
  'final_answers_in_brief',
  'category',
  'source',
]);

/**
 * PhysicsEval records (spec A1) → our format, reusing the loader's record checks and brief-answer
 * reading (`read-physicseval-record.ts`, `physicseval-answer.ts`). Mapping: `Problem_ID` → `id` (unchanged, so a
 * run on the source file and on the import share ids); `problem` → `context`;
 * `elaborated_solution_steps` → `solution`; `final_answers_in_brief` → final answers (form from
 * the text: a number after `=` numerical, other math algebraic, prose text-based; a unit written
 * after the math joined to the value when readable; figures as written); answers of mixed forms →
 * one sub-question per answer; `category` → `domain`; `problem_difficulty` → `difficulty` (1–4
 * easy, 5–7 medium, 8–10 hard; the score kept in `meta`); `source` → `source`. Every other field
 * (`simplified_problem_statement`, `soft_labels`, `alternative_solutions`, `steps`, token counts,
 * unknown ones, a `grading_standard` DAG) is kept in `meta`. Skipped: records failing the loader's
 * checks, records with no brief final answer, repeated ids.
 */
export function importPhysicsEval(items: readonly unknown[]): ImportResult {
  const problems: ImportedProblem[] = [];
  const skipped: SkippedItem[] = [];
  const notes: SkippedItem[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of items.entries()) {
    const read = readPhysicsEvalRecord(raw);
    const rawId = (raw as { Problem_ID?: unknown } | null)?.Problem_ID;
    if (!read.ok) {
      skipped.push({
        id: typeof rawId === 'string' && rawId.trim() !== '' ? rawId : `#${i + 1}`,
        reason: read.message.replace(/^[^:]*: (?=\w+:)/, ''),
      });
      continue;
    }
    const f = read.fields;
    if (seen.has(f.id)) {
      skipped.push({ id: f.id, reason: 'repeated Problem_ID (the first record is kept)' });
      continue;
    }
    seen.add(f.id);
    const finals = f.finals.filter((a) => a.trim() !== '');
    if (finals.length === 0) {
      skipped.push({ id: f.id, reason: 'no final_answers_in_brief: nothing to check' });
      continue;
    }
    const converted = finals.map(physicsEvalAnswer);
    for (const c of converted) if (c.unitNote !== undefined) notes.push({ id: f.id, reason: c.unitNote });
    const record = raw as Record<string, unknown>;
    const meta = Object.fromEntries(Object.entries(record).filter(([k]) => !MAPPED.has(k)));
    if (record.grading_standard !== undefined)
      notes.push({
        id: f.id,
        reason:
          'a grading_standard DAG was given: kept in meta (load the source file with --dataset to score steps with it)',
      });
    const base = {
      id: f.id,
      context: f.problem,
      source: `PhysicsEval ${f.source ?? ''}`.trim(),
      ...(f.category === undefined ? {} : { domain: f.category }),
      ...(f.difficulty === undefined ? {} : { difficulty: difficultyTier(f.difficulty) }),
      ...(f.solution === '' ? {} : { solution: f.solution }),
      grading_standard: [] as never[],
      meta,
    };
    const answers = converted.map((c) => ({
      latex: c.latex,
      form: c.form,
      ...(c.figures === undefined ? {} : { figures: c.figures }),
      ...(c.unitText === undefined ? {} : { instructions: `Give the value in ${c.unitText}.` }),
    }));
    problems.push(withAnswers(base, answers));
  }
  return { format: 'physicseval', problems, skipped, notes };
}
