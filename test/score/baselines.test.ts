import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baselines } from '../../src/score/baselines.js';

test('strict all-nodes is 1 only when every node is matched directly', () => {
  assert.deepEqual(baselines(3, new Set([1, 2, 3])), { strict_all_nodes: 1, prefix_credit: 1 });
  assert.equal(baselines(3, new Set([1, 3])).strict_all_nodes, 0);
});

test('prefix credit is the longest matched prefix over n', () => {
  assert.equal(baselines(4, new Set([1, 2, 4])).prefix_credit, 0.5);
  assert.equal(baselines(4, new Set([2, 3, 4])).prefix_credit, 0);
  assert.equal(baselines(0, new Set()).prefix_credit, 0);
});
