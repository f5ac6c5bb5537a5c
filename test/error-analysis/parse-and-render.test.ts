import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { isImperfect } from '../../src/error-analysis/is-imperfect.js';
import { parseErrorAnalysis } from '../../src/error-analysis/parse-error-analysis.js';
import { renderMatches } from '../../src/error-analysis/render-matches.js';

const ok = {
  primary_error: 'CAE',
  secondary_errors: ['VRE'],
  incorrect_expressions: ['N = mg'],
  related_correct_expressions: ['N = mg\\cos\\theta'],
  rationale: 'The normal force ignores the incline.',
  confidence: 0.7,
};

const cases: [string, unknown, RegExp | null][] = [
  ['a valid reply', ok, null],
  ['a lower-case label', { ...ok, primary_error: 'cae' }, /primary_error must be one of/],
  [
    'a label name instead of the label',
    { ...ok, primary_error: 'Condition or Assumption Error' },
    /primary_error/,
  ],
  [
    'an unknown secondary label',
    { ...ok, secondary_errors: ['VRE', 'LOGIC'] },
    /secondary_errors must be a list of labels/,
  ],
  ['secondary as a string', { ...ok, secondary_errors: 'VRE' }, /secondary_errors/],
  ['confidence above 1', { ...ok, confidence: 1.5 }, /confidence must be a number from 0\.0 to 1\.0/],
  ['confidence as text', { ...ok, confidence: 'high' }, /confidence/],
  ['no rationale', { ...ok, rationale: '' }, /rationale must be a non-empty string/],
  [
    'expressions not strings',
    { ...ok, incorrect_expressions: [1, 2] },
    /incorrect_expressions must be a list of strings/,
  ],
];

for (const [name, value, error] of cases) {
  test(`parseErrorAnalysis: ${name}`, () => {
    const r = parseErrorAnalysis(JSON.stringify(value));
    if (error === null) assert.equal(r.ok, true);
    else {
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.error, error);
    }
  });
}

test('parseErrorAnalysis: JSON inside a fence is read; prose is rejected', () => {
  const fenced = parseErrorAnalysis(`Here it is:\n\`\`\`json\n${JSON.stringify(ok)}\n\`\`\``);
  assert.equal(fenced.ok && fenced.value.primary_error, 'CAE');
  assert.equal(parseErrorAnalysis('It is a CAE.').ok, false);
});

const problem: Problem = {
  id: 'q',
  context: 'A block slides down an incline.',
  grading_standard: [
    { index: 1, formula: '$$N = mg\\cos\\theta$$', dependency: [] },
    {
      index: 2,
      formula: '$$a = g(\\sin\\theta - \\mu\\cos\\theta)$$',
      dependency: [1],
      is_final_answer: true,
    },
  ],
};

test('renderMatches without per-node detail: marks from matched/achieved, the score to 3 decimals', () => {
  const text = renderMatches(problem, {
    step_score: 0.5,
    final_answer_correct: false,
    matched: [1],
    achieved: [1],
    total_nodes: 2,
  });
  assert.match(text, /\[1\] ✓ \$N = mg\\cos\\theta\$\n\[2\] ✗ .* \(from 1\) \[final answer\]/);
  assert.match(text, /Score: 0\.500 \(1 of 2 reference steps achieved\); final answer: incorrect\./);
});

test('renderMatches bounds a long answer: formulas clipped, at most 25 unmatched listed', () => {
  const long = `x = ${'1 + '.repeat(200)}1`;
  const formulas = Array.from({ length: 40 }, () => ({
    latex: long,
    offset: 0,
    end: 1,
    kind: 'display' as const,
    matches: [],
    prepared: true,
  }));
  const text = renderMatches(problem, {
    step_score: 0,
    final_answer_correct: false,
    matched: [],
    achieved: [],
    total_nodes: 2,
    formulas,
  });
  assert.match(text, /match no reference step \(40\)/);
  assert.match(text, /… and 15 more/);
  assert.ok(text.length < 25 * 260 + 1000, `${text.length} characters`);
});

test('isImperfect: step score below 1 with a DAG; a wrong final answer without one', () => {
  const base = { matched: [], achieved: [], final_answer_correct: true };
  assert.equal(isImperfect({ ...base, step_score: 1, total_nodes: 3 }), false);
  assert.equal(isImperfect({ ...base, step_score: 0.999, total_nodes: 3 }), true);
  assert.equal(isImperfect({ ...base, step_score: 0, total_nodes: 0 }), false);
  assert.equal(isImperfect({ ...base, step_score: 0, total_nodes: 0, final_answer_correct: false }), true);
  assert.equal(isImperfect({ ...base, step_score: 0, total_nodes: 0, final_answer_correct: null }), false);
});
