/**
 * The oldest entry of a `Map` whose insertion order is its age (a cache's old end), found with one
 * iterator kept across calls. A `Map` keeps a deleted entry as a hole until it is next rehashed, and
 * a new iterator walks every hole before the first live entry, so taking `map.entries().next()` at
 * each eviction of a full cache cost time in proportion to its size (~170 µs an eviction at 200,000
 * entries; `npm run bench -- lru-cache`). A kept iterator skips the entries deleted since it was made
 * and reaches the ones added later: provided every entry it returned has since been deleted (evicted,
 * or deleted and set again at the young end), its next entry is the oldest held, as a new
 * iterator's first would be.
 */
export class MapOldest<K, V> {
  private iterator: IterableIterator<[K, V]> | undefined;

  constructor(private readonly map: Map<K, V>) {}

  /** The oldest entry held; `done` when the map is empty. */
  next(): IteratorResult<[K, V]> {
    let next = this.iterator?.next();
    if (next === undefined || next.done === true) {
      this.iterator = this.map.entries();
      next = this.iterator.next();
    }
    return next;
  }

  /** Forgets the kept iterator (after the map is cleared). */
  reset(): void {
    this.iterator = undefined;
  }
}
