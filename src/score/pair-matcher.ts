import { flatString } from '../core/flat-string.js';
import type { Verdict } from '../core/tree.js';
import { compareWithConstants } from '../equivalence/constants-fallback.js';
import { compareFormulas, effectiveVariables, identitiesAgree, VALUE_SYMBOL } from '../equivalence/index.js';
import { createReferenceSolutions } from '../equivalence/reference-solutions.js';
import type { EquivalenceOptions, PreparedFormula } from '../equivalence/types.js';
import { charge, chargeRecorded, metered, workExhausted } from '../numeric/work-meter.js';
import { LruCache } from './lru-cache.js';

/** Counters of a {@link PairMatcher}, for benchmarks and progress reports. */
export interface MatchStats {
  pairs: number;
  identical: number;
  cheapRejects: number;
  /** Pairs of two identities (see `effectiveVariables`), equivalent without Algorithm 1. */
  identities: number;
  cacheHits: number;
  comparisons: number;
  /** Pairs left `undetermined` because the enclosing (response) work budget was spent. */
  cut: number;
  /** Pair-cache entries evicted (least recently used). */
  evictions: number;
}

/** Decides answer-formula × node-formula pairs, with a cheap path and a pair cache. */
export interface PairMatcher {
  match(answer: PreparedFormula, node: PreparedFormula): Verdict;
  /** As {@link match} without the CODATA constants retry: the cheap path, the cache, Algorithm 1. */
  decide(answer: PreparedFormula, node: PreparedFormula): Verdict;
  /**
   * Computes (or recalls) a reference formula's fingerprint for the cheap path and charges its
   * recorded work to the active work meter. A scorer primes every node at creation.
   */
  prime(formula: PreparedFormula): void;
  /**
   * Starts a response: an answer formula's fingerprint is computed only when a pair needs it, and
   * charged (computed or recalled) on its first use in each response, so a response's work never
   * depends on what was scored before it.
   */
  beginResponse(): void;
  readonly stats: MatchStats;
}

/** Options of {@link createPairMatcher}. */
export interface PairMatcherOptions {
  readonly equivalence?: EquivalenceOptions;
  /** Identity and effective-variable shortcuts. Default true. */
  readonly cheapPath?: boolean;
  /** Cache verdicts by the canonical texts of both formulas. Default true. */
  readonly cache?: boolean;
  /** Most pairs cached (least recently used evicted first). Default 200 000. */
  readonly maxCacheEntries?: number;
  /** Most estimated bytes of the pair cache. Default 64 MB. */
  readonly maxCacheBytes?: number;
}

/** Work units one effective-variable fingerprint may spend (it is memoized independently of callers). */
export const FINGERPRINT_WORK_CAP = 400_000;

interface Fingerprint {
  /** Kind and effective variables, with and without differentials; null when undetermined. */
  readonly all: string | null;
  readonly noDifferentials: string | null;
  /** The effective variables without differentials (null when undetermined). */
  readonly effective: readonly string[] | null;
  readonly work: number;
}

interface CachedVerdict {
  readonly verdict: Verdict;
  readonly work: number;
}

const VERDICTS: readonly Verdict[] = ['equivalent', 'different', 'undetermined'];

/**
 * A cached verdict as one number, `4 × work + verdict` (a small integer V8 stores unboxed: no object
 * per entry); work that is not a safe integer keeps the object form.
 */
type PackedVerdict = number | CachedVerdict;

function pack(verdict: Verdict, work: number): PackedVerdict {
  const packed = 4 * work + VERDICTS.indexOf(verdict);
  return Number.isSafeInteger(packed) && work >= 0 ? packed : { verdict, work };
}

function unpack(value: PackedVerdict): CachedVerdict {
  if (typeof value !== 'number') return value;
  return { verdict: VERDICTS[value & 3] as Verdict, work: Math.floor(value / 4) };
}

/**
 * Estimated bytes of a pair-cache entry: the key (V8 stores Latin-1 text, which canonical texts
 * almost always are, at one byte a character) and ~64 bytes of map slot, string header and value;
 * measured at ~120 bytes an entry for ~60-character keys (`bench/fresh.bench.ts`, memory).
 */
const pairEntryBytes = (key: string): number => key.length + 64;

/**
 * A pair matcher. Cheap path: equal canonical texts are `equivalent`; equations whose effective
 * variables differ (see `effectiveVariables`: the variables that change the solution set, so a
 * variable that cancels does not count) are `different` — equivalent formulas have the same ones;
 * two identities (no effective variable at all) are decided as Algorithm 1 would decide them
 * (`identitiesAgree` in physical mode). Other pairs go to `compareFormulas`; verdicts are cached (LRU) by `mode` and both canonical texts
 * (constants are already substituted into them) with the work they cost, which a hit charges again.
 * Every pair charges one unit per 64 characters of canonical text. A pair cut short by the
 * enclosing work budget is `undetermined` and not cached.
 */
