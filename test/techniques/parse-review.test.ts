// The review parsers and Eq. 2's aggregation, by hand (survivors of the mutation check, issue 26).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aggregateScores } from '../../src/techniques/multi-agent-review.js';
import { parseMistakes, parseVerifierReview, verifierScore } from '../../src/techniques/parse-review.js';

const scores = (s: Record<string, unknown>) =>
  JSON.stringify({
    scores: {
      numerical_correctness: 5,
      formulation: 5,
      logical_consistency: 5,
      completeness: 5,
      validity_of_assumptions: 5,
      clarity: 5,
      ...s,
    },
    mistakes: [],
  });

test('a verifier score outside 0–5, or not a number, is refused; the bounds themselves are accepted', () => {
  for (const bad of [-0.5, 5.5, 7, '4', null, Number.NaN]) {
    const r = parseVerifierReview(scores({ completeness: bad }));
    assert.equal(r.ok, false, String(bad));
  }
  for (const edge of [0, 5, 2.5])
    assert.equal(parseVerifierReview(scores({ clarity: edge })).ok, true, String(edge));
});

test('mistakes given as objects keep their location and description', () => {
  const r = parseMistakes(
    JSON.stringify({
      mistakes: [{ location: 'step 2', description: 'sign error' }, { mistake: 'units' }, '  ', 'x'],
    }),
  );
  assert.deepEqual(r, { ok: true, value: ['step 2: sign error', 'units', 'x'] });
});

test('Eq. 2 renormalises the weights over the usable verifiers (0.5·r1 + 0.2·r3, over 0.7)', () => {
  assert.ok(Math.abs(aggregateScores([2, 3, 4], [0.5, 0.3, 0.2])! - 2.7) < 1e-12);
  // Verifier 2's review was unusable: (0.5·2 + 0.2·4) / 0.7 = 1.8 / 0.7.
  assert.ok(Math.abs(aggregateScores([2, null, 4], [0.5, 0.3, 0.2])! - 1.8 / 0.7) < 1e-12);
  assert.equal(aggregateScores([null, null, null], [0.5, 0.3, 0.2]), null);
  // Weights that do not sum to 1 are a weighted mean too: (1·1 + 3·5) / 4 = 4.
  assert.equal(aggregateScores([1, 5], [1, 3]), 4);
});

test('verifierScore weights each criterion by its own weight', () => {
  const r = parseVerifierReview(
    scores({
      numerical_correctness: 0,
      formulation: 1,
      logical_consistency: 2,
      completeness: 3,
      validity_of_assumptions: 4,
      clarity: 5,
    }),
  );
  assert.ok(r.ok);
  // 0.30·0 + 0.25·1 + 0.25·2 + 0.10·3 + 0.05·4 + 0.05·5 = 1.5
  assert.ok(Math.abs(verifierScore(r.value) - 1.5) < 1e-12);
});
