import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLatex } from '../../src/latex/parse-latex.js';
import { compile, integrate, sumSeries } from '../../src/numeric/index.js';
import { metered, workExhausted } from '../../src/numeric/work-meter.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { LruCache } from '../../src/score/lru-cache.js';
import { PATHOLOGICAL_PROBLEMS, pathologicalCorpus } from './pathological-corpus.js';

// A small budget keeps the test fast; the bound it checks is the same at any budget.
const BUDGET = 150_000;
// Work charged after the budget is spent is bounded by one detached computation (a fingerprint, a
// compile, a formula's preparation: FINGERPRINT_WORK_CAP, COMPILE_WORK_CAP, PREPARE_WORK_CAP, each
// holding at most one EXPANSION_WORK_CAP past its own) plus the last charge.
const OVERSHOOT = 1_200_000;

test('pathological corpus: every response stays within its work budget, deterministically', () => {
  const items = pathologicalCorpus(1);
  assert.ok(items.length >= 40);
  const shared = createScorer(PATHOLOGICAL_PROBLEMS, { workBudget: BUDGET });
  const first = items.map((item) => {
    const record = shared.scoreResponse(item.problemId, item.response);
    const work = shared.lastWork();
    // What was charged, overshoot included: the CPU time of the call is proportional to it
    // (bench/work-meter.bench.ts measures the seconds per million units).
    const charged = shared.lastCharged();
    assert.ok(work <= BUDGET, `${item.name}: ${work} work units`);
    assert.ok(charged >= work && charged <= BUDGET + OVERSHOOT, `${item.name}: ${charged} units charged`);
    return { record, work };
  });
  // Scored again in reverse order by the same scorer (warm caches) and by a fresh scorer per item:
  // identical records and identical work — a cache hit re-charges the work it saved.
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    const again = shared.scoreResponse(item.problemId, item.response);
    assert.deepEqual(again, first[i]!.record, `${item.name}: warm record differs`);
    assert.equal(shared.lastWork(), first[i]!.work, `${item.name}: warm work differs`);
  }
  for (const [i, item] of items.entries()) {
    if (i % 3 !== 0) continue;
    const fresh = createScorer(PATHOLOGICAL_PROBLEMS, { workBudget: BUDGET });
    assert.deepEqual(fresh.scoreResponse(item.problemId, item.response), first[i]!.record, item.name);
    assert.equal(fresh.lastWork(), first[i]!.work, `${item.name}: fresh work differs`);
  }
  const exhausted = first.filter((r) =>
    r.record.diagnostics.some((d) => d.code === 'response-budget-exhausted'),
  );
  assert.ok(exhausted.length >= 4, `only ${exhausted.length} responses hit the budget`);
});

test('floods of formulas: what is charged, and what is prepared, is bounded by the budget', () => {
  const floods = pathologicalCorpus(1).filter((i) => /flood|many-formulas|two-megabytes#/.test(i.name));
  assert.ok(floods.length >= 6);
  for (const budget of [1_000, 100_000, 1_000_000]) {
    for (const item of floods) {
      const scorer = createScorer(PATHOLOGICAL_PROBLEMS, { workBudget: budget });
      const record = scorer.scoreResponse(item.problemId, item.response);
      const charged = scorer.lastCharged();
      assert.ok(charged <= budget + OVERSHOOT, `${item.name} at ${budget}: ${charged} units charged`);
      // Each formula prepared is charged at least its fixed cost before it is prepared: past the
      // budget none is (the derivative flood prepared all 2,000 under a budget of 1,000 before).
      const prepared = scorer.answerCacheStats().misses;
      assert.ok(prepared <= Math.ceil(budget / 2_000) + 1, `${item.name} at ${budget}: ${prepared} prepared`);
      assert.ok(
        record.diagnostics.some((d) => d.code === 'response-budget-exhausted'),
        `${item.name} at ${budget}: the budget should be spent`,
      );
    }
  }
});

test('a response within budget scores as without one; a spent budget leaves pairs unmatched', () => {
  const answer = '$$a = \\frac{v}{t}$$ so $$F = \\frac{m v}{t}$$';
  const plain = createScorer(PATHOLOGICAL_PROBLEMS).scoreResponse('cart', answer);
  assert.deepEqual(plain.matched, [2, 3]);
  const tiny = createScorer(PATHOLOGICAL_PROBLEMS, { workBudget: 5 });
  const cut = tiny.scoreResponse('cart', answer);
  assert.deepEqual(cut.matched, []);
  assert.ok(cut.diagnostics.some((d) => d.code === 'response-budget-exhausted'));
  // The per-call budget overrides the scorer's.
  assert.deepEqual(tiny.scoreResponse('cart', answer, { workBudget: 1_000_000 }).matched, [2, 3]);
});

test('quadrature and series stop when the meter is spent', () => {
  // A slowly decaying oscillation: the quadrature needs far more than 1,000 units.
  const run = metered(1_000, () => integrate((x) => Math.sin(x) / (1 + x), 0, Number.POSITIVE_INFINITY));
  assert.equal(run.value.ok, false);
  assert.ok(run.capped && run.work <= 1_000);
  const sum = metered(500, () => sumSeries('sum', (n) => 1 / (n * n), 1, 1e6));
  assert.ok(Number.isNaN(sum.value) && sum.capped);
  // Within budget: the same value as unmetered.
  const ok = metered(1e6, () => sumSeries('sum', (n) => 1 / (n * n), 1, 1000));
  assert.equal(
    ok.value,
    sumSeries('sum', (n) => 1 / (n * n), 1, 1000),
  );
  assert.equal(workExhausted(), false);
});

test('an inner budget never exceeds what the outer one has left (cut, not capped)', () => {
  const outer = metered(100, () => {
    const inner = metered(1_000, () => integrate((x) => Math.sin(1 / x), 1e-9, 1));
    return inner;
  });
  assert.ok(outer.value.cut && !outer.value.capped);
  assert.ok(outer.cut || outer.capped);
});

test('integrals and sums nested deeper than three levels are nesting-too-deep', () => {
  const tree = parseLatex('\\int_0^1\\int_0^1\\int_0^1\\int_0^1 x y z u \\,dx\\,dy\\,dz\\,du');
  assert.ok(tree.ok);
  const compiled = compile(tree.tree, []);
  assert.ok(compiled.diagnostics.some((d) => d.code === 'nesting-too-deep'));
  const three = parseLatex('\\int_0^1\\int_0^1\\int_0^1 x y z \\,dx\\,dy\\,dz');
  assert.ok(three.ok);
  const value = compile(three.tree, []).fn(new Float64Array(0));
  assert.ok(Math.abs(value - 0.125) < 1e-9, String(value));
});

test('LRU cache: bounded by entries and bytes, evicts the least recently used', () => {
  const lru = new LruCache<number>({ maxEntries: 3, maxBytes: 1_000, sizeOf: () => 300 });
  lru.set('a', 1);
  lru.set('b', 2);
  lru.set('c', 3);
  assert.equal(lru.get('a'), 1);
  lru.set('d', 4);
  assert.equal(lru.size, 3);
  assert.equal(lru.get('b'), undefined);
  assert.equal(lru.get('a'), 1);
  assert.equal(lru.evictions, 1);
  assert.ok(lru.bytes <= 1_000);
});
