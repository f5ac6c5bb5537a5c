import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPrng } from '../../src/core/prng.js';
import { robustnessMetrics } from '../../src/stats/robustness-metrics.js';
import { stepScoreProfile } from '../../src/stats/step-score-profile.js';

/** Five variations with `k` correct, in an order drawn from the PRNG. */
function row(k: number, prng: ReturnType<typeof createPrng>): boolean[] {
  const r = Array.from({ length: 5 }, (_, i) => i < k);
  for (let i = r.length - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    [r[i], r[j]] = [r[j]!, r[i]!];
  }
  return r;
}

test('with 5 variations: TRUE@90 ⇔ 5/5, Volatility ⇔ 2–3/5, TFR ⇔ 0/5, for each count alone', () => {
  const prng = createPrng('counts');
  for (let k = 0; k <= 5; k++) {
    const m = robustnessMetrics([row(k, prng)]);
    assert.equal(m.true_at_t, k === 5 ? 100 : 0, `k=${k}`);
    assert.equal(m.volatility, k === 2 || k === 3 ? 100 : 0, `k=${k}`);
    assert.equal(m.total_failure_rate, k === 0 ? 100 : 0, `k=${k}`);
    assert.equal(m.overall_accuracy, k * 20);
  }
});

test('random benchmarks: the bins count the right problems, sum ≤ 100, accuracy = mean a_p, order-invariant, TRUE monotone in t', () => {
  const prng = createPrng('benchmarks');
  for (let trial = 0; trial < 200; trial++) {
    const counts = Array.from({ length: 1 + prng.int(40) }, () => prng.int(6));
    const rows = counts.map((k) => row(k, prng));
    const m = robustnessMetrics(rows);
    const share = (pred: (k: number) => boolean) => (100 * counts.filter(pred).length) / counts.length;
    assert.ok(Math.abs(m.true_at_t - share((k) => k === 5)) < 1e-9);
    assert.ok(Math.abs(m.volatility - share((k) => k === 2 || k === 3)) < 1e-9);
    assert.ok(Math.abs(m.total_failure_rate - share((k) => k === 0)) < 1e-9);
    assert.ok(m.true_at_t + m.volatility + m.total_failure_rate <= 100 + 1e-9);
    const meanAp = counts.reduce((a, k) => a + k / 5, 0) / counts.length;
    assert.ok(Math.abs(m.overall_accuracy - 100 * meanAp) < 1e-9);
    // Shuffling variations within problems, and the problems themselves, changes nothing.
    const shuffled = rows.map((r) => row(r.filter(Boolean).length, prng)).reverse();
    assert.deepEqual(robustnessMetrics(shuffled), m);
    let last = Number.POSITIVE_INFINITY;
    for (let t = 0; t <= 100; t += 5) {
      const value = robustnessMetrics(rows, t).true_at_t;
      assert.ok(value <= last, `TRUE@${t} = ${value} > ${last}`);
      last = value;
    }
  }
});

test('unequal variation counts: accuracy is the micro average; empty input gives NaN', () => {
  const m = robustnessMetrics([[true], [false, false, false]]);
  assert.equal(m.overall_accuracy, 25);
  assert.equal(m.true_at_t, 50);
  assert.equal(m.total_failure_rate, 50);
  assert.ok(Number.isNaN(robustnessMetrics([]).overall_accuracy));
});

test('step-score profile: mean, mean of minima, mean spread, lowest', () => {
  const p = stepScoreProfile([
    [1, 1, 0.5],
    [0.2, 0.4],
  ]);
  assert.ok(Math.abs(p.mean - 3.1 / 5) < 1e-12);
  assert.ok(Math.abs(p.mean_min - 0.35) < 1e-12);
  assert.ok(Math.abs(p.mean_spread - 0.35) < 1e-12);
  assert.equal(p.min, 0.2);
  assert.equal(stepScoreProfile([[0.7, 0.7]]).mean_spread, 0);
});
