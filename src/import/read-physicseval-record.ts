/** PhysicsEval's tiers (Table 2 header): Easy 1–4, Medium 5–7, Hard 8–10. */
export function difficultyTier(score: number): 'easy' | 'medium' | 'hard' {
  return score <= 4 ? 'easy' : score <= 7 ? 'medium' : 'hard';
}

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
  const r = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  if (typeof r.Problem_ID !== 'string' || r.Problem_ID.trim() === '')
    return { ok: false, message: 'Problem_ID: expected a non-empty string' };
  const id = r.Problem_ID;
  if (typeof r.problem !== 'string' || r.problem.trim() === '')
    return { ok: false, message: `${id}: problem: expected a non-empty string` };
  const d = r.problem_difficulty;
  if (d !== undefined && !(typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 10))
    return {
      ok: false,
      message: `${id}: problem_difficulty: expected an integer 1–10, got ${JSON.stringify(d)}`,
    };
  if (r.final_answers_in_brief !== undefined && !isStringList(r.final_answers_in_brief))
    return { ok: false, message: `${id}: final_answers_in_brief: expected a list of strings` };
  if (r.elaborated_solution_steps !== undefined && typeof r.elaborated_solution_steps !== 'string')
    return { ok: false, message: `${id}: elaborated_solution_steps: expected a string` };
  return {
    ok: true,
    fields: {
      id,
      problem: r.problem as string,
      solution: (r.elaborated_solution_steps as string | undefined) ?? '',
      finals: (r.final_answers_in_brief as string[] | undefined) ?? [],
      ...(typeof d === 'number' ? { difficulty: d } : {}),
      ...(typeof r.category === 'string' ? { category: r.category } : {}),
      ...(typeof r.source === 'string' ? { source: r.source } : {}),
    },
  };
}
