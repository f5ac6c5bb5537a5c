// Cut-point calibration (S → tier), ordinal agreement and tertiles, on synthetic data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import {
  calibrateCutPoints,
  leaveOneOutLevels,
  levelFromCuts,
} from '../../src/stats/calibrate-cut-points.js';
import { kendallTauB } from '../../src/stats/kendall-tau-b.js';
import { ordinalAgreement } from '../../src/stats/ordinal-agreement.js';
import { tertileThresholds } from '../../src/stats/tertile-thresholds.js';

const range = { min: 3, max: 9 };

test('levelFromCuts: s ≤ a → 1, a < s ≤ b → 2, s > b → 3; degenerate pairs empty a level', () => {
  assert.deepEqual(
    [3, 4, 5, 6, 7, 8, 9].map((s) => levelFromCuts(s, { a: 4, b: 6 })),
    [1, 1, 2, 2, 3, 3, 3],
  );
  assert.deepEqual(
    [3, 9].map((s) => levelFromCuts(s, { a: 2, b: 9 })),
    [2, 2],
  );
  assert.deepEqual(
    [3, 9].map((s) => levelFromCuts(s, { a: 5, b: 5 })),
    [1, 3],
  );
});

test('labels made by known cut-points are recovered exactly, for every monotone pair that splits the data', () => {
  const prng = createPrng('cal');
  const scores = Array.from({ length: 90 }, (_, i) => 3 + (i % 7) + 0 * prng.int(1));
  for (let a = 3; a <= 8; a++) {
    for (let b = a + 1; b <= 8; b++) {
      const labels = scores.map((s) => levelFromCuts(s, { a, b }));
      const cal = calibrateCutPoints(scores, labels, range);
      assert.deepEqual(cal.cuts, { a, b }, `a=${a} b=${b}`);
      assert.equal(cal.matches, scores.length);
      assert.equal(cal.candidates, 36);
      assert.ok(Math.abs(cal.tau - 1) < 1e-12);
    }
  }
});

test('with noisy labels the chosen pair maximises matches over all 36 pairs (brute-force check)', () => {
  for (let k = 0; k < 20; k++) {
    const prng = createPrng(`noisy-${k}`);
    const scores = Array.from({ length: 40 }, () => 3 + prng.int(7));
    const labels = scores.map((s) => {
      const clean = levelFromCuts(s, { a: 5, b: 7 });
      return prng.next() < 0.3 ? ((1 + prng.int(3)) as 1 | 2 | 3) : clean;
    });
    const cal = calibrateCutPoints(scores, labels, range);
    let best = 0;
    for (let a = 2; a <= 9; a++)
      for (let b = a; b <= 9; b++)
        best = Math.max(best, scores.filter((s, i) => levelFromCuts(s, { a, b }) === labels[i]).length);
    assert.equal(cal.matches, best, `sample ${k}`);
    const levels = scores.map((s) => levelFromCuts(s, cal.cuts));
    assert.equal(levels.filter((l, i) => l === labels[i]).length, cal.matches);
    assert.equal(cal.tau, kendallTauB(levels, labels).tau);
  }
});

test('ties in matches go to the higher τ_b, then to tier sizes nearer the labels', () => {
  // scores 3 3 | 5 5 | 8 8 with labels 1 1 | 2 2 | 3 3: many pairs match all 6; the first found is kept
  const scores = [3, 3, 5, 5, 8, 8];
  const labels: (1 | 2 | 3)[] = [1, 1, 2, 2, 3, 3];
  const cal = calibrateCutPoints(scores, labels, range);
  assert.equal(cal.matches, 6);
  assert.deepEqual(cal.cuts, { a: 3, b: 5 }, 'the smallest of the perfect pairs');
  // 1 1 2 2 with scores 3 4 4 5: (a=3,b=4) matches 3 of 4 with τ 0.816; (a=4,b=5)… also 3 — τ decides
  const s2 = [3, 4, 4, 5];
  const l2: (1 | 2 | 3)[] = [1, 1, 2, 2];
  const c2 = calibrateCutPoints(s2, l2, range);
  assert.equal(c2.matches, 3);
  const tauOf = (a: number, b: number) =>
    kendallTauB(
      s2.map((s) => levelFromCuts(s, { a, b })),
      l2,
    ).tau;
  for (let a = 2; a <= 9; a++)
    for (let b = a; b <= 9; b++) {
      const m = s2.filter((s, i) => levelFromCuts(s, { a, b }) === l2[i]).length;
      if (m === 3) assert.ok(!(tauOf(a, b) > c2.tau), `(${a},${b}) has a higher τ`);
    }
});

test('leave-one-out: perfect on cleanly separated data; an outlier is predicted from the others', () => {
  const scores = [3, 3, 3, 4, 4, 6, 6, 6, 7, 7, 9, 9, 9];
  const labels = scores.map((s) => levelFromCuts(s, { a: 4, b: 7 }));
  assert.deepEqual(leaveOneOutLevels(scores, labels, range), labels);
  // the last item (S = 8, label 1) contradicts the other 8s: left out, it is called hard
  const s2 = [3, 3, 3, 5, 5, 5, 8, 8, 8];
  const l2: (1 | 2 | 3)[] = [1, 1, 1, 2, 2, 2, 3, 3, 1];
  assert.deepEqual(leaveOneOutLevels(s2, l2, range), [1, 1, 1, 2, 2, 2, 3, 3, 3]);
  assert.equal(calibrateCutPoints(s2, l2, range).matches, 8);
});

test('ordinalAgreement: confusion[reference][predicted], exact, within one, τ_b', () => {
  const a = ordinalAgreement([1, 2, 3, 3, 1, 2], [1, 2, 3, 2, 3, 1]);
  assert.deepEqual(a.confusion, [
    [1, 1, 0],
    [0, 1, 1],
    [1, 0, 1],
  ]);
  assert.equal(a.exact, 3 / 6);
  assert.equal(a.withinOne, 5 / 6);
  assert.equal(a.kendall.tau, kendallTauB([1, 2, 3, 3, 1, 2], [1, 2, 3, 2, 3, 1]).tau);
  assert.throws(() => ordinalAgreement([0], [1]), /levels must be 1, 2 or 3/);
  assert.throws(() => ordinalAgreement([1], [1, 2]), /lengths differ/);
});

test('tertileThresholds: values at ranks ⌊n/3⌋ and ⌊2n/3⌋; ties go up', () => {
  assert.deepEqual(tertileThresholds([9, 1, 5, 3, 7, 2]), { t1: 3, t2: 7 });
  assert.deepEqual(tertileThresholds([0, 0, 0, 1, 1, 2]), { t1: 0, t2: 1 });
  assert.throws(() => tertileThresholds([]), /empty/);
  assert.throws(() => tertileThresholds([1, Number.NaN]), /non-finite/);
});
