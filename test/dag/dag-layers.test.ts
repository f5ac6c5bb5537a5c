import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dagLayers } from '../../src/dag/dag-layers.js';
import { dagStats } from '../../src/dag/dag-stats.js';
import {
  difficultyFromComplexity,
  entropyComplexity,
  problemDifficulty,
} from '../../src/dag/entropy-complexity.js';
import type { DagNode, Problem } from '../../src/dag/types.js';

const node = (index: number, dependency: number[], final = false): DagNode =>
  final ? { index, formula: 'x', dependency, is_final_answer: true } : { index, formula: 'x', dependency };

const chain = [node(1, []), node(2, [1]), node(3, [2], true)];
const wide = [
  node(1, []),
  node(2, []),
  node(3, []),
  node(4, []),
  node(5, [1, 2]),
  node(6, [3, 4]),
  node(7, [5, 6], true),
];

test('layers follow the longest path from a source', () => {
  const layers = dagLayers([node(1, []), node(2, [1]), node(3, []), node(4, [2, 3], true)]);
  assert.deepEqual(
    [...layers.layerOf],
    [
      [1, 1],
      [2, 2],
      [3, 1],
      [4, 3],
    ],
  );
  assert.deepEqual(layers.widths, [2, 1, 1]);
  assert.equal(layers.depth, 3);
  assert.equal(layers.width, 2);
});

test('a chain has complexity 0 and is easy', () => {
  assert.equal(entropyComplexity(chain), 0);
  assert.equal(difficultyFromComplexity(0), 'easy');
});

test('complexity sums ln(width) over layers: ln 4 + ln 2', () => {
  assert.ok(Math.abs(entropyComplexity(wide) - (Math.log(4) + Math.log(2))) < 1e-12);
  assert.equal(difficultyFromComplexity(entropyComplexity(wide)), 'medium');
});

test('thresholds: 1.5 starts medium and 3.5 starts hard', () => {
  assert.equal(difficultyFromComplexity(1.49), 'easy');
  assert.equal(difficultyFromComplexity(1.5), 'medium');
  assert.equal(difficultyFromComplexity(3.49), 'medium');
  assert.equal(difficultyFromComplexity(3.5), 'hard');
});

test("a problem's own difficulty field wins over its DAG", () => {
  assert.equal(problemDifficulty({ grading_standard: chain, difficulty: 'hard' }), 'hard');
  assert.equal(problemDifficulty({ grading_standard: chain }), 'easy');
});

test('dataset stats count domains, difficulties, nodes, edges, depth and width', () => {
  const problems: Problem[] = [
    { id: 'a', context: '', grading_standard: chain, domain: 'mechanics' },
    { id: 'b', context: '', grading_standard: wide, domain: 'optics' },
    { id: 'c', context: '', grading_standard: chain, domain: 'mechanics', difficulty: 'hard' },
  ];
  const stats = dagStats(problems);
  assert.equal(stats.problems, 3);
  assert.deepEqual(stats.domains, { mechanics: 2, optics: 1 });
  assert.deepEqual(stats.difficulties, { easy: 1, medium: 1, hard: 1 });
  assert.equal(stats.nodes, 13);
  assert.equal(stats.edges, 2 + 6 + 2);
  assert.equal(stats.final_answer_nodes, 3);
  assert.deepEqual(stats.depth, { min: 3, mean: 3, max: 3 });
  assert.deepEqual(stats.width, { min: 1, mean: 2, max: 4 });
});
