import { MapOldest } from '../core/map-oldest.js';

/** Options of {@link LruCache}. */
export interface LruOptions<V> {
  /** Most entries kept. */
  readonly maxEntries: number;
  /** Most estimated bytes kept (keys and values by `sizeOf`). Default unbounded. */
  readonly maxBytes?: number;
  /**
   * Estimated bytes of one entry, a function of its key and value only (called when the entry
   * enters and when it leaves). Default: 2 bytes per key character plus 64.
   */
  readonly sizeOf?: (key: string, value: V) => number;
}

/**
 * A least-recently-used cache bounded by entries and by estimated bytes: a hit moves the entry to
 * the young end, an insertion past either bound evicts from the old end (one entry at a time, so
 * the cache never empties wholesale). Backed by a `Map`'s insertion order.
 *
 * The oldest entry is found with one iterator kept across evictions ({@link MapOldest}), not a new
 * iterator each time, which walked every hole a full cache's `Map` kept.
 */
export class LruCache<V> {
  // Values are stored bare (no wrapper object per entry): an entry's size is computed again by
  // `sizeOf` when it leaves, which must therefore depend only on the key and the value.
  private readonly map = new Map<string, V>();
  private total = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (key: string, value: V) => number;
  private readonly oldest = new MapOldest(this.map);
  /** Entries evicted so far. */
  evictions = 0;

  constructor(options: LruOptions<V>) {
    this.maxEntries = Math.max(1, options.maxEntries);
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? ((key) => 2 * key.length + 64);
  }

  /** The value for `key` (and marks it recently used), or undefined. */
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Stores `value` under `key`, evicting the least recently used entries past the bounds. */
  set(key: string, value: V): void {
    const old = this.map.get(key);
    if (old !== undefined) {
      this.total -= this.sizeOf(key, old);
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.total += this.sizeOf(key, value);
    while (this.map.size > 1 && (this.map.size > this.maxEntries || this.total > this.maxBytes)) {
      const first = this.oldest.next();
      if (first.done === true) break;
      const [oldest, stale] = first.value;
      this.total -= this.sizeOf(oldest, stale);
      this.map.delete(oldest);
      this.evictions++;
    }
  }

  /** Entries held. */
  get size(): number {
    return this.map.size;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.total;
  }
}
