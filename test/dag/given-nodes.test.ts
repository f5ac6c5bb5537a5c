import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findGivenNodes } from '../../src/dag/given-nodes.js';
import type { Problem } from '../../src/dag/types.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';

const gas: Problem = {
  id: 'gas',
  context:
    'The compressibility factor is defined as $Z = pV/(nRT)$. A bead of mass $50\\,\\mathrm{g}$ moves at $v_0 = 3\\,\\mathrm{m/s}$. The critical pressure is $p_c$.',
  grading_standard: [
    { index: 1, formula: '$$p_c = \\frac{a}{27 b^2}$$', dependency: [] },
    { index: 2, formula: '$$Z = \\frac{p V}{n R T}$$', dependency: [1] },
    { index: 3, formula: '$$m = 0.05$$', dependency: [] },
    { index: 4, formula: '$$v_0 = 3$$', dependency: [] },
    // Near misses: like a statement of the text, but not it; a derived value equal to a given one.
    { index: 5, formula: '$$Z = \\frac{p V}{R T}$$', dependency: [2] },
    { index: 6, formula: '$$v_1 = 0.05$$', dependency: [3], is_final_answer: true },
    { index: 7, formula: '$$w = 3$$', dependency: [4] },
  ],
};

test('given nodes: a relation of the text (any form) and a value the text writes', () => {
  const found = findGivenNodes(gas);
  assert.deepEqual(
    found.map((g) => g.index),
    [2, 3, 4],
    JSON.stringify(found),
  );
  assert.equal(found.find((g) => g.index === 2)?.stated, 'Z = pV/(nRT)');
});

test('given nodes: the `given` field overrides the detection either way', () => {
  const nodes = gas.grading_standard.map((n) =>
    n.index === 1 ? { ...n, given: true } : n.index === 4 ? { ...n, given: false } : n,
  );
  const found = findGivenNodes({ ...gas, grading_standard: nodes });
  assert.deepEqual(
    found.map((g) => g.index),
    [1, 2, 3],
  );
  assert.equal(found[0]!.stated, undefined);
});

test('given nodes of the bundled benchmark: the definitions its texts state, nothing else', () => {
  const { problems } = loadBundledDataset();
  const byId = new Map(problems.map((p) => [p.id, p]));
  const given = (id: string) => findGivenNodes(byId.get(id)!).map((g) => g.index);
  // thermo-07 defines Z_c in its text; its DAG derives p_c, V_c, T_c above that node.
  assert.deepEqual(given('thermo-07'), [7]);
  assert.deepEqual(given('mech-01'), []);
  const all = problems.reduce((n, p) => n + findGivenNodes(p).length, 0);
  assert.equal(all, 15, 'given nodes over the 70 bundled problems (measured when written)');
});
