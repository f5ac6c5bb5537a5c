import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { createScorer } from '../../src/score/create-scorer.js';

const cart: Problem = {
  id: 'cart',
  context: 'A cart of mass m reaches speed v from rest in time t. Find the force F.',
  final_answer_form: 'algebraic',
  grading_standard: [
    { index: 1, formula: '$$F = m a$$', dependency: [] },
    { index: 2, formula: '$$a = \\frac{v}{t}$$', dependency: [] },
    { index: 3, formula: '$$F = \\frac{m v}{t}$$', dependency: [1, 2], is_final_answer: true },
  ],
};

const parts: Problem = {
  id: 'parts',
  context: 'Two parts.',
  grading_standard: [
    { index: 1, formula: '$$x = v t$$', dependency: [], subquestion: 'a' },
    { index: 2, formula: '$$y = 2 x$$', dependency: [1], is_final_answer: true, subquestion: 'a' },
    {
      index: 3,
      formula: '$$E = \\frac{1}{2} m v^2$$',
      dependency: [],
      is_final_answer: true,
      subquestion: 'b',
    },
  ],
};

const numeric: Problem = {
  id: 'num',
  context: 'Find the energy in joules.',
  final_answer_form: 'numerical',
  final_answer: ['5\\times10^{-8}\\,\\text{J}'],
  significant_figures: 1,
  grading_standard: [
    {
      index: 1,
      formula: '$$W = \\frac{Q^2}{8\\pi\\varepsilon_0 r}$$',
      dependency: [],
      is_final_answer: true,
    },
  ],
};

const scorer = createScorer([cart, parts, numeric]);

test('matching the final node credits its ancestors: score 1', () => {
  const r = scorer.scoreResponse('cart', 'Hence $$\\boxed{F = \\frac{mv}{t}}$$');
  assert.deepEqual(r.matched, [3]);
  assert.deepEqual(r.achieved, [1, 2, 3]);
  assert.equal(r.step_score, 1);
  assert.equal(r.final_answer_correct, true);
  assert.deepEqual(
    r.nodes.map((n) => n.status),
    ['ancestor', 'ancestor', 'matched'],
  );
  assert.deepEqual(r.nodes[2]!.matched_by, [0]);
  // Matched {3} of 3: strict 1/3, prefix credits F_1..F_3, no run from F_1.
  assert.deepEqual(r.baselines, { strict: 1 / 3, strict_all_nodes: 0, prefix: 1, matched_run: 0 });
  assert.equal(r.mode, 'physical');
  assert.match(r.scorer_version, /score-v\d/);
});

test('an equivalent rearrangement matches; a wrong formula does not', () => {
  const r = scorer.scoreResponse('cart', '$$a = v/t$$ and $$F = m v t$$');
  assert.deepEqual(r.matched, [2]);
  assert.ok(Math.abs(r.step_score - 1 / 3) < 1e-12);
  assert.equal(r.final_answer_correct, false);
  assert.deepEqual(
    r.formulas.map((f) => f.matches),
    [[2], []],
  );
});

test('every node matched directly gives the strict baseline 1', () => {
  const r = scorer.scoreResponse('cart', '$F = ma$, $a = \\frac{v}{t}$, so $F = \\frac{m v}{t}$.');
  assert.deepEqual(r.matched, [1, 2, 3]);
  assert.deepEqual(r.baselines, { strict: 1, strict_all_nodes: 1, prefix: 1, matched_run: 1 });
});

test('sub-question scores when nodes carry a subquestion', () => {
  const r = scorer.scoreResponse('parts', '(a) $$x = v t$$ (b) $$E = \\frac{m v^2}{2}$$');
  assert.deepEqual(r.subquestions, [
    { letter: 'a', step_score: 0.5, achieved: [1], total_nodes: 2 },
    { letter: 'b', step_score: 1, achieved: [3], total_nodes: 1 },
  ]);
  assert.equal(r.final_answer_correct, false);
});

