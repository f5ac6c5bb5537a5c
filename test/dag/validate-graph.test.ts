import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DagNode } from '../../src/dag/types.js';
import { validateGraph } from '../../src/dag/validate-graph.js';

const n = (index: number, dependency: number[], final = false): DagNode =>
  final ? { index, formula: 'x', dependency, is_final_answer: true } : { index, formula: 'x', dependency };

const codes = (nodes: DagNode[]): string[] => validateGraph(nodes, 'problem 9').map((d) => d.code);

test('a valid DAG has no findings', () => {
  assert.deepEqual(codes([n(1, []), n(2, [1]), n(3, [1, 2], true)]), []);
});

test('a cycle is reported as a cycle, not as forward edges', () => {
  const found = validateGraph([n(1, [3]), n(2, [1]), n(3, [2], true)], 'problem 9');
  assert.deepEqual(
    found.map((d) => d.code),
    ['dag-cycle'],
  );
  assert.match(found[0]!.message, /1 → 3 → 2 → 1/);
});

test('dangling, self and forward dependencies name the node', () => {
  const found = validateGraph([n(1, [1]), n(2, [7]), n(3, [4]), n(4, [1, 2, 3], true)], 'problem 9');
  assert.deepEqual(
    found.map((d) => [d.code, d.where]),
    [
      ['dag-cycle', 'problem 9 node 3'],
      ['dag-self-dependency', 'problem 9 node 1'],
      ['dag-dangling-dependency', 'problem 9 node 2'],
    ],
  );
});

test('a forward edge outside any cycle is a forward dependency', () => {
  assert.deepEqual(codes([n(1, [2], true), n(2, [])]), ['dag-forward-dependency']);
});

test('indices must be 1..n in order', () => {
  assert.deepEqual(codes([n(1, []), n(3, [1], true)]), ['dag-bad-index']);
});

test('no final-answer node, and nodes that lead to none', () => {
  assert.deepEqual(codes([n(1, []), n(2, [1])]), ['dag-no-final-answer']);
  const found = validateGraph([n(1, []), n(2, [1], true), n(3, [1])], 'problem 9');
  assert.deepEqual(
    found.map((d) => [d.code, d.where]),
    [['dag-unreachable-final', 'problem 9 node 3']],
  );
});
