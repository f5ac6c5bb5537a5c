import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dagLayers } from '../../src/dag/dag-layers.js';
import { dagStats } from '../../src/dag/dag-stats.js';
import { modelDifficulty, problemDifficulty } from '../../src/dag/difficulty-model.js';
import { entropyComplexity } from '../../src/dag/entropy-complexity.js';
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

// The one difficulty rule (spec C5): S = C1 + C2 + C3, tiers S ≤ 5 easy, 6–7 medium, ≥ 8 hard.
// C1 = level of (sources + extra sub-questions) against 3 / 4, C2 = level of (nodes + 2 per
// calculus operator) against 5 / 8, C3 = level of e = Σ ln width against ln 3 / ln 6. Hand-computed:
const three = [node(1, []), node(2, []), node(3, []), node(4, [1, 2, 3]), node(5, [4], true)];

test('a chain has complexity 0 and is easy: C1 1 (1 source) + C2 1 (3 nodes) + C3 1 (e = 0) = 3', () => {
  assert.equal(entropyComplexity(chain), 0);
  assert.equal(modelDifficulty({ grading_standard: chain }), 'easy');
});

test('complexity sums ln(width) over layers: ln 4 + ln 2; wide is hard: C1 3 (4 sources) + C2 2 (7 nodes) + C3 3 (ln 8 ≥ ln 6) = 8', () => {
  assert.ok(Math.abs(entropyComplexity(wide) - (Math.log(4) + Math.log(2))) < 1e-12);
  assert.equal(modelDifficulty({ grading_standard: wide }), 'hard');
});

test('three sources into one step is medium: C1 2 (3 sources) + C2 2 (5 nodes) + C3 2 (e = ln 3) = 6', () => {
  assert.ok(Math.abs(entropyComplexity(three) - Math.log(3)) < 1e-12);
  assert.equal(modelDifficulty({ grading_standard: three }), 'medium');
  // One source fewer: C1 1 + C2 1 (4 nodes) + C3 1 (ln 2 < ln 3) = 3, easy.
  const two = [node(1, []), node(2, []), node(3, [1, 2]), node(4, [3], true)];
  assert.equal(modelDifficulty({ grading_standard: two }), 'easy');
});

test("a problem's own difficulty field wins over its DAG", () => {
  assert.equal(problemDifficulty({ grading_standard: chain, difficulty: 'hard' }), 'hard');
  assert.equal(problemDifficulty({ grading_standard: wide, difficulty: 'easy' }), 'easy');
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
  // chain → easy, wide → hard by the model (S = 8), the third labelled hard.
  assert.deepEqual(stats.difficulties, { easy: 1, hard: 2 });
  assert.equal(stats.nodes, 13);
  assert.equal(stats.edges, 2 + 6 + 2);
  assert.equal(stats.final_answer_nodes, 3);
  assert.deepEqual(stats.depth, { min: 3, mean: 3, max: 3 });
  assert.deepEqual(stats.width, { min: 1, mean: 2, max: 4 });
  // Spec B7 per problem, by hand: steps 3, 7, 3 → mean 4.333, sd √(16/3) = 2.309; concepts (DAG
  // sources) 1, 4, 1 → mean 2, sd √3 = 1.732; no parameters, no stated answers.
  assert.deepEqual(stats.per_problem.steps, { min: 3, mean: 4.333, max: 7, sd: 2.309 });
  assert.deepEqual(stats.per_problem.concepts, { min: 1, mean: 2, max: 4, sd: 1.732 });
  assert.deepEqual(stats.per_problem.inputs, { min: 0, mean: 0, max: 0, sd: 0 });
  assert.deepEqual(stats.per_problem.outputs, { min: 0, mean: 0, max: 0, sd: 0 });
});

test('dataset stats count inputs, inputs shown in the text and outputs per problem (spec B7)', () => {
  const p = (id: string, params: string[], shown: string[], answers: string[][]): Problem =>
    ({
      id,
      context: '',
      grading_standard: chain,
      parameters: params.map((name) => ({ name, symbol: name, value: 1, min: 0.5, max: 2 })),
      template: { context: shown.length === 0 ? 'x' : shown.map((n) => `$${n} = {{${n}}}$`).join(', ') },
      ...(answers.length === 1
        ? { final_answer: answers[0]! }
        : {
            subquestions: answers.map((a, i) => ({
              letter: 'abc'[i]!,
              subproblem: '',
              solution: '',
              final_answer: a,
            })),
          }),
    }) as unknown as Problem;
  const stats = dagStats([
    p('a', ['m', 'g', 'h'], ['m', 'h'], [['v = 1']]),
    p('b', ['x'], [], [['a = 1', 'b = 2'], ['c = 3']]),
  ]);
  // inputs 3, 1 → mean 2, sd √2 = 1.414; shown 2, 0 → mean 1, sd 1.414; outputs 1, 3 → mean 2, sd 1.414.
  const root2 = Math.round(Math.SQRT2 * 1000) / 1000;
  assert.deepEqual(stats.per_problem.inputs, { min: 1, mean: 2, max: 3, sd: root2 });
  assert.deepEqual(stats.per_problem.text_inputs, { min: 0, mean: 1, max: 2, sd: root2 });
  assert.deepEqual(stats.per_problem.outputs, { min: 1, mean: 2, max: 3, sd: root2 });
});