test('a numerical final answer within the significant figures is correct, unit converted', () => {
  const ok = scorer.scoreResponse('num', 'So $$\\Delta W = \\boxed{4.7\\times 10^{-8}\\,\\text{J}}$$');
  assert.equal(ok.final_answer.explicit, true);
  assert.equal(ok.final_answer_correct, true);
  const mJ = scorer.scoreResponse('num', '$$\\boxed{W = 5.2\\times 10^{-5}\\,\\text{mJ}}$$');
  assert.equal(mJ.final_answer.explicit, true);
  const wrong = scorer.scoreResponse('num', '$$\\boxed{W = 6\\times 10^{-8}\\,\\text{J}}$$');
  assert.equal(wrong.final_answer_correct, false);
});

test('an empty answer scores 0 with a diagnostic', () => {
  const r = scorer.scoreResponse('cart', '');
  assert.equal(r.step_score, 0);
  assert.ok(r.diagnostics.some((d) => d.code === 'empty-response'));
});

test('strict mode tells v^2 = 2gh from v = sqrt(2gh); physical mode does not', () => {
  const fall: Problem = {
    id: 'fall',
    context: '',
    grading_standard: [{ index: 1, formula: '$$v = \\sqrt{2 g h}$$', dependency: [], is_final_answer: true }],
  };
  const answer = '$$v^2 = 2 g h$$';
  assert.equal(createScorer([fall]).scoreResponse('fall', answer).step_score, 1);
  assert.equal(createScorer([fall], { mode: 'strict' }).scoreResponse('fall', answer).step_score, 0);
});

test('the cheap path and cache do not change verdicts', () => {
  const plain = createScorer([cart], { cheapPath: false, pairCache: false });
  const answer = '$$F = ma$$ $$a = v/t$$ $$F = m v t$$ $$x = 3$$';
  const fast = scorer.scoreResponse('cart', answer);
  const slow = plain.scoreResponse('cart', answer);
  assert.deepEqual(fast.nodes, slow.nodes);
  assert.ok(plain.stats.comparisons > scorer.stats.comparisons);
});

test('a response that is not a string is a clear TypeError naming what was given', () => {
  const scorer = createScorer(loadBundledDataset().problems);
  assert.throws(
    () => scorer.scoreResponse('mech-01', 42 as unknown as string),
    (e: unknown) =>
      e instanceof TypeError && /response must be a string, got number/.test((e as Error).message),
  );
});

test('an identity node is credited only to the same identity as written, never to a tautology or another identity', () => {
  const field: Problem = {
    id: 'field',
    context: 'Potential of a dipole layer.',
    grading_standard: [
      {
        index: 1,
        formula: '$$\\int_0^\\infty \\frac{R\\,dR}{(R^2+z^2)^{3/2}} = \\frac{1}{|z|}$$',
        dependency: [],
      },
      {
        index: 2,
        formula: '$$\\phi = \\frac{\\tau}{2\\varepsilon_0}$$',
        dependency: [1],
        is_final_answer: true,
      },
    ],
  };
  const s = createScorer([field]);
  for (const free of [
    '$$x = x$$',
    '$$z = z$$',
    '$$\\sin^2 z + \\cos^2 z = 1$$',
    '$$z + z = 2z$$',
    '$$\\int_0^\\infty \\frac{R\\,dR}{(R^2+1)^{3/2}} = 1$$',
    '$$\\int_0^{z} R\\,dR = \\frac{z^2}{2}$$',
    // The node's identity times z: true, but not the identity as written (not recognised).
    '$$\\int_0^\\infty \\frac{zR}{(R^2+z^2)^{3/2}}\\,dR = \\frac{z}{|z|}$$',
  ])
    assert.deepEqual(s.scoreResponse('field', free).matched, [], free);
  for (const stated of [
    '$$\\int_0^\\infty \\frac{R\\,dR}{(R^2+z^2)^{3/2}} = \\frac{1}{|z|}$$',
    '$$\\frac{1}{|z|} = \\int_{0}^{\\infty} \\frac{R}{(z^2+R^2)^{3/2}}\\,dR$$',
  ])
    assert.deepEqual(s.scoreResponse('field', stated).matched, [1], stated);
});
