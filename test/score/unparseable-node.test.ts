import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import { createScorer } from '../../src/score/create-scorer.js';

// Issue 9 item 6: one reference formula that does not parse must not drop its problem from scoring.
const raw = [
  {
    id: 'broken-node',
    context: 'A cart of mass m reaches speed v from rest in time t. Find the force F.',
    grading_standard: [
      { index: 1, formula: '$$F = m a$$', dependency: [] },
      { index: 2, formula: '$$a = \\frac{v}{t$$', dependency: [] },
      { index: 3, formula: '$$F = \\frac{m v}{t}$$', dependency: [1, 2], is_final_answer: true },
    ],
  },
];

test('a node formula that does not parse is a warning: the problem loads', () => {
  const { problems, diagnostics } = validateDataset(raw);
  assert.equal(problems.length, 1);
  const d = diagnostics.find((x) => x.code === 'dag-formula-unparseable');
  assert.ok(d);
  assert.equal(d.severity, 'warning');
  assert.equal(d.where, 'problem broken-node node 2');
});

test('the other nodes are scored; the broken one is unmatchable and named on the record', () => {
  const { problems } = validateDataset(raw);
  const scorer = createScorer(problems);
  const record = scorer.scoreResponse('broken-node', 'We have $$F = m a$$ and so $$F = \\frac{mv}{t}$$.');
  assert.deepEqual(record.matched, [1, 3]);
  assert.equal(record.total_nodes, 3);
  assert.ok(record.step_score > 0.99, `achieved ${record.achieved} (node 3's closure includes node 2)`);
  const unprepared = record.diagnostics.find((x) => x.code === 'node-unprepared');
  assert.ok(unprepared, JSON.stringify(record.diagnostics));
  assert.match(unprepared.where ?? '', /node 2/);
  const none = scorer.scoreResponse('broken-node', 'Only $$F = m a$$.');
  assert.deepEqual(none.matched, [1]);
  assert.ok(Math.abs(none.step_score - 1 / 3) < 1e-12);
});

test('units: natural adds c = 1 to the constants map; a conflicting c is an error', () => {
  const base = {
    id: 'nat',
    grading_standard: [{ index: 1, formula: 'v = 0.8', dependency: [], is_final_answer: true }],
  };
  const ok = validateDataset([{ ...base, units: 'natural' }]);
  assert.equal(ok.problems[0]?.units, 'natural');
  assert.deepEqual(ok.problems[0]?.constants, { c: '1' });
  const scorer = createScorer(ok.problems);
  assert.deepEqual(scorer.scoreResponse('nat', 'The speed is $$v = 0.8c$$.').matched, [1]);
  const conflict = validateDataset([{ ...base, units: 'natural', constants: { c: '3\\times10^8' } }]);
  assert.equal(conflict.problems.length, 0);
  assert.ok(conflict.diagnostics.some((d) => d.code === 'problem-units-conflict'));
  const bad = validateDataset([{ ...base, units: 'imperial' }]);
  assert.ok(bad.diagnostics.some((d) => d.code === 'problem-bad-field' && d.severity === 'warning'));
});
