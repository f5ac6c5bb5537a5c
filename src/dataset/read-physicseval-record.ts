import type { AnswerForm } from '../dag/types.js';
import type { PhysicsEvalRecord } from './physicseval-record.js';

/** The fields of a PhysicsEval record (spec A1) that the loader and the importer use, checked. */
export interface PhysicsEvalFields {
  readonly id: string;
  readonly problem: string;
  /** `elaborated_solution_steps` ('' when absent). */
  readonly solution: string;
  /** `final_answers_in_brief` as written ([] when absent). */
  readonly finals: readonly string[];
  /** `problem_difficulty`, 1–10. */
  readonly difficulty?: number;
  readonly category?: string;
  readonly source?: string;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Checks one PhysicsEval record: `Problem_ID` and `problem` non-empty strings; when present,
 * `problem_difficulty` an integer 1–10, `final_answers_in_brief` a list of strings and
 * `elaborated_solution_steps` a string. Returns the fields or the first problem found (the message
 * names the record's id when it has one).
 */
export function readPhysicsEvalRecord(
  item: unknown,
): { ok: true; fields: PhysicsEvalFields } | { ok: false; message: string } {
  const r = (typeof item === 'object' && item !== null ? item : {}) as Partial<Record<keyof PhysicsEvalRecord, unknown>>;
  if (typeof r.Problem_ID !== 'string' || r.Problem_ID.trim() === '')
    return { ok: false, message: 'Problem_ID: expected a non-empty string' };
  const id = r.Problem_ID;
  if (typeof r.problem !== 'string' || r.problem.trim() === '')
    return { ok: false, message: `${id}: problem: expected a non-empty string` };
  const d = r.problem_difficulty;
  if (d !== undefined && !(typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 10))
    return { ok: false, message: `${id}: problem_difficulty: expected an integer 1–10, got ${JSON.stringify(d)}` };
  if (r.final_answers_in_brief !== undefined && !isStringList(r.final_answers_in_brief))
    return { ok: false, message: `${id}: final_answers_in_brief: expected a list of strings` };
  if (r.elaborated_solution_steps !== undefined && typeof r.elaborated_solution_steps !== 'string')
    return { ok: false, message: `${id}: elaborated_solution_steps: expected a string` };
  return {
    ok: true,
    fields: {
      id,
      problem: r.problem,
      solution: (r.elaborated_solution_steps as string | undefined) ?? '',
      finals: (r.final_answers_in_brief as string[] | undefined) ?? [],
      ...(typeof d === 'number' ? { difficulty: d } : {}),
      ...(typeof r.category === 'string' ? { category: r.category } : {}),
      ...(typeof r.source === 'string' ? { source: r.source } : {}),
    },
  };
}

/** A brief answer read: its LaTeX, its form, and the text written after its math (a unit, often). */
export interface BriefAnswer {
  readonly latex: string;
  readonly form: AnswerForm;
  /** What follows the first `$…$` in the brief (`$p_2 = 1.5$ atm` → `atm`); '' when nothing. */
  readonly after: string;
}

/**
 * The LaTeX of a brief answer: the inside of its first `$…$`/`$$…$$`, else the text when it looks
 * like math; its form from the text (a number after the last `=` → numerical; other math →
 * algebraic; prose → text-based).
 */
export function briefAnswer(text: string): BriefAnswer {
  const math = /\$\$([\s\S]+?)\$\$|\$([^$]+)\$/.exec(text);
  const body = (math?.[1] ?? math?.[2])?.trim();
  const latex = body ?? text.trim();
  const after = math === null ? '' : text.slice(math.index + math[0].length).trim();
  const looksMath = body !== undefined || /[=\\^_]/.test(latex);
  if (!looksMath) return { latex, form: 'text-based', after: '' };
  const rel = latex.replace(/\\approx|\\simeq/g, '=');
  const rhs = rel.includes('=') ? rel.slice(rel.lastIndexOf('=') + 1).trim() : rel;
  return { latex, form: /^[-+]?\d/.test(rhs) ? 'numerical' : 'algebraic', after };
}
