/**
 * Evicting from a full LRU cache (`src/score/lru-cache.ts`: the scorer's pair cache, 200,000 entries
 * by default, and its answer-formula cache, which its byte bound keeps at a few thousand entries on
 * fresh answers; `src/latex/recent-parses.ts`, 512, evicts the same way). A `Map` keeps each
 * deleted entry as a hole until it is rehashed, and an iterator made for each eviction walks every
 * hole before the oldest live entry; the cache keeps one iterator across evictions instead. Baseline (same process): the same cache evicting with a new iterator each time,
 * as it did before. Prints µs per insertion into a full cache (one eviction each, one hit in between
 * as a scorer's lookups make) at each size, in CPU time (the machine is shared), and the ratio.
 * Run: node scripts/run-bench.mjs lru-cache
 */
import { LruCache } from '../src/score/lru-cache.js';

/** The cache as it was: a new iterator for each eviction. */
class NewIteratorLru {
  private readonly map = new Map<string, number>();
  constructor(private readonly maxEntries: number) {}
  get(key: string): number | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }
  set(key: string, value: number): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxEntries) {
      const first = this.map.keys().next();
      if (first.done === true) break;
      this.map.delete(first.value);
    }
  }
}

interface Cache {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
}

/** A pair-cache-like key (~60 characters), made once so that only the cache is timed. */
const keyOf = (i: number) =>
  `physical\u00001e-6\u0000v_{${i}} = \\frac{d}{t}\u0001u_{${i}} = \\frac{s}{\\tau}`;

function time(make: () => Cache, size: number, inserts: number): number {
  const cache = make();
  const keys = Array.from({ length: size + inserts }, (_, i) => keyOf(i));
  for (let i = 0; i < size; i++) cache.set(keys[i]!, i);
  const c0 = process.cpuUsage();
  for (let i = size; i < size + inserts; i++) {
    cache.set(keys[i]!, i);
    cache.get(keys[i - (i % 50)]!);
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / inserts;
}

// Warm-up: both caches compiled before anything is timed (the first size measured paid for it).
time(() => new NewIteratorLru(1_000), 1_000, 20_000);
time(() => new LruCache<number>({ maxEntries: 1_000 }), 1_000, 20_000);
for (const size of [512, 4_000, 20_000, 200_000]) {
  const inserts = Math.max(20_000, size);
  // Best of four, the two caches alternating (CPU time on a shared machine).
  let before = Number.POSITIVE_INFINITY;
  let after = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 4; r++) {
    before = Math.min(
      before,
      time(() => new NewIteratorLru(size), size, inserts),
    );
    after = Math.min(
      after,
      time(() => new LruCache<number>({ maxEntries: size }), size, inserts),
    );
  }
  console.log(
    `${String(size).padStart(7)} entries: ${after.toFixed(2).padStart(7)} CPU-µs an insertion (baseline, a new iterator per eviction: ${before.toFixed(2)} µs) → ${(before / after).toFixed(1)}×`,
  );
}
