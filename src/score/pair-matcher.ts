import type { Verdict } from '../core/tree.js';
import { compareFormulas } from '../equivalence/index.js';
import type { EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';

/** Counters of a {@link PairMatcher}, for benchmarks and progress reports. */
export interface MatchStats {
  pairs: number;
  identical: number;
  cheapRejects: number;
  cacheHits: number;
  comparisons: number;
}

/** Decides answer-formula × node-formula pairs, with a cheap path and a pair cache. */
export interface PairMatcher {
  match(answer: PreparedFormula, node: PreparedFormula): Verdict;
  readonly stats: MatchStats;
}

/** Options of {@link createPairMatcher}. */
export interface PairMatcherOptions {
  readonly equivalence?: EquivalenceOptions;
  /** Identity and variable-set fingerprint shortcuts. Default true. */
  readonly cheapPath?: boolean;
  /** Cache verdicts by the canonical texts of both formulas. Default true. */
  readonly cache?: boolean;
  /** The cache is cleared when it grows past this many pairs. Default 200 000. */
  readonly maxCacheEntries?: number;
}

/**
 * A pair matcher. Cheap path: equal canonical texts are `equivalent`; different kinds (equation vs
 * inequality) or different free-variable sets are `different` — Algorithm 1 rejects such a pair as
 * soon as a trial targets a variable only one side has (that side's solution set is then all or
 * nothing), so the shortcut agrees with it except for variables that cancel out of a formula. Other
 * pairs go to `compareFormulas`; verdicts are cached by `mode` and both canonical texts (constants
 * are already substituted into them).
 */
export function createPairMatcher(options: PairMatcherOptions = {}): PairMatcher {
  const cheap = options.cheapPath ?? true;
  const useCache = options.cache ?? true;
  const maxEntries = options.maxCacheEntries ?? 200_000;
  const mode = options.equivalence?.mode ?? 'physical';
  const cache = new Map<string, Verdict>();
  const fingerprints = new WeakMap<PreparedFormula, string>();
  const fingerprint = (p: PreparedFormula): string => {
    let f = fingerprints.get(p);
    if (f === undefined) {
      f = `${p.kind}|${p.variables.join(',')}`;
      fingerprints.set(p, f);
    }
    return f;
  };
  const stats: MatchStats = { pairs: 0, identical: 0, cheapRejects: 0, cacheHits: 0, comparisons: 0 };
  const match = (answer: PreparedFormula, node: PreparedFormula): Verdict => {
    stats.pairs++;
    if (!answer.ok || !node.ok) return 'different';
    if (cheap) {
      if (answer.canonical === node.canonical) {
        stats.identical++;
        return 'equivalent';
      }
      if (fingerprint(answer) !== fingerprint(node)) {
        stats.cheapRejects++;
        return 'different';
      }
    }
    const key = `${mode}\u0000${answer.canonical}\u0001${node.canonical}`;
    if (useCache) {
      const hit = cache.get(key);
      if (hit !== undefined) {
        stats.cacheHits++;
        return hit;
      }
    }
    stats.comparisons++;
    const verdict = compareFormulas(answer, node, options.equivalence).verdict;
    if (useCache) {
      if (cache.size >= maxEntries) cache.clear();
      cache.set(key, verdict);
    }
    return verdict;
  };
  return { match, stats };
}
