/** Diagnostic codes of dataset and response file loading, with their explanations. */
export const DATASET_CODES: Readonly<Record<string, string>> = {
  'file-unreadable': 'The path does not exist or cannot be read.',
  'invalid-json': 'The file (or a JSONL line) is not valid JSON; the message gives line and column.',
  'empty-dataset': 'No `*.json` / `*.jsonl` file, or no problem, was found at the path.',
  'response-not-object': 'A responses line is not a JSON object; skipped.',
  'response-missing-problem-id': 'A responses line has no `problem_id`; skipped.',
  'response-missing-text':
    'A responses line has neither a `response` nor a `model_response` string; skipped.',
  'physicseval-invalid-record':
    'A PhysicsEval record (spec A1) lacks Problem_ID or problem, or has a field of the wrong type (problem_difficulty must be an integer 1–10, final_answers_in_brief a list of strings); it is skipped.',
};
