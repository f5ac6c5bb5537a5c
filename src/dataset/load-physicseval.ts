import type { Diagnostic } from '../core/diagnostic.js';
import type { AnswerForm, Problem } from '../dag/types.js';
import { validateDataset } from '../dag/validate-dataset.js';
import { difficultyTier, type PhysicsEvalRecord, type ReferenceSolution } from './physicseval-record.js';

/** True when an item looks like a PhysicsEval record (has `Problem_ID` and `problem`). */
export function isPhysicsEvalRecord(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'Problem_ID' in item && 'problem' in item;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The LaTeX of a brief answer: the inside of its first `$…$`/`$$…$$`, else the text when it looks like math. */
function answerLatex(text: string): { latex: string; form: AnswerForm } {
  const math = /\$\$([\s\S]+?)\$\$|\$([^$]+)\$/.exec(text);
  const body = (math?.[1] ?? math?.[2])?.trim();
  const latex = body ?? text.trim();
  const looksMath = body !== undefined || /[=\\^_]/.test(latex);
  if (!looksMath) return { latex, form: 'text-based' };
  const rel = latex.replace(/\\approx|\\simeq/g, '=');
  const rhs = rel.includes('=') ? rel.slice(rel.lastIndexOf('=') + 1).trim() : rel;
  return { latex, form: /^[-+]?\d/.test(rhs) ? 'numerical' : 'algebraic' };
}

/**
 * Converts PhysicsEval records (spec A1) into problems and their reference material. Choices (the
 * spec leaves them open): the solver sees `problem` (not the simplified statement); `ground_truth`
 * is `elaborated_solution_steps` followed by the brief final answers; `category` becomes the
 * domain; `problem_difficulty` 1–10 becomes Easy 1–4 / Medium 5–7 / Hard 8–10. A record without a
 * DAG gets `grading_standard: []` (no step score; final-answer and judge scores only); a record
 * with one (our `grading_standard` extension) is validated as a PRISM problem and gets a step score.
 * Each brief answer's form is read from its text (a number after `=` → numerical; other math →
 * algebraic; prose → text-based); the problem takes the first answer's form (a problem mixing
 * forms, e.g. a number and "attractive", is checked with the first form only: a known limit).
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
    const r = item as Partial<Record<keyof PhysicsEvalRecord, unknown>>;
    if (typeof r.Problem_ID !== 'string' || r.Problem_ID.trim() === '') {
      bad(i, 'Problem_ID: expected a non-empty string');
      continue;
    }
    if (typeof r.problem !== 'string' || r.problem.trim() === '') {
      bad(i, `${r.Problem_ID}: problem: expected a non-empty string`);
      continue;
    }
    const d = r.problem_difficulty;
    if (d !== undefined && !(typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 10)) {
      bad(i, `${r.Problem_ID}: problem_difficulty: expected an integer 1–10, got ${JSON.stringify(d)}`);
      continue;
    }
    if (r.final_answers_in_brief !== undefined && !isStringList(r.final_answers_in_brief)) {
      bad(i, `${r.Problem_ID}: final_answers_in_brief: expected a list of strings`);
      continue;
    }
    if (r.elaborated_solution_steps !== undefined && typeof r.elaborated_solution_steps !== 'string') {
      bad(i, `${r.Problem_ID}: elaborated_solution_steps: expected a string`);
      continue;
    }
    const finals = (r.final_answers_in_brief as string[] | undefined) ?? [];
    const parsed = finals.map(answerLatex);
    const solution = (r.elaborated_solution_steps as string | undefined) ?? '';
    const problem = {
      id: r.Problem_ID,
      context: r.problem,
      ...(typeof r.source === 'string' ? { source: r.source } : {}),
      ...(solution === '' ? {} : { solution }),
      ...(parsed.length === 0
        ? {}
        : { final_answer: parsed.map((p) => p.latex), final_answer_form: parsed[0]!.form }),
      ...(typeof r.category === 'string' ? { domain: r.category } : {}),
      ...(typeof d === 'number' ? { difficulty: difficultyTier(d) } : {}),
      grading_standard: [],
    };
    let accepted: Problem | undefined = problem;
    if (r.grading_standard !== undefined) {
      const validated = validateDataset([{ ...problem, grading_standard: r.grading_standard }], where);
      diagnostics.push(...validated.diagnostics);
      accepted = validated.problems[0];
      if (accepted === undefined) continue;
    }
    problems.push(accepted);
    const briefs = finals.length === 0 ? '' : `\n\nFinal answers:\n${finals.map((f) => `- ${f}`).join('\n')}`;
    references.set(r.Problem_ID, {
      ground_truth: `${solution}${briefs}`.trim(),
      elaborated_solution: solution,
      final_answers: finals,
      ...(typeof d === 'number' ? { difficulty_score: d } : {}),
    });
  }
  return { problems, references, diagnostics };
}
