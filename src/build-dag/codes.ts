/** Every diagnostic code of `prism build-dag`, with its explanation (for `prism explain`). */
export const BUILD_DAG_CODES: Readonly<Record<string, string>> = {
  'build-formula-not-verbatim':
    "A DAG formula is not a verbatim copy of a formula of the (stage-1) solution (compared after removing whitespace, `$$`, `&`, spacing commands and `\\left`/`\\right`; a block's rows, `\\quad`-separated parts and chain links `a = b` of `a = b = c` count as written): the DAG must copy, not paraphrase or add. The stage is redone with this as feedback.",
  'build-last-not-final': 'The last DAG node is not marked `is_final_answer` (spec C7 rule).',
  'build-formula-unparseable':
    'A DAG formula does not parse: a built DAG must be fully checkable (in a dataset this is only a warning).',
  'build-transitive-edge':
    'A dependency is transitive: the node also depends on it through another dependency (spec C7 asks for direct causes only). Reported, not rejected.',
  'build-answer-hint':
    'The final-answer instructions state the answer (its value or expression): stage 2 must not hint at it. The stage is redone with this as feedback.',
  'build-edit-not-found':
    'A `solution_edits` / `final_answer_edits` entry of a witness repair names text that does not occur exactly once; the edit is not applied.',
  'build-no-solution': 'The problem has no solution text to build a DAG from; rejected at once.',
};
