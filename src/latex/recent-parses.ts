import { MapOldest } from '../core/map-oldest.js';
import type { ParseResult } from '../core/tree.js';

/** Bounds of {@link RecentParses}. */
export interface RecentParsesOptions {
  /** Most results kept. */
  readonly maxEntries: number;
  /** Most source characters kept over all entries (trees cost 30–50 bytes a character). */
  readonly maxChars: number;
  /** Longest source that is kept at all. */
  readonly maxSourceLength: number;
}

/**
 * The most recent parse results, keyed by their exact source text, least recently used evicted
 * first. A scorer parses each math row of an answer to split it into formulas and then prepares
 * each formula, which parses it again: when a row holds one formula both texts are the same, and
 * the second parse is a lookup. Results are immutable, so a hit returns the very same object.
 */
export class RecentParses {
  private readonly map = new Map<string, ParseResult | (() => ParseResult)>();
  private chars = 0;
  /** The oldest entry, found with one iterator kept across evictions. */
  private readonly oldest = new MapOldest(this.map);

  constructor(readonly options: RecentParsesOptions) {}

  /** The result stored for `key` (marked as recently used), or undefined. */
  get(key: string): ParseResult | undefined {
    const held = this.map.get(key);
    if (held === undefined) return undefined;
    this.map.delete(key);
    const hit = typeof held === 'function' ? held() : held;
    this.map.set(key, hit);
    return hit;
  }

  /** Whether a result is stored for `key` (its recency unchanged). */
  has(key: string): boolean {
    return this.map.has(key);
  }

  /** The sources held, least recently used first. */
  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  /**
   * Stores a result computed when first asked for (`make` runs at most once, on the first
   * {@link get}): for parts a parse was already made for, most of which are never asked for.
   */
  setLazy(key: string, make: () => ParseResult): void {
    this.set(key, make);
  }

  /** Stores a result; evicts the oldest entries past the bounds. Over-long sources are not kept. */
  set(key: string, result: ParseResult | (() => ParseResult)): void {
    if (key.length > this.options.maxSourceLength) return;
    if (this.map.delete(key)) this.chars -= key.length;
    this.map.set(key, result);
    this.chars += key.length;
    while (this.map.size > this.options.maxEntries || this.chars > this.options.maxChars) {
      const oldest = this.oldest.next();
      if (oldest.done === true) break;
      const [key] = oldest.value;
      this.map.delete(key);
      this.chars -= key.length;
    }
  }

  /** Entries held. */
  get size(): number {
    return this.map.size;
  }

  /** Source characters held. */
  get heldChars(): number {
    return this.chars;
  }

  /** Forgets every entry. */
  clear(): void {
    this.map.clear();
    this.chars = 0;
    this.oldest.reset();
  }
}
