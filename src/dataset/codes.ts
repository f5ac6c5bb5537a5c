/** Diagnostic codes of dataset and response file loading, with their explanations. */
export const DATASET_CODES: Readonly<Record<string, string>> = {
  'file-unreadable': 'The path does not exist or cannot be read.',
  'invalid-json': 'The file (or a JSONL line) is not valid JSON; the message gives line and column.',
  'schema-violation':
    'A problem does not match the shipped JSON Schema (schema/problem.schema.json); the message names the key path. An error where the loader skips the problem (id, grading_standard, parameters), a warning where it drops the field.',
  'unknown-field':
    'A top-level field the format does not define, close to one it does (a likely typo); it is ignored.',
  'empty-dataset': 'No `*.json` / `*.jsonl` file, or no problem, was found at the path.',
  'response-not-object': 'A responses line is not a JSON object; skipped.',
  'response-missing-problem-id': 'A responses line has no `problem_id`; skipped.',
  'response-missing-text':
    'A responses line has neither a `response` nor a `model_response` string; skipped.',
  'physicseval-invalid-record':
    'A PhysicsEval record (spec A1) lacks Problem_ID or problem, or has a field of the wrong type (problem_difficulty must be an integer 1–10, final_answers_in_brief a list of strings); it is skipped.',
};
