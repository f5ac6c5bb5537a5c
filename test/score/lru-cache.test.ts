import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flatString } from '../../src/core/flat-string.js';
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
