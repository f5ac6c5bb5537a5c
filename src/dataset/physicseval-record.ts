/**
 * A PhysicsEval record (spec A1, App. C.2). Every field but `Problem_ID` and `problem` is optional
 * here: the loader reports what is missing and keeps what it can use. `grading_standard` is our
 * extension: a PRISM-style DAG, when someone has built one for the problem.
 */
export interface PhysicsEvalRecord {
  readonly Problem_ID: string;
  readonly problem: string;
  readonly simplified_problem_statement?: string;
  readonly category?: string;
  readonly soft_labels?: readonly string[];
  readonly elaborated_solution_steps?: string;
  readonly alternative_solutions?: readonly string[];
  /** 1–10. */
  readonly problem_difficulty?: number;
  readonly final_answers_in_brief?: readonly string[];
  readonly steps?: number;
  readonly source?: string;
  readonly problem_tokens?: number;
  readonly solution_tokens?: number;
  readonly grading_standard?: unknown;
}

/** What a judge needs beside the problem: PhysicsEval's reference material. */
export interface ReferenceSolution {
  /** The definitive reference the judge compares against (spec A6's `ground_truth`). */
  readonly ground_truth: string;
  /** Step-by-step reference (A6's `elaborated_solution`); may equal `ground_truth`. */
  readonly elaborated_solution: string;
  readonly final_answers: readonly string[];
  /** PhysicsEval's 1–10 difficulty, when given. */
  readonly difficulty_score?: number;
}

export { difficultyTier } from '../import/read-physicseval-record.js';
