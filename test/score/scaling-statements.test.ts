import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';

const pendulum: Problem = {
  id: 'pendulum',
  context: 'A simple pendulum of length L. Find its period T.',
  final_answer: ['T = 2\\pi\\sqrt{\\frac{L}{g}}'],
  grading_standard: [
    { index: 1, formula: '$$\\omega = \\sqrt{\\frac{g}{L}}$$', dependency: [] },
    { index: 2, formula: '$$T = 2\\pi\\sqrt{\\frac{L}{g}}$$', dependency: [1], is_final_answer: true },
  ],
};
const value: Problem = {
  id: 'value',
  context: 'Find the energy.',
  final_answer_form: 'numerical',
  final_answer: ['U = 12.5\\,\\mathrm{J}'],
  grading_standard: [{ index: 1, formula: '$$U = 12.5$$', dependency: [], is_final_answer: true }],
};
const scorer = createScorer([pendulum, value]);

test('a proportionality with the whole dependence is a step, never the exact final answer', () => {
  const r = scorer.scoreResponse(
    'pendulum',
    'Dimensional analysis: $$\\boxed{T \\propto \\sqrt{\\frac{L}{g}}}$$',
  );
  assert.deepEqual(r.matched, [2]);
  assert.equal(r.final_answer_correct, false);
  assert.equal(r.final_answer.nodes, false);
});

test('X \\propto 1 and X \\sim 1 carry no dependence: nothing, for steps or final answers', () => {
  for (const response of [
    '$$T \\propto 1$$ $$\\omega \\propto 1$$',
    '$$T \\sim 1$$',
    '$$\\boxed{U \\sim 10}$$',
  ]) {
    for (const id of ['pendulum', 'value']) {
      const r = scorer.scoreResponse(id, response);
      assert.equal(r.step_score, 0, `${id}: ${response}`);
      assert.equal(r.final_answer_correct, false, `${id}: ${response}`);
    }
  }
});