export function createPairMatcher(options: PairMatcherOptions = {}): PairMatcher {
  const cheap = options.cheapPath ?? true;
  const useCache = options.cache ?? true;
  const mode = options.equivalence?.mode ?? 'physical';
  const cache = new LruCache<PackedVerdict>({
    maxEntries: options.maxCacheEntries ?? 200_000,
    maxBytes: options.maxCacheBytes ?? 64 * 1024 * 1024,
    sizeOf: pairEntryBytes,
  });
  const fingerprints = new WeakMap<PreparedFormula, Fingerprint>();
  // Algorithm 1 against a node: draws seeded by the node, its solutions kept across answer formulas.
  const againstNode: EquivalenceOptions = {
    ...options.equivalence,
    referenceSolutions: createReferenceSolutions(),
  };
  // Kind and effective variables; null when undetermined.
  const compute = (p: PreparedFormula): Fingerprint => {
    const run = metered(FINGERPRINT_WORK_CAP, () => effectiveVariables(p, mode), true);
    const effective = run.value?.filter((v) => v !== VALUE_SYMBOL);
    if (effective === undefined) return { all: null, noDifferentials: null, effective: null, work: run.work };
    const noDifferentials = effective.filter((v) => !v.startsWith('d{'));
    return {
      all: `${p.kind}|${effective.join(',')}`,
      noDifferentials: `${p.kind}|${noDifferentials.join(',')}`,
      effective: noDifferentials,
      work: run.work,
    };
  };
  // Reference formulas (primed nodes) are the scorer's own; every other formula's fingerprint is
  // charged to the response on its first use in it — computed (and charged) or recalled (and its
  // recorded work charged again) — so a response's work never depends on what was scored before.
  const references = new WeakSet<PreparedFormula>();
  let usedInResponse = new WeakSet<PreparedFormula>();
  const lookup = (p: PreparedFormula): Fingerprint => {
    let f = fingerprints.get(p);
    if (f === undefined) fingerprints.set(p, (f = compute(p)));
    else if (!references.has(p) && !usedInResponse.has(p)) chargeRecorded(f.work);
    usedInResponse.add(p);
    return f;
  };
  // With a derivative operator on either side, differentials are left out (the checker pins those
  // the other side never differentiates).
  const fingerprint = (p: PreparedFormula, derivatives: boolean): string | null => {
    const f = lookup(p);
    return derivatives ? f.noDifferentials : f.all;
  };
  const stats: MatchStats = {
    pairs: 0,
    identical: 0,
    cheapRejects: 0,
    identities: 0,
    cacheHits: 0,
    comparisons: 0,
    cut: 0,
    evictions: 0,
  };
  const prime = (p: PreparedFormula): void => {
    if (!cheap || !p.ok) return;
    references.add(p);
    const f = fingerprints.get(p);
    if (f === undefined) fingerprints.set(p, compute(p));
    else chargeRecorded(f.work);
  };
  const beginResponse = (): void => {
    usedInResponse = new WeakSet();
  };
  const decide = (answer: PreparedFormula, node: PreparedFormula): Verdict => {
    stats.pairs++;
    if (!answer.ok || !node.ok) return 'different';
    if (!charge(1 + ((answer.canonical.length + node.canonical.length) >> 6))) {
      stats.cut++;
      return 'undetermined';
    }
    if (cheap) {
      if (answer.canonical === node.canonical) {
        stats.identical++;
        return 'equivalent';
      }
      // An equation cannot be equivalent to a node equation that depends on a variable it never
      // writes: decided from the node's fingerprint alone, before the answer's is computed.
      if (answer.kind === 'equation' && lacksNodeVariable(answer, lookup(node))) {
        stats.cheapRejects++;
        return 'different';
      }
      const derivatives = answer.derivativeVariables.length > 0 || node.derivativeVariables.length > 0;
      const fa = fingerprint(answer, derivatives);
      const fn = fa === null ? null : fingerprint(node, derivatives);
      if (fa !== null && fn !== null && fa !== fn) {
        stats.cheapRejects++;
        return 'different';
      }
      // Two identities (no variable changes either solution set, which is "all" for every target):
      // decided without Algorithm 1's quadrature scans, as it would decide them (identities.ts).
      if (fa !== null && fa === fn && answer.kind === 'equation' && lookup(answer).effective?.length === 0) {
        stats.identities++;
        return mode === 'strict' || identitiesAgree(answer, node) ? 'equivalent' : 'different';
      }
    }
    // The precision a value is written to is not in its canonical text (`30` and `30.0\,\mathrm{cm}`
    // read alike) but decides the comparison: it is part of the key.
    const key = `${mode}\u0000${answer.precision}\u0000${answer.canonical}\u0001${node.precision}\u0000${node.canonical}`;
    if (useCache) {
      const packed = cache.get(key);
      if (packed !== undefined) {
        const hit = unpack(packed);
        if (!chargeRecorded(hit.work)) {
          stats.cut++;
          return 'undetermined';
        }
        stats.cacheHits++;
        return hit.verdict;
      }
    }
    if (workExhausted()) {
      stats.cut++;
      return 'undetermined';
    }
    stats.comparisons++;
    const run = metered(Number.POSITIVE_INFINITY, () => compareFormulas(answer, node, againstNode));
    if (run.cut) {
      stats.cut++;
      return 'undetermined';
    }
    const verdict = run.value.verdict;
    if (useCache) {
      // Flattened before it is kept: the key as concatenated holds every piece of both canonical texts.
      cache.set(flatString(key), pack(verdict, run.work));
      stats.evictions = cache.evictions;
    }
    return verdict;
  };
  // Hook (issue 9): a value with a unit against a formula naming c, ħ, e, m_e … is retried with
  // CODATA values (constants-fallback.ts); cheap unless one side is such a value.
  const match = (answer: PreparedFormula, node: PreparedFormula): Verdict => {
    const verdict = decide(answer, node);
    if (verdict === 'equivalent' || !answer.ok || !node.ok || workExhausted()) return verdict;
    return compareWithConstants(answer, node, options.equivalence)?.verdict ?? verdict;
  };
  return { match, decide, prime, beginResponse, stats };
}

/**
 * The node is an equation whose effective variables (differentials aside, which a derivative
 * operator may introduce on either side) include one the answer does not contain.
 */
function lacksNodeVariable(answer: PreparedFormula, node: Fingerprint): boolean {
  if (node.effective === null || node.all === null) return false;
  if (!node.all.startsWith('equation|')) return false;
  const written = answer.variables;
  return node.effective.some((v) => !written.includes(v));
}
