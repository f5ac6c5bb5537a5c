import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { relativeErrors } from '../../src/viewer/relative-errors.js';

const problem: Problem = {
  id: 'drop',
  context:
    'A ball falls from rest through $h = 5.0\\ \\text{m}$ with $g = 9.8\\ \\text{m/s}^2$. Find its speed and the time.',
  domain: 'mechanics',
  difficulty: 'easy',
  constants: { g: '9.8', h: '5.0' },
  final_answer: ['v = 9.9\\ \\text{m/s}', 't = 1.0\\ \\text{s}'],
  final_answer_form: 'numerical',
  grading_standard: [
    { index: 1, formula: '$$v = \\sqrt{2 g h}$$', dependency: [], is_final_answer: true },
    { index: 2, formula: '$$t = \\frac{v}{g}$$', dependency: [1], is_final_answer: true },
  ],
};

const errorsOf = (answer: string) =>
  relativeErrors(problem, createScorer([problem]).scoreResponse('drop', answer, { response_id: 'r' }));

test('a numeric answer judged right shows the credited value and its small relative error', () => {
  const [v, t] = errorsOf('$$v = \\sqrt{2 g h} = 9.9\\ \\text{m/s}$$\n$$t = 1.01\\ \\text{s}$$');
  assert.ok(v && t);
  assert.equal(v.expected_value, 9.9);
  // The grader credited the chain's side √(2gh) = √98 = 9.8995: (√98 − 9.9)/9.9, by hand.
  assert.ok(Math.abs(v.relative_error - (Math.sqrt(98) - 9.9) / 9.9) < 1e-12, String(v.relative_error));
  // 1.01 against 1.0: +1 %, computed by hand.
  assert.ok(Math.abs(t.relative_error - 0.01) < 1e-9, String(t.relative_error));
});

test('a wrong numeric answer shows the last value it gives the quantity, in SI', () => {
  // 36 km/h is 10 m/s: (10 − 9.9)/9.9 = +1.0101 %; the earlier v = 3 is not the final one.
  const [v, t] = errorsOf('$$v = 3$$ no wait\n$$v = 36\\ \\text{km/h}$$\n$$t = 2\\ \\text{s}$$');
  assert.ok(v && t);
  assert.ok(Math.abs(v.value - 10) < 1e-9, String(v.value));
  assert.ok(Math.abs(v.relative_error - 0.1 / 9.9) < 1e-9, String(v.relative_error));
  assert.ok(Math.abs(t.relative_error - 1) < 1e-12);
});

test('near misses: another quantity’s value, a symbolic answer, no value at all give no relative error', () => {
  // u is not v (and 7 m/s is not the value the grader would take for it); t only symbolically.
  assert.deepEqual(errorsOf('$$u = 7\\ \\text{m/s}$$\n$$t = \\frac{v}{g}$$'), [null, null]);
  const algebraic: Problem = {
    ...problem,
    final_answer: ['v = \\sqrt{2 g h}'],
    final_answer_form: 'algebraic',
  };
  const record = createScorer([algebraic]).scoreResponse('drop', '$$v = 9.9$$', { response_id: 'r' });
  assert.deepEqual(relativeErrors(algebraic, record), [null]);
});
