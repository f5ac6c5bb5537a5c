import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { stepCredit } from '../../src/score/step-credit.js';
import { denseRewards } from '../../src/server/dense-rewards.js';

// The problem states Z's definition (node 3), which the DAG derives from p (1) and V (2); the answer
// is node 4, derived below it.
const gas: Problem = {
  id: 'gas',
  context: 'The compressibility factor is $Z = \\frac{p V}{R T}$. Find Z at the critical point.',
  final_answer: ['Z_c = \\frac{3}{8}'],
  grading_standard: [
    { index: 1, formula: '$$p = \\frac{a}{27 b^2}$$', dependency: [] },
    { index: 2, formula: '$$V = 3 b$$', dependency: [] },
    { index: 3, formula: '$$Z = \\frac{p V}{R T}$$', dependency: [1, 2] },
    { index: 4, formula: '$$Z_c = \\frac{3}{8}$$', dependency: [3], is_final_answer: true },
  ],
};

test('repeating a given node earns nothing, and credits none of its ancestors', () => {
  const derived = createScorer([gas]).scoreResponse('gas', 'We know $$Z = \\frac{pV}{RT}$$');
  assert.deepEqual(derived.given, [3]);
  assert.deepEqual(derived.matched, [3]);
  assert.equal(derived.step_score, 0);
  assert.deepEqual(derived.achieved, []);
  assert.equal(derived.nodes[2]!.given, true);
  assert.equal(derived.policy, 'derived');
  // The paper's |Ach(M)|/|F| credits node 3 and its ancestors 1, 2.
  assert.equal(derived.paper_step_score, 0.75);
  const paper = createScorer([gas], { policy: 'paper' }).scoreResponse(
    'gas',
    'We know $$Z = \\frac{pV}{RT}$$',
  );
  assert.equal(paper.step_score, 0.75);
  assert.equal(paper.policy, 'paper');
});

test('a derived node below a given one credits the given node’s ancestors; the reference scores 1', () => {
  const scorer = createScorer([gas]);
  const r = scorer.scoreResponse('gas', 'So $$\\boxed{Z_c = \\frac{3}{8}}$$');
  assert.deepEqual(r.achieved, [1, 2, 3, 4]);
  assert.equal(r.step_score, 1);
  const reference = gas.grading_standard.map((n) => n.formula).join('\n\n');
  assert.equal(scorer.scoreResponse('gas', reference).step_score, 1);
  // 1 and 2 derived, 3 given: 2 of the 3 nodes that count.
  assert.equal(
    scorer.scoreResponse('gas', '$$p = \\frac{a}{27b^2}$$ $$V = 3b$$ $$Z = \\frac{pV}{RT}$$').step_score,
    2 / 3,
  );
});

test('dense rewards follow the policy and sum to the step score', () => {
  const scorer = createScorer([gas]);
  const answer = '$$Z = \\frac{pV}{RT}$$ then $$p = \\frac{a}{27b^2}$$ and $$Z_c = \\frac{3}{8}$$';
  const r = scorer.scoreResponse('gas', answer);
  const dense = denseRewards(r, gas.grading_standard);
  assert.deepEqual(
    dense.map((d) => d.nodes),
    [[1], [2, 4]],
  );
  assert.equal(
    dense.reduce((a, d) => a + d.credit, 0),
    r.step_score,
  );
});

test('stepCredit: policies, and a DAG whose every node is given', () => {
  const nodes = gas.grading_standard;
  assert.deepEqual(stepCredit(nodes, new Set([3]), new Set([3]), 'paper').score, 0.75);
  assert.deepEqual(stepCredit(nodes, new Set([3]), new Set([3])).score, 0);
  const all = new Set([1, 2, 3, 4]);
  assert.deepEqual(stepCredit(nodes, all, all), { achieved: [], counted: 0, total: 0, score: 0 });
});

test('echoing a bundled problem earns nothing under the default policy (thermo-07: 0.875 under paper)', () => {
  const { problems } = loadBundledDataset();
  const p = problems.find((x) => x.id === 'thermo-07')!;
  const r = createScorer([p]).scoreResponse(p, p.context);
  assert.equal(r.step_score, 0);
  assert.equal(r.paper_step_score, 0.875);
  assert.equal(r.final_answer_correct, false);
});
