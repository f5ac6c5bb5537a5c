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
  'dag-missing':
    'The problem has no `grading_standard` list, or it is empty while the problem states no `final_answer` (an empty list with final answers declares a final-answer-only problem).',
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
  'dag-formula-unparseable':
    'A node formula does not parse (after stripping `$$`, `\\[ \\]`). A warning: the problem is still scored, and that node can never be matched (`node-unprepared` on each record).',
  'problem-units-conflict':
    'The problem says `units: natural` (c = 1) but its constants map gives `c` another value; the problem is skipped.',
  'witness-bad-symbol': 'A witness key is not a LaTeX symbol we can name.',
  'witness-unused-key':
    'A witness key is no variable of any DAG formula: the constants map fixes it (e.g. `h` when `\\hbar` maps to `\\frac{h}{2\\pi}`, which makes `h` the Planck constant) or no formula uses it; its value is ignored, so remove it.',
  'witness-violated':
    'A DAG formula does not hold under the witness values once the earlier unknowns are solved forward: the message names the node, the value the formula gives and the value the witness (or an earlier node) holds. Only the first violated formula of a witness is reported; usually the reference formula, or the witness, is wrong.',
  'witness-unsolvable':
    'A formula with one unknown has no real solution for it under the witness (or the root lies outside the range the numeric solver searches, e.g. |x| > 1e40, or a very small or large root of an equation where the unknown occurs twice: then pin that intermediate in the witness).',
  'witness-ambiguous': 'Several positive solutions for an unknown and too many branches to follow.',
  'witness-underdetermined':
    'Some formulas keep more than one unknown after solving forward: the witness does not fix them (add the missing given quantities, or pin an intermediate).',
  'witness-unevaluable':
    'A formula could not be prepared or evaluated at the witness point; it is not checked.',
  'witness-final-mismatch':
    'A numerical final answer disagrees with the value the witness walk gives for its quantity, compared in the unit the answer is written in to the stated significant figures (else 1%): the answer or the witness is wrong.',
  'final-answer-mismatch':
    'An algebraic final answer is not equivalent to any final node of its (sub-)question and does not hold at the witness either.',
  'final-answer-unchecked':
    'A stated final answer could not be checked: not written as `quantity = value`, no single number, a quantity the witness does not determine, or a formula that does not prepare.',
  'parameter-bad':
    'A PRiSM parameter is malformed: it needs an identifier `name`, a `symbol`, a numeric `value` and a range (`min` ≤ `max`) or a `values` list; `figures` 1–15.',
  'parameter-unknown-placeholder': 'The text uses a `{{name}}` placeholder that names no parameter.',
  'parameter-not-input':
    "A parameter's symbol is neither a constants-map key nor a witness key of the problem, or no DAG formula uses it: it is not an input of the DAG.",
  'parameter-witness-mismatch':
    "A parameter's `value` (times its unit's SI scale) differs from the problem's own value for the symbol (constants map or witness): the text and the DAG would disagree.",
  'parameter-out-of-range':
    "A parameter's own value lies outside its range or list, is not an integer though declared so, or is not written to its significant figures: the problem is not one of its instances.",
  'parameter-constraint-bad':
    'A constraint is not a relation `lhs < rhs` (<, >, \\le, \\ge) whose sides can be evaluated.',
  'parameter-constraint-violated':
    'A constraint does not hold for the problem as written (its own parameter values).',
  'parameter-instance-failed':
    'A sampled instance of a parameterized problem could not be solved forward (the witness walk failed), or no instance satisfying the constraints was found within the attempt budget: narrow the parameter ranges or add a constraint.',
};
