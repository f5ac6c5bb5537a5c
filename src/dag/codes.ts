/**
 * Every diagnostic code the dataset stage emits, with its explanation (for `--explain`, the docs and
 * the viewer). Codes are stable: tools match on them.
 */
export const DAG_CODES: Readonly<Record<string, string>> = {
  'dataset-not-array': 'The dataset must be a JSON array of problems (or one problem object).',
  'problem-not-object': 'A dataset item is not a JSON object.',
  'problem-missing-id': 'A problem has no `id` (number or string).',
  'problem-duplicate-id': 'Two problems share an id; the later one is skipped.',
  'problem-bad-field':
    'A field has the wrong type; it is ignored (warning) or the problem is skipped (error).',
  'dag-missing': 'The problem has no `grading_standard` list, or it is empty.',
  'dag-node-not-object': 'A `grading_standard` entry is not an object.',
  'dag-bad-index': 'Node indices must be the integers 1..n in list order.',
  'dag-duplicate-index': 'Two nodes share an index.',
  'dag-missing-formula': 'A node has no `formula` string.',
  'dag-bad-dependency': 'A `dependency` entry is not an integer, or the list is not a list.',
  'dag-self-dependency': 'A node depends on itself.',
  'dag-dangling-dependency': 'A dependency names a node index that does not exist.',
  'dag-forward-dependency': 'A dependency names a later node: the list is not in topological order.',
  'dag-cycle': 'The dependencies form a cycle.',
  'dag-no-final-answer': 'No node is marked `is_final_answer`.',
  'dag-unreachable-final': 'A node does not lead to any final-answer node.',
  'dag-formula-unparseable': 'A node formula does not parse (after stripping `$$`, `\\[ \\]`).',
  'witness-bad-symbol': 'A witness key is not a LaTeX symbol we can name.',
  'witness-violated': 'A DAG formula does not hold under the witness values.',
  'witness-unsolvable': 'A formula with one unknown has no real solution for it under the witness.',
  'witness-ambiguous': 'Several positive solutions for an unknown and too many branches to follow.',
  'witness-underdetermined': 'Some formulas keep more than one unknown: the witness does not fix them.',
  'witness-unevaluable': 'A formula could not be evaluated at the witness point.',
};
