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
 * The oldest entry is found with one iterator kept across evictions ({@link oldestEntry}), not a new
 * iterator each time: a `Map` keeps a deleted entry as a hole until it is next rehashed, and a new
 * iterator walks every hole before the first live entry, so evicting from the old end of a full
 * cache cost time in proportion to its size (~170 µs an eviction at 200,000 entries, ~14 µs at
 * 1,000; `npm run bench -- lru-cache`).
 */
export class LruCache<V> {
  // Values are stored bare (no wrapper object per entry): an entry's size is computed again by
  // `sizeOf` when it leaves, which must therefore depend only on the key and the value.
  private readonly map = new Map<string, V>();
  private total = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (key: string, value: V) => number;
  private oldest: IterableIterator<[string, V]> | undefined;
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
      const first = this.oldestEntry();
      if (first.done === true) break;
      const [oldest, stale] = first.value;
      this.total -= this.sizeOf(oldest, stale);
      this.map.delete(oldest);
      this.evictions++;
    }
  }

  /**
   * The least recently used entry. A `Map` iterator visits entries in insertion order, skips the
   * ones deleted since it was made and reaches the ones added later: every entry it has passed was
   * evicted here (or deleted and set again at the young end), so its next entry is the oldest held,
   * as a new iterator's first would be, without walking the holes a new one starts from.
   */
  private oldestEntry(): IteratorResult<[string, V]> {
    let next = this.oldest?.next();
    if (next === undefined || next.done === true) {
      this.oldest = this.map.entries();
      next = this.oldest.next();
    }
    return next;
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
