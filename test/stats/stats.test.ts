import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  kendallTauB,
  normalCdf,
  pairedTTest,
  passAtK,
  regularizedIncompleteBeta,
  signTest,
  studentTCdf,
  wilcoxonSignedRank,
} from '../../src/stats/index.js';

// Expected values come from test/stats/fixtures/generate.py (mpmath and brute force), one test per row.

function rows<T>(name: string): T[] {
  const text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

function close(actual: number, expected: number, rel: number, what: string): void {
  const err = Math.abs(actual - expected);
  assert.ok(
    err <= rel * Math.abs(expected) || err <= 1e-300,
    `${what}: got ${actual}, expected ${expected} (relative error ${err / Math.abs(expected)})`,
  );
}

for (const r of rows<{ name: string; t: number; df: number; cdf: number; tol?: number }>('t-cdf.jsonl')) {
  test(`t CDF ${r.name}`, () => close(studentTCdf(r.t, r.df), r.cdf, r.tol ?? 1e-10, 'cdf'));
}

for (const r of rows<{ name: string; z: number; cdf: number }>('normal-cdf.jsonl')) {
  test(`normal CDF ${r.name}`, () => close(normalCdf(r.z), r.cdf, 1e-11, 'cdf'));
}

for (const r of rows<{ name: string; x: number; a: number; b: number; value: number }>(
  'incomplete-beta.jsonl',
)) {
  test(`incomplete beta ${r.name}`, () =>
    close(regularizedIncompleteBeta(r.x, r.a, r.b), r.value, 1e-10, 'I'));
}

for (const r of rows<{ name: string; d: number[]; wPlus: number; method: string; p: number }>(
  'wilcoxon.jsonl',
)) {
  test(`wilcoxon ${r.name}`, () => {
    const w = wilcoxonSignedRank(r.d);
    assert.equal(w.wPlus, r.wPlus);
    assert.equal(w.method, r.method);
    close(w.p, r.p, 1e-9, 'p');
  });
}

for (const r of rows<{ name: string; d: number[]; p: number }>('sign-test.jsonl')) {
  test(`sign test ${r.name}`, () => close(signTest(r.d).p, r.p, 1e-10, 'p'));
}

for (const r of rows<{ name: string; x: number[]; y: number[]; tau: number; p: number }>('kendall.jsonl')) {
  test(`kendall tau_b ${r.name}`, () => {
    const k = kendallTauB(r.x, r.y);
    close(k.tau, r.tau, 1e-12, 'tau');
    close(k.p, r.p, 1e-9, 'p');
  });
}

for (const r of rows<{ name: string; a: number[]; b: number[]; t: number; p: number }>('paired-t.jsonl')) {
  test(`paired t-test ${r.name}`, () => {
    const t = pairedTTest(r.a, r.b);
    close(t.t, r.t, 1e-9, 't');
    close(t.p, r.p, 1e-8, 'p');
  });
}

for (const r of rows<{ name: string; n: number; c: number; k: number; value: number }>('pass-at-k.jsonl')) {
  test(`pass@k ${r.name}`, () => close(passAtK(r.n, r.c, r.k), r.value, 1e-12, 'pass@k'));
}

test('degenerate inputs give defined results, not exceptions', () => {
  assert.equal(pairedTTest([1, 2, 3], [1, 2, 3]).p, 1);
  assert.equal(pairedTTest([1, 2, 3], [2, 3, 4]).p, 0);
  assert.ok(Number.isNaN(pairedTTest([1], [2]).p));
  assert.equal(wilcoxonSignedRank([0, 0]).p, 1);
  assert.equal(signTest([]).p, 1);
  assert.ok(Number.isNaN(kendallTauB([1, 1, 1], [1, 2, 3]).tau));
  assert.throws(() => pairedTTest([1], [1, 2]), RangeError);
});
