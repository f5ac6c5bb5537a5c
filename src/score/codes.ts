import { PACKAGE_VERSION } from '../core/version.js';

/** Diagnostic codes of the scoring stage, with their explanations. */
export const SCORE_CODES: Readonly<Record<string, string>> = {
  'unknown-problem': 'The response names a problem id that is not in the dataset; it is not scored.',
  'empty-response': 'The response has no text; it scores 0.',
  'no-formulas': 'No formula could be extracted from the response; it scores 0.',
  'node-unprepared': 'A reference node formula could not be prepared; it can never be matched.',
  'formula-unprepared': 'An answer formula could not be prepared (normalization or evaluation problem).',
  'final-answer-unevaluable': 'An expected numerical final answer has no numeric value.',
  'reference-suspect':
    'An expected final answer cannot be what the problem asks (a term subtracted from itself, so the answer is 0 whatever the values; a negative value where the problem asks for a magnitude, another unit than the question asks for, a unit where it asks for a percentage): likely an error in the reference. Answers are still graded against it as written; the record says so.',
  'contradictory-values':
    'The answer gives one quantity different values together (a chain r = 20 = 25, a list, lines with only math or hedge words between them): those formulas earn no step credit and the quantity no final-answer credit. A value revised after other prose ("correcting the sign, v = -3") or another situation ("after the collision") is no contradiction; parts (a), (b) are never compared.',
  'response-truncated':
    'The response is longer than the scorer reads (maxResponseChars, default 200 000 characters); only its beginning is scored.',
  'response-budget-exhausted':
    'The response spent its work budget (integrand evaluations, series terms, solver probes, compiled nodes); the pairs left are undetermined and count as not matched, and it has no final answer (what it goes on to state was never compared).',
  'unstated-text':
    'Parts of the response state nothing a reader takes as said: comments (<!-- … -->, \\iffalse … \\fi), struck-through text (~~…~~, <del>, \\sout) and math its own sentence withdraws ("it is not $v = 3$", "$$v = 3$$ is wrong"). They are not read, for step credit or the final answer.',
  'macro-definitions':
    'The response defines LaTeX macros (\\def, \\newcommand, \\renewcommand, \\let …): what its formulas state then depends on definitions a reader of the text does not apply (a macro can hide or rename a value, or redefine \\frac). It is not read: it scores 0 with no final answer.',
};

/**
 * Version stamp written into every record; bump `score-vN` when scores can change (v3: given nodes
 * earn nothing under the default `derived` policy).
 */
export const SCORER_VERSION = `prism-physics/${PACKAGE_VERSION} score-v3`;
