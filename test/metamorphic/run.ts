import { performance } from 'node:perf_hooks';
import type { Verdict } from '../../src/core/tree.js';
import { checkEquivalence } from '../../src/equivalence/index.js';
import { type Discards, generatePairs, isMutation, type Pair } from './generate.js';
import { oracleVerdicts } from './oracle.js';
import type { SourceFormula } from './sources.js';

/** Options of one metamorphic batch. */
export interface MetamorphicOptions {
  readonly seed: string;
  readonly pairs: number;
  readonly kinds?: readonly string[];
  /** The checker's work budget per pair, in function evaluations. */
  readonly evalBudget?: number;
  /** Also send tree rewrites to the oracle (a check of the generator itself). Default true. */
  readonly oracleRewrites?: boolean;
}

/** The tally of one kind. */
export interface KindTally {
  n: number;
  equivalent: number;
  different: number;
  undetermined: number;
  /** Verdicts equal to the expected one, over n. */
  accuracy: number;
  /** Discarded before the checker, by reason. */
  discarded: Record<string, number>;
}

/** A pair the checker got wrong, with its verdict. */
export interface Failure extends Pair {
  readonly verdict: Verdict;
  readonly ms: number;
}

/** The outcome of a batch. */
export interface MetamorphicReport {
  readonly seed: string;
  readonly sources: number;
  /** Sources drawn and parsed, and how many of them were single equations. */
  readonly parsed: number;
  readonly equations: number;
  readonly generated: number;
  readonly checked: number;
  readonly kinds: Record<string, KindTally>;
  readonly failures: Failure[];
  /** Rewrites the oracle called different (the generator's own errors, or the oracle's): not checked. */
  readonly oracleDisagreements: Pair[];
  readonly oracle: 'python3' | 'unavailable';
  readonly ms: { readonly generate: number; readonly oracle: number; readonly check: number };
}

/** Generates, filters through the oracle and checks one seeded batch of pairs. */
export function runMetamorphic(
  sources: readonly SourceFormula[],
  options: MetamorphicOptions,
): MetamorphicReport {
  const t0 = performance.now();
  const { pairs, discards, equations, parsed } = generatePairs(sources, options);
  const t1 = performance.now();
  // Rewrites are correct by construction; the oracle checks them too unless told not to (speed).
  const verdicts = oracleVerdicts(
    options.oracleRewrites === false ? pairs.filter((p) => isMutation(p.kind)) : pairs,
  );
  const t2 = performance.now();
  const kinds: Record<string, KindTally> = {};
  const tally = (kind: string): KindTally =>
    (kinds[kind] ??= { n: 0, equivalent: 0, different: 0, undetermined: 0, accuracy: 0, discarded: {} });
  const examples: Pair[] = [];
  const drop = (d: Discards, kind: string, why: string, p?: Pair): void => {
    const k = (d[kind] ??= {});
    k[why] = (k[why] ?? 0) + 1;
    if (p !== undefined && why === 'oracle-disagrees-with-rewrite') examples.push(p);
  };
  const kept: Pair[] = [];
  for (const p of pairs) {
    const v = p.trees === undefined ? undefined : verdicts?.get(p.id);
    if (isMutation(p.kind)) {
      // A mutation counts only when the oracle confirms it changed the solutions.
      if (v === undefined) drop(discards, p.kind, verdicts === undefined ? 'no-oracle' : 'oracle-unknown');
      else if (v === 'same') drop(discards, p.kind, 'oracle-identity');
      else if (v === 'unknown') drop(discards, p.kind, 'oracle-unknown');
      else kept.push(p);
    } else if (v === 'different') drop(discards, p.kind, 'oracle-disagrees-with-rewrite', p);
    else kept.push(p);
  }
  const failures: Failure[] = [];
  for (const p of kept) {
    const start = performance.now();
    const r = checkEquivalence(p.a, p.b, {
      ...(options.evalBudget === undefined ? {} : { evalBudget: options.evalBudget }),
      ...(p.constants === undefined ? {} : { constants: p.constants }),
    });
    const ms = performance.now() - start;
    const t = tally(p.kind);
    t.n++;
    t[r.verdict]++;
    if (r.verdict !== p.expected) failures.push({ ...p, verdict: r.verdict, ms });
  }
  const t3 = performance.now();
  for (const [kind, d] of Object.entries(discards)) tally(kind).discarded = d;
  for (const [kind, t] of Object.entries(kinds)) {
    const right = isMutation(kind) ? t.different : t.equivalent;
    t.accuracy = t.n === 0 ? Number.NaN : right / t.n;
  }
  return {
    seed: options.seed,
    sources: sources.length,
    parsed,
    equations,
    generated: pairs.length,
    checked: kept.length,
    kinds,
    failures,
    oracleDisagreements: examples,
    oracle: verdicts === undefined ? 'unavailable' : 'python3',
    ms: { generate: t1 - t0, oracle: t2 - t1, check: t3 - t2 },
  };
}
