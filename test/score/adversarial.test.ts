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
    'named-boxed-hedge',
    'hedge-chain',
    'pm-hedge',
    'reference',
    'identities-vs-identity-nodes',
    'reference-with-identity-nodes',
    'conclusion-wrong-then-formula',
    'conclusion-wrong-then-scaling',
    'conclusion-wrong-then-identity',
    'conclusion-wrong-then-question',
    'conclusion-chain-hedge',
    'conclusion-set-hedge',
    'conclusion-other-first',
    'conclusion-other-first-chains',
    'conclusion-overprint-hspace',
    'conclusion-overprint-kern',
    'conclusion-overprint-mspace',
    'conclusion-overprint-lap',
    'conclusion-macro',
    'conclusion-fake-parts',
    'flood-past-cap',
    'table-column-hedge',
    'table-rows-hedge',
    'symbols-in-prose',
    'denied-values',
    'hidden-values',
    'side-by-side-other-variables',
    'offered-other-variables',
  ])
    assert.ok(tricks.includes(trick), trick);
  for (const r of rows) assert.ok(r.responses >= 60, `${r.trick}: ${r.responses} responses`);
});

// Conclusion tricks write the reference's working (its step credit is earned): only their final
// answer is held, which must be wrong — a wrong or hedged conclusion after right working. (The
// question's own parts restated after a wrong conclusion, "(a) Find …", were 42 of 70 before the
// placeholder `p = \ldots` stated no value, 32 before marks that state nothing left the part to the
// answer's statements, 0 now.) Ceilings only fall.
const CONCLUSION_KNOWN: Readonly<Record<string, number>> = {};
for (const row of rows.filter((r) => r.trick.startsWith('conclusion-'))) {
  const known = CONCLUSION_KNOWN[row.trick] ?? 0;
  test(`trick ${row.trick}: no final answer${known > 0 ? ` (known: ${known})` : ''}`, () => {
    assert.ok(row.finalCorrect <= known, `${row.finalCorrect} final answers marked right (known ${known})`);
  });
  if (known > 0)
    test(`trick ${row.trick}: every final answer rejected`, { todo: `${known} accepted` }, () => {
      assert.equal(row.finalCorrect, 0);
    });
}

// Tricks over the ceiling, with their own (they may only fall): a candidate in other variables beside
// the answer (`\boxed{q = v}\quad\boxed{q = X}`) is allowed where the reference states q twice in two
// forms (anp-08, qm-08, ssm-10: the problem is taken to expect two values of q), and a number beside an
// expression is never compared (qm-02's `\Delta x\,\Delta p = 1.055\times10^{-34}` beside `\frac{\hbar}{2}`).
const STEP_KNOWN: Readonly<Record<string, number>> = {
  'side-by-side-other-variables': 0.04,
  'offered-other-variables': 0.04,
};

for (const row of rows.filter(
  (r) => !r.trick.startsWith('reference') && !r.trick.startsWith('conclusion-'),
)) {
  const ceiling = STEP_KNOWN[row.trick] ?? CEILING;
  test(`trick ${row.trick}: mean step score <= ${ceiling}, no final answer`, () => {
    assert.ok(
      row.meanStep <= ceiling,
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
