import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DagNode } from '../../src/dag/types.js';
import type { ScoreRecord } from '../../src/score/types.js';
import { denseRewards } from '../../src/server/dense-rewards.js';
import { problemOfLabel, responseOf } from '../../src/server/response-of.js';
import { mixReward, parseRewardMix } from '../../src/server/reward-mix.js';

test('reward mix: weights of step and final plus constants; anything else is an error', () => {
  assert.deepEqual(parseRewardMix('0.5*step+0.5*final'), { step: 0.5, final: 0.5, bias: 0 });
  assert.deepEqual(parseRewardMix('step'), { step: 1, final: 0, bias: 0 });
  assert.deepEqual(parseRewardMix(' 0.8 * step + 0.2*final - 0.1 '), { step: 0.8, final: 0.2, bias: -0.1 });
  assert.deepEqual(parseRewardMix('final-step'), { step: -1, final: 1, bias: 0 });
  assert.ok('error' in parseRewardMix('0.5*steps'));
  assert.ok('error' in parseRewardMix(''));
  assert.ok('error' in parseRewardMix('2**step'));
  const mix = { step: 0.8, final: 0.2, bias: 0 };
  assert.equal(mixReward(mix, 0.5, true), 0.6000000000000001);
  assert.equal(mixReward(mix, 0.5, null), 0.4);
});

test('responseOf cuts the prompt prefix, else after its last occurrence, else flags the whole query', () => {
  assert.deepEqual(responseOf('P: answer', 'P: '), { response: 'answer', prefixed: true });
  assert.deepEqual(responseOf('<s>P: answer', 'P: '), { response: 'answer', prefixed: true });
  assert.deepEqual(responseOf('answer', 'other'), { response: 'answer', prefixed: false });
  assert.equal(
    problemOfLabel('mech-01#7', () => false),
    'mech-01',
  );
  assert.equal(
    problemOfLabel('odd#id', (id) => id === 'odd#id'),
    'odd#id',
  );
  assert.equal(
    problemOfLabel(1010, () => false),
    '1010',
  );
});

test('dense rewards: newly achieved nodes per formula in response order, credits summing to the step score', () => {
  // 1 → 3, 2 → 3, 3 → 4: matching 3 achieves 1, 2, 3; a later match of 1 adds nothing; 4 adds itself.
  const nodes: DagNode[] = [
    { index: 1, formula: 'a', dependency: [] },
    { index: 2, formula: 'b', dependency: [] },
    { index: 3, formula: 'c', dependency: [1, 2] },
    { index: 4, formula: 'd', dependency: [3] },
  ];
  const formula = (offset: number, matches: number[]) => ({
    latex: `f${offset}`,
    offset,
    end: offset + 5,
    kind: 'display' as const,
    matches,
    prepared: true,
  });
  // Formulas listed out of reading order: dense rewards follow the response, not the list.
  const record = {
    step_score: 1,
    total_nodes: 4,
    formulas: [formula(50, [4]), formula(10, [3]), formula(30, [1]), formula(40, [])],
  } as unknown as ScoreRecord;
  const dense = denseRewards(record, nodes);
  assert.deepEqual(
    dense.map((d) => [d.formula, d.start, d.end, d.nodes, d.credit]),
    [
      [1, 10, 15, [1, 2, 3], 0.75],
      [0, 50, 55, [4], 0.25],
    ],
  );
});
