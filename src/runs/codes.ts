/** Every diagnostic code the run tools emit, with its explanation. */
export const BENCH_CODES: Readonly<Record<string, string>> = {
  'run-config-invalid':
    "The run directory's run.json is not valid JSON (damaged or hand-edited); the command stops with exit 2.",
  'jsonl-truncated-line':
    'The last line of a JSONL file has no newline (the writer was killed mid-line); it is ignored and cut off before appending.',
  'jsonl-invalid-line': 'A line of a JSONL file is not valid JSON or not the expected shape; it is skipped.',
  'run-config-mismatch':
    'The run directory was created with a different model, endpoint, parameters, prompt version or dataset; use another --out.',
  'run-config-missing': 'The directory holds no run.json; it is not a run directory.',
  'run-scorer-failed': 'The scorer threw on a response (a bug in the scorer); the response is left unscored.',
  'run-unknown-problem': 'A stored response names a problem that is not in the dataset; it is not scored.',
  'run-missing-images':
    'Some problems list images that were not found (or --text-only was given); they were sent as text only.',
  'run-locked':
    'Another live process holds the run directory (.lock with its pid); two runs cannot interleave their appends. A lock left by a dead process is taken over.',
  'cache-unreadable':
    'A response-cache entry could not be read; it is ignored and the request is made again.',
};
