import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baselines } from '../../src/score/baselines.js';

// Hand-computed from spec C1 on F = F_1..F_n in reference order.

test('strict credits exactly the matched formulas, |M|/|F|', () => {
  assert.equal(baselines(4, new Set([1, 2, 4])).strict, 0.75);
  assert.equal(baselines(4, new Set([3])).strict, 0.25);
  assert.equal(baselines(4, new Set()).strict, 0);
});

test('strict all-nodes is 1 only when every node is matched directly', () => {
  assert.equal(baselines(3, new Set([1, 2, 3])).strict_all_nodes, 1);
  assert.equal(baselines(3, new Set([1, 3])).strict_all_nodes, 0);
  assert.equal(baselines(3, new Set([1, 2, 3, 7])).strict_all_nodes, 1);
});

test('prefix credits every formula up to the last matched one (an upper bound)', () => {
  // M = {3} of 5: F_1..F_3 credited → 3/5, though F_1, F_2 were never written.
  assert.equal(baselines(5, new Set([3])).prefix, 0.6);
  assert.equal(baselines(4, new Set([2, 3, 4])).prefix, 1);
  assert.equal(baselines(4, new Set([1])).prefix, 0.25);
  assert.equal(baselines(4, new Set()).prefix, 0);
  assert.equal(baselines(0, new Set()).prefix, 0);
});

test('matched run (ours) is the longest run F_1..F_k all matched, over n', () => {
  assert.equal(baselines(4, new Set([1, 2, 4])).matched_run, 0.5);
  assert.equal(baselines(4, new Set([2, 3, 4])).matched_run, 0);
  assert.equal(baselines(0, new Set()).matched_run, 0);
});

test('indices outside 1..n are ignored', () => {
  assert.deepEqual(baselines(2, new Set([0, 5])), {
    strict: 0,
    strict_all_nodes: 0,
    prefix: 0,
    matched_run: 0,
  });
});
