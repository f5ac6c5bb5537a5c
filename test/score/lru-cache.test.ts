import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flatString } from '../../src/core/flat-string.js';
import { createPrng } from '../../src/core/prng.js';
import { LruCache } from '../../src/score/lru-cache.js';

test('LRU cache: byte bound by each entry size, recomputed when it leaves or is replaced', () => {
  const lru = new LruCache<string>({ maxEntries: 100, maxBytes: 100, sizeOf: (k, v) => k.length + v.length });
  lru.set('a', 'x'.repeat(39)); // 40
  lru.set('b', 'x'.repeat(39)); // 80
  assert.equal(lru.bytes, 80);
  lru.set('a', 'x'.repeat(9)); // replaced: 10 + 40 = 50, and 'a' is now the youngest
  assert.equal(lru.bytes, 50);
  lru.set('c', 'x'.repeat(59)); // 110 > 100: evicts the oldest, 'b'
  assert.equal(lru.get('b'), undefined);
  assert.equal(lru.get('a'), 'x'.repeat(9));
  assert.equal(lru.bytes, 70);
  assert.equal(lru.evictions, 1);
  assert.equal(lru.size, 2);
});

test('LRU cache: a single entry over the byte bound is kept (the cache never empties wholesale)', () => {
  const lru = new LruCache<number>({ maxEntries: 10, maxBytes: 10, sizeOf: () => 50 });
  lru.set('a', 1);
  assert.equal(lru.get('a'), 1);
  lru.set('b', 2);
  assert.equal(lru.get('a'), undefined);
  assert.equal(lru.get('b'), 2);
  assert.equal(lru.bytes, 50);
});

test('flatString: the same characters, usable as the same map key', () => {
  const piece = 'q_{1} = \\frac{k}{r^2}';
  const key = `physical\u0000${0.01}\u0000${piece}\u0001${0}\u0000${piece}`;
  const flat = flatString(key);
  assert.equal(flat, key);
  const map = new Map([[flat, 1]]);
  assert.equal(map.get(`physical\u0000${0.01}\u0000${piece}\u0001${0}\u0000${piece}`), 1);
  assert.equal(flatString(''), '');
});

/**
 * A reference LRU: keys in an array, oldest first, every operation a linear scan. The cache must
 * hold the same entries in the same order after any sequence of gets, sets and replacements, under
 * both bounds (its evictions find the oldest entry with an iterator kept across calls).
 */
function modelRun(seed: string, maxEntries: number, maxBytes: number, ops: number): void {
  const prng = createPrng(seed);
  const sizeOf = (k: string, v: number) => k.length + (v % 7);
  const lru = new LruCache<number>({ maxEntries, maxBytes, sizeOf });
  const order: string[] = [];
  const values = new Map<string, number>();
  let evictions = 0;
  for (let i = 0; i < ops; i++) {
    const key = `k${prng.int(maxEntries * 3)}`;
    if (prng.next() < 0.5) {
      const want = values.get(key);
      if (want !== undefined) order.push(...order.splice(order.indexOf(key), 1));
      assert.equal(lru.get(key), want, `op ${i}: get ${key}`);
      continue;
    }
    lru.set(key, i);
    if (values.has(key)) order.splice(order.indexOf(key), 1);
    order.push(key);
    values.set(key, i);
    const bytes = () => order.reduce((s, k) => s + sizeOf(k, values.get(k)!), 0);
    while (order.length > 1 && (order.length > maxEntries || bytes() > maxBytes)) {
      values.delete(order.shift()!);
      evictions++;
    }
    assert.equal(lru.size, order.length, `op ${i}: size`);
  }
  assert.equal(lru.evictions, evictions);
  assert.equal(
    lru.bytes,
    order.reduce((s, k) => s + sizeOf(k, values.get(k)!), 0),
  );
  // Reading every key in the model's order leaves the same order in both.
  for (const key of order) assert.equal(lru.get(key), values.get(key));
}

test('LRU cache: the same entries, order and evictions as a reference LRU, over random operations', () => {
  modelRun('lru-a', 5, Number.POSITIVE_INFINITY, 4_000);
  modelRun('lru-b', 40, Number.POSITIVE_INFINITY, 20_000);
  modelRun('lru-c', 1_000, 60, 6_000);
  modelRun('lru-d', 1, Number.POSITIVE_INFINITY, 500);
});

test('LRU cache: evicting from a full cache does not walk the holes of earlier evictions', () => {
  // With a new iterator per eviction, V8 skips every deleted entry before the oldest live one, so a
  // full cache's evictions slowed down with its size (~100× from 100 to 50,000 entries). Here the
  // same number of evictions at 100 and at 50,000 entries must cost about the same: timed, the best
  // of three runs each, with a bound (30×) generous enough for a loaded machine.
  const rate = (size: number): number => {
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 3; r++) {
      const lru = new LruCache<number>({ maxEntries: size });
      for (let i = 0; i < size; i++) lru.set(`a${i}`, i);
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < 20_000; i++) lru.set(`b${r}-${i}`, i);
      best = Math.min(best, Number(process.hrtime.bigint() - t0));
    }
    return best;
  };
  rate(1_000); // warm-up
  const small = rate(100);
  const large = rate(50_000);
  assert.ok(large < 30 * small, `50,000 entries: ${large} ns for 20,000 evictions; 100 entries: ${small} ns`);
});
