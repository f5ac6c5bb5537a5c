/** Every diagnostic code of `prism difficulty`, with its explanation. */
export const DIFFICULTY_CODES: Readonly<Record<string, string>> = {
  'difficulty-unparseable':
    'The difficulty judge did not reply with the required JSON ({"scores": {"C1": 1-3, "C2": 1-3}, "rationales", "reasoning", "confidence"}) even after one re-ask; the problem is recorded as a failure with no tier, never given a guessed score.',
  'difficulty-no-dag':
    'The problem has no reference DAG (an imported final-answer-only problem): C3, hence S and the tier, are undefined; no judge call is made for it.',
  'difficulty-c12-missing': 'A --c12 file gives no usable C1/C2 for this problem; it gets no tier.',
  'difficulty-c12-bad-line':
    'A line of a --c12 file is not a JSON object with problem_id and C1, C2 integers 1–3 (as `c1`/`c2`, `C1`/`C2` or `scores.C1`/`scores.C2`).',
};
