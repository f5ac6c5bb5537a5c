import type { Verdict } from '../core/tree.js';
import { compareWithConstants } from '../equivalence/constants-fallback.js';
import { compareFormulas, effectiveVariables, VALUE_SYMBOL } from '../equivalence/index.js';
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
  /** Identity and effective-variable shortcuts. Default true. */
  readonly cheapPath?: boolean;
  /** Cache verdicts by the canonical texts of both formulas. Default true. */
  readonly cache?: boolean;
  /** The cache is cleared when it grows past this many pairs. Default 200 000. */
  readonly maxCacheEntries?: number;
}

/**
 * A pair matcher. Cheap path: equal canonical texts are `equivalent`; equations whose effective
 * variables differ (see `effectiveVariables`: the variables that change the solution set, so a
 * variable that cancels does not count) are `different` — equivalent formulas have the same ones.
 * Other pairs go to `compareFormulas`; verdicts are cached by `mode` and both canonical texts
 * (constants are already substituted into them).
 */
export function createPairMatcher(options: PairMatcherOptions = {}): PairMatcher {
  const cheap = options.cheapPath ?? true;
  const useCache = options.cache ?? true;
  const maxEntries = options.maxCacheEntries ?? 200_000;
  const mode = options.equivalence?.mode ?? 'physical';
  const cache = new Map<string, Verdict>();
  const fingerprints = new WeakMap<PreparedFormula, string | null>();
  // Kind and effective variables (differentials left out when a derivative operator is involved,
  // since the checker pins those the other side never differentiates); null when undetermined.
  const fingerprint = (p: PreparedFormula, derivatives: boolean): string | null => {
    const cached = derivatives ? undefined : fingerprints.get(p);
    if (cached !== undefined) return cached;
    const effective = effectiveVariables(p, mode);
    const f =
      effective === undefined
        ? null
        : `${p.kind}|${effective.filter((v) => v !== VALUE_SYMBOL && !(derivatives && v.startsWith('d{'))).join(',')}`;
    if (!derivatives) fingerprints.set(p, f);
    return f;
  };
  const stats: MatchStats = { pairs: 0, identical: 0, cheapRejects: 0, cacheHits: 0, comparisons: 0 };
  const decide = (answer: PreparedFormula, node: PreparedFormula): Verdict => {
    stats.pairs++;
    if (!answer.ok || !node.ok) return 'different';
    if (cheap) {
      if (answer.canonical === node.canonical) {
        stats.identical++;
        return 'equivalent';
      }
      const derivatives = answer.derivativeVariables.length > 0 || node.derivativeVariables.length > 0;
      const fa = fingerprint(answer, derivatives);
      const fn = fa === null ? null : fingerprint(node, derivatives);
      if (fa !== null && fn !== null && fa !== fn) {
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
  // Hook (issue 9): a value with a unit against a formula naming c, ħ, e, m_e … is retried with
  // CODATA values (constants-fallback.ts); cheap unless one side is such a value.
  const match = (answer: PreparedFormula, node: PreparedFormula): Verdict => {
    const verdict = decide(answer, node);
    if (verdict === 'equivalent' || !answer.ok || !node.ok) return verdict;
    return compareWithConstants(answer, node, options.equivalence)?.verdict ?? verdict;
  };
  return { match, stats };
}
