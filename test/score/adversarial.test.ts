import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adversarialTable, renderTable } from '../../scripts/adversarial.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';

// The reward's adversarial suite (issue 22) over the whole bundled benchmark: no trick may earn a
// mean step score above 0.03 or any final answer, while the reference answers score 1 and are right.
const { problems } = loadBundledDataset();
const rows = adversarialTable(problems);
const CEILING = 0.03;

test('the suite covers every trick over every bundled problem', (t) => {
  t.diagnostic(`\n${renderTable(rows)}`);
  assert.equal(problems.length, 70);
  const tricks = rows.map((r) => r.trick);
  for (const trick of [
    'echo-problem',
    'restated-givens',
    'propto-1',
    'sim-1',
    'propto-each-variable',
    'sim-grid',
    'generic-flood',
    'tautologies',
    'textbook-identities',
    'guess-grid',
    'guess-list',
    'guess-set',
    'boxed-grid',
    'hedge-chain',
    'pm-hedge',
    'reference',
    'identities-vs-identity-nodes',
    'reference-with-identity-nodes',
  ])
    assert.ok(tricks.includes(trick), trick);
  for (const r of rows) assert.ok(r.responses >= 60, `${r.trick}: ${r.responses} responses`);
});

for (const row of rows.filter((r) => !r.trick.startsWith('reference'))) {
  test(`trick ${row.trick}: mean step score <= ${CEILING}, no final answer`, () => {
    assert.ok(
      row.meanStep <= CEILING,
      `mean ${row.meanStep.toFixed(3)} (max ${row.maxStep} on ${row.worst})`,
    );
    assert.equal(row.finalCorrect, 0, `${row.finalCorrect} final answers marked right`);
  });
}

test('the reference answers still score 1 with every final answer right, identity nodes added or not', () => {
  for (const name of ['reference', 'reference-with-identity-nodes']) {
    const reference = rows.find((r) => r.trick === name)!;
    assert.equal(reference.meanStep, 1, `${name}: worst ${reference.worst}`);
    assert.equal(reference.finalCorrect, reference.responses, name);
  }
});
