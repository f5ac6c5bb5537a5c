import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ancestorClosure } from '../../src/dag/ancestor-closure.js';
import type { DagNode } from '../../src/dag/types.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const SUBSET = 'peers/prism-physics/dag_02_subset.json';

function realDag(id: number): DagNode[] | undefined {
  const path = sharedFile(SUBSET);
  if (path === undefined) return undefined;
  const items = JSON.parse(readFileSync(path, 'utf8')) as { id: number; grading_standard: DagNode[] }[];
  return items.find((p) => p.id === id)?.grading_standard;
}

test('paper example: matching only node 21 of problem 1023 credits 7 of 31 nodes', (t) => {
  const dag = realDag(1023);
  if (dag === undefined) return t.skip(missingShared(SUBSET));
  const achieved = ancestorClosure(dag, new Set([21]));
  assert.equal(dag.length, 31);
  assert.deepEqual(achieved, [15, 16, 17, 18, 19, 20, 21]);
});

test('paper example: problem 1020 with 1, 4, 6, 10, 11 matched credits 8 of 11', (t) => {
  const dag = realDag(1020);
  if (dag === undefined) return t.skip(missingShared(SUBSET));
  const achieved = ancestorClosure(dag, new Set([1, 4, 6, 10, 11]));
  assert.equal(dag.length, 11);
  assert.deepEqual(achieved, [1, 2, 3, 4, 5, 6, 10, 11]);
});

const diamond: DagNode[] = [
  { index: 1, formula: 'a', dependency: [] },
  { index: 2, formula: 'b', dependency: [1] },
  { index: 3, formula: 'c', dependency: [1] },
  { index: 4, formula: 'd', dependency: [2, 3], is_final_answer: true },
  { index: 5, formula: 'e', dependency: [] },
];

test('closure of a sink covers the whole diamond but not unrelated nodes', () => {
  assert.deepEqual(ancestorClosure(diamond, new Set([4])), [1, 2, 3, 4]);
});

test('closure of a middle node stops at its own ancestors', () => {
  assert.deepEqual(ancestorClosure(diamond, new Set([2])), [1, 2]);
});

test('the empty match credits nothing; unknown indices are ignored', () => {
  assert.deepEqual(ancestorClosure(diamond, new Set()), []);
  assert.deepEqual(ancestorClosure(diamond, new Set([99, 5])), [5]);
});

test('a cyclic input terminates', () => {
  const cyclic: DagNode[] = [
    { index: 1, formula: 'a', dependency: [2] },
    { index: 2, formula: 'b', dependency: [1] },
  ];
  assert.deepEqual(ancestorClosure(cyclic, new Set([1])), [1, 2]);
});
