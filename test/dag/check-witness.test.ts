import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { checkWitness } from '../../src/dag/check-witness.js';
import type { Problem } from '../../src/dag/types.js';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import { prepareFormula } from '../../src/equivalence/index.js';

const load = (name: string): Problem[] =>
  validateDataset(
    JSON.parse(readFileSync(new URL(`../../fixtures/bad-input/${name}`, import.meta.url), 'utf8')),
  ).problems;
const prepare = (p: Problem) => p.grading_standard.map((n) => prepareFormula(n.formula));

test('a consistent witness solves the DAG forward: a = 2, F = 4', () => {
  const good = load('cycle.json').find((p) => p.id === 'good-1')!;
  const report = checkWitness(good, prepare(good));
  assert.deepEqual(report.diagnostics, []);
  assert.ok(Math.abs(report.solutions[0]!.a! - 2) < 1e-9);
  assert.ok(Math.abs(report.solutions[0]!.F! - 4) < 1e-9);
});

test('a witness with F = 5 (so a = 2.5) is violated at node 2, a = v/t = 2: both values named', () => {
  const [bad] = load('witness-violated.json');
  const report = checkWitness(bad!, prepare(bad!));
  const found = report.diagnostics.find((d) => d.code === 'witness-violated');
  assert.ok(found, JSON.stringify(report.diagnostics));
  assert.equal(found.where, 'problem bad-witness witness 1 node 2');
  assert.match(found.message, /a = 2\b.*a = 2\.5/);
});

test('deferred nodes are retried; what stays open is underdetermined; two positive roots branch', () => {
  const problem: Problem = {
    id: 'w',
    context: '',
    grading_standard: [
      { index: 1, formula: '$$z = x + y$$', dependency: [] },
      { index: 2, formula: '$$x = 2 m$$', dependency: [] },
      { index: 3, formula: '$$(u - 1)(u - 3) = 0$$', dependency: [] },
      { index: 4, formula: '$$u = z - 3$$', dependency: [1, 2, 3], is_final_answer: true },
      { index: 5, formula: '$$p = q r$$', dependency: [4] },
    ],
    witness: [{ m: 1, y: 4 }],
  };
  const report = checkWitness(problem, prepare(problem));
  // x = 2, z = 6, u ∈ {1, 3}: only u = 3 satisfies node 4; p = q r stays open.
  assert.equal(report.solutions[0]!.u, 3);
  assert.deepEqual(
    report.diagnostics.map((d) => d.code),
    ['witness-underdetermined'],
  );
  assert.match(report.diagnostics[0]!.message, /nodes 5/);
});

test('a formula whose sides cancel to rounding noise holds; one off by a real amount is still violated', () => {
  const problem = (d: number): Problem => ({
    id: 'cancel',
    context: '',
    grading_standard: [{ index: 1, formula: '$$d = a - b$$', dependency: [], is_final_answer: true }],
    // 0.1 · 3 is 0.30000000000000004: a − b is rounding noise, and |l − r| / (|l| + |r|) is 1.
    witness: [{ a: 0.3, b: 0.1 * 3, d }],
  });
  const holds = problem(0);
  assert.deepEqual(checkWitness(holds, prepare(holds)).diagnostics, []);
  for (const off of [1e-3, 1e-5]) {
    const broken = problem(off);
    const found = checkWitness(broken, prepare(broken)).diagnostics.find(
      (d) => d.code === 'witness-violated',
    );
    assert.ok(found, `d = ${off} must be violated`);
  }
});
