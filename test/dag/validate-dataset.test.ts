import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const SUBSET = 'peers/prism-physics/dag_02_subset.json';

test('the real subset: ids become strings, $$ formulas parse, all 15 problems load', (t) => {
  const path = sharedFile(SUBSET);
  if (path === undefined) return t.skip(missingShared(SUBSET));
  const { problems, diagnostics } = validateDataset(
    JSON.parse(readFileSync(path, 'utf8')),
    'dag_02_subset.json',
  );
  const errors = diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(errors, []);
  assert.equal(problems.length, 15);
  assert.equal(problems[0]!.id, '1001');
  assert.equal(problems.find((p) => p.id === '1019')!.significant_figures, 1);
});

test('a bad problem is skipped, the others load; positions are named', () => {
  const good = {
    id: 1,
    context: '',
    grading_standard: [{ index: 1, formula: '$$x = 1$$', dependency: [], is_final_answer: true }],
  };
  const json = [
    good,
    'nope',
    { context: '' },
    { id: 2, grading_standard: [] },
    { ...good, id: 3, witness: 'x' },
  ];
  const { problems, diagnostics } = validateDataset(json, 'f.json');
  assert.deepEqual(
    problems.map((p) => p.id),
    ['1', '3'],
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.where]),
    [
      ['problem-not-object', 'error', 'f.json: item 2'],
      ['problem-missing-id', 'error', 'f.json: item 3'],
      ['dag-missing', 'error', 'f.json: problem 2'],
      ['problem-bad-field', 'warning', 'f.json: problem 3'],
    ],
  );
});

test('a non-array dataset is one diagnostic', () => {
  assert.deepEqual(
    validateDataset(42).diagnostics.map((d) => d.code),
    ['dataset-not-array'],
  );
});

test('an unparseable formula carries its span inside the $$-wrapped string', () => {
  const { diagnostics } = validateDataset([
    {
      id: 9,
      grading_standard: [{ index: 1, formula: '$$x = \\frac{1$$', dependency: [], is_final_answer: true }],
    },
  ]);
  const d = diagnostics.find((x) => x.code === 'dag-formula-unparseable');
  assert.ok(d);
  assert.equal(d.where, 'problem 9 node 1');
  if (d.span) assert.ok(d.span.start >= 2);
});
