import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';
import type { ScoreRecord } from '../../src/score/types.js';

const speed: Problem = {
  id: 'speed',
  context: 'A ball of mass m = 2 kg. Find (a) its velocity v and (b) its momentum p.',
  final_answer: ['v = -3\\,\\mathrm{m/s}'],
  grading_standard: [
    { index: 1, formula: '$$v = -3$$', dependency: [] },
    { index: 2, formula: '$$p = 2 v$$', dependency: [1], is_final_answer: true },
  ],
};
const bead: Problem = {
  id: 'bead',
  context: 'Find s.',
  final_answer: ['s = \\frac{g\\cos\\alpha}{\\omega^2\\sin^2\\alpha}'],
  grading_standard: [
    {
      index: 1,
      formula: '$$s = \\frac{g\\cos\\alpha}{\\omega^2\\sin^2\\alpha}$$',
      dependency: [],
      is_final_answer: true,
    },
  ],
};
// Two roots, both physical: the problem's final answers give u two values.
const roots: Problem = {
  id: 'roots',
  context: 'Find every possible u.',
  final_answer: ['u = 4', 'u = 2'],
  grading_standard: [{ index: 1, formula: '$$u^2 - 6u + 8 = 0$$', dependency: [], is_final_answer: true }],
};
const capacitor: Problem = {
  id: 'capacitor',
  context: 'Find the energy U.',
  constants: { C: '2\\times10^{-6}', V: '100' },
  final_answer: ['U = 0.01\\,\\mathrm{J}'],
  grading_standard: [
    { index: 1, formula: '$$U = \\frac{1}{2} C V^2$$', dependency: [], is_final_answer: true },
  ],
};
const scorer = createScorer([speed, bead, roots, capacitor]);
const contradictory = (r: ScoreRecord) => r.diagnostics.filter((d) => d.code === 'contradictory-values');

const CONTRADICTIONS: readonly [string, string, string][] = [
  ['a chain', 'speed', '$$v = -3 = -2 = 3$$'],
  ['a list', 'speed', '$$v = -3,\\quad v = 3$$'],
  ['separate lines', 'speed', '$$v = -3$$\n\n$$v = -6$$\n\n$$v = -1.5$$'],
  ['a hedge in words', 'speed', 'Then $v = -3\\,\\mathrm{m/s}$, or maybe $v = -1.5\\,\\mathrm{m/s}$.'],
  ['\\text{or} inside math', 'speed', '$$v = -3 \\text{ or } v = -6$$'],
  // Part marks the problem does not ask open no part: the values are given together.
  ['part marks the problem does not ask', 'speed', '**(c)** $$v = 5$$\n\n**(d)** $$v = -3$$'],
  ['a part mark the problem does not ask', 'speed', '**(a)** $$v = 5$$\n\n**(e)** $$v = -3$$'],
  ['boxes side by side', 'speed', '$$\\boxed{v = 5}\\quad\\boxed{v = -3}$$'],
  ['boxes overprinted', 'speed', '$$\\boxed{v = 5}\\hspace{-100em}\\boxed{v = -3}$$'],
  ['a lapped box', 'speed', '$$\\llap{\\boxed{v = 5}}\\boxed{v = -3}$$'],
  [
    'a symbolic hedge chain',
    'bead',
    '$$s = \\frac{g\\cos\\alpha}{2\\omega^2\\sin^2\\alpha} = \\frac{g\\cos\\alpha}{\\omega^2\\sin^2\\alpha} = \\frac{2g\\cos\\alpha}{\\omega^2\\sin^2\\alpha}$$',
  ],
  ['a third value of a two-valued quantity', 'roots', '$$u = 4$$ $$u = 2$$ $$u = 3$$'],
];

for (const [what, id, response] of CONTRADICTIONS) {
  test(`contradictory values: ${what} earns nothing, and no final answer`, () => {
    const r = scorer.scoreResponse(id, response);
    assert.equal(contradictory(r).length, 1, JSON.stringify(r.diagnostics));
    assert.equal(r.step_score, 0);
    assert.equal(r.final_answer_correct, false);
    assert.ok(r.formulas.some((f) => f.contradictory === true));
  });
}

test('contradictory values: \\propto statements of one quantity with different dependences', () => {
  const r = scorer.scoreResponse(
    'bead',
    '$$s \\propto \\frac{g}{\\omega^2}$$ $$s \\propto \\frac{g\\cos\\alpha}{\\omega^2\\sin^2\\alpha}$$',
  );
  assert.equal(contradictory(r).length, 1);
  assert.equal(r.step_score, 0);
});

// Near misses: none of these is a contradiction.
const CONSISTENT: readonly [string, string, string, boolean][] = [
  ['a revision after prose', 'speed', 'So $v = 3$. Correcting the sign, $v = -3\\,\\mathrm{m/s}$.', true],
  [
    'a revision the wrong way round (the last value stands)',
    'speed',
    'So $v = -3$. Correcting the sign, $v = 3$.',
    false,
  ],
  ['one value in two forms', 'speed', '$$v = -3\\,\\mathrm{m/s} = -300\\,\\mathrm{cm/s}$$', true],
  ['a rounding', 'speed', '$$v = -3.04 \\approx -3$$', true],
  [
    'another situation',
    'speed',
    '$v = 5$ before the collision; after the collision $v = -3\\,\\mathrm{m/s}$.',
    true,
  ],
  ['two quantities', 'speed', '$$v_1 = 5, \\quad v = -3$$', true],
  ['two parts of the answer', 'speed', '**(a)** $$v = 5$$\n\n**(b)** $$v = -3$$', true],
  ['two roots the problem expects', 'roots', '$$u = 4, \\quad u = 2$$', true],
  [
    'a substitution chain with the problem constants',
    'capacitor',
    '$$U = \\frac{1}{2} C V^2 = 0.01\\,\\mathrm{J}$$',
    true,
  ],
  [
    'a substitution with an integral',
    'bead',
    '$$s = \\int_0^1 \\frac{g\\cos\\alpha}{\\omega^2\\sin^2\\alpha}\\,dx = \\frac{g\\cos\\alpha}{\\omega^2\\sin^2\\alpha}$$',
    true,
  ],
];

for (const [what, id, response, final] of CONSISTENT) {
  test(`not a contradiction: ${what}`, () => {
    const r = scorer.scoreResponse(id, response);
    assert.deepEqual(contradictory(r), []);
    assert.equal(r.final_answer_correct, final);
  });
}
