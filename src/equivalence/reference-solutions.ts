import { flatString } from '../core/flat-string.js';
import { hashString128 } from '../core/prng.js';
import type { SolveOptions } from '../numeric/index.js';
import { chargeRecorded, workExhausted, workRemaining, workUsed } from '../numeric/work-meter.js';
import type { Tolerance } from './solution-set.js';
import { type PreparedSolution, solvePrepared } from './solve-prepared.js';
import type { PreparedFormula } from './types.js';

/**
 * Solution sets of reference formulas (the DAG nodes a scorer compares every answer formula with),
 * kept across pairs. With node-seeded draws (see `compareFormulas`), trial t gives a node's
 * variables the same values whatever the answer formula, so the node is solved once per trial and
 * target instead of once per answer formula.
 */
export interface ReferenceSolutions {
  /**
   * {@link solvePrepared}, or its recorded result: a complete solve (not truncated, not cut by the
   * work meter) of the same formula, target, values of the formula's variables, tolerance and
   * solver settings, whose evaluations fit `evalBudget` and whose recorded work the meter can
   * afford (charged again). Results never depend on what the cache holds.
   */
  solve(
    formula: PreparedFormula,
    target: string,
    values: Readonly<Record<string, number>>,
    tol: Tolerance,
    evalBudget: number,
    solver: Omit<SolveOptions, 'evalBudget'>,
  ): PreparedSolution;
  /**
   * Trial draws of a reference formula, keyed by the seed `canonical␞tail` and each variable's name
   * (see {@link NamedDraws}), kept per formula and tail: a pair finds them without building and
   * hashing the seed (the node's whole canonical text) again.
   */
  draws(formula: PreparedFormula, tail: string): NamedDraws;
  /** Solves looked up (`hits`, `misses`) and solves of cheap targets run without a lookup (`direct`). */
  readonly stats: { hits: number; misses: number; direct: number };
}

/**
 * Draws keyed by a seed and a variable's name: `uniform(v, t)` is the value in [0, 1) of variable v
 * at trial t, the same whatever other variables are drawn beside it; `rank(v)` orders targets.
 */
export interface NamedDraws {
  rank(v: string): number;
  uniform(v: string, t: number): number;
}

interface Entry {
  readonly solution: PreparedSolution;
  readonly work: number;
}

/** Entries kept per reference formula (oldest dropped first): 40 trials × 3 phases × a few targets. */
const DEFAULT_PER_FORMULA = 512;

/**
 * A solve of fewer evaluations than this (the isolating and polynomial paths: a few evaluations)
 * costs less than building its key: a target whose first solve was that cheap is not looked up.
 */
const CHEAP_EVALS = 48;

/** Variable names whose hashes one seed's draws keep (all dropped past it). */
const MAX_WORDS = 1024;

/** Seeds whose draws are kept (all dropped past it). */
const MAX_SEEDS = 4096;

/** A cache of reference solutions, bounded per formula; formulas are held weakly. */
export function createReferenceSolutions(perFormula = DEFAULT_PER_FORMULA): ReferenceSolutions {
  const byFormula = new WeakMap<PreparedFormula, Map<string, Entry>>();
  const cheapTargets = new WeakMap<PreparedFormula, Set<string>>();
  const seeds = new Map<string, NamedDraws>();
  const byReference = new WeakMap<PreparedFormula, Map<string, NamedDraws>>();
  const stats = { hits: 0, misses: 0, direct: 0 };
  const solve: ReferenceSolutions['solve'] = (formula, target, values, tol, evalBudget, solver) => {
    const cheap = cheapTargets.get(formula);
    if (cheap?.has(target)) {
      stats.direct++;
      return solvePrepared(formula, target, values, tol, evalBudget, solver);
    }
    let key = `${target}\u0001${tol.relTol}\u0001${tol.absTol}\u0001${solver.scale}\u0001${solver.pointsPerDecade}\u0001${solver.minAbs}\u0001${solver.maxAbs}\u0001${solver.linearPoints}\u0001${solver.paths?.join(',')}`;
    for (const v of formula.variables) if (v !== target) key += `\u0001${values[v]}`;
    let entries = byFormula.get(formula);
    if (entries === undefined) byFormula.set(formula, (entries = new Map()));
    const hit = entries.get(key);
    // A recorded solve stands for a fresh one when it would run to completion again: its
    // evaluations within this budget and its work within what the meter has left.
    if (hit !== undefined && hit.solution.evals < evalBudget && hit.work <= workRemaining()) {
      if (chargeRecorded(hit.work)) {
        stats.hits++;
        return hit.solution;
      }
    }
    stats.misses++;
    const before = workUsed();
    const solution = solvePrepared(formula, target, values, tol, evalBudget, solver);
    if (!solution.truncated && !workExhausted()) {
      if (solution.evals < CHEAP_EVALS) {
        if (cheap === undefined) cheapTargets.set(formula, new Set([target]));
        else cheap.add(target);
      } else {
        if (entries.size >= perFormula) entries.delete(entries.keys().next().value as string);
        entries.set(flatString(key), { solution, work: workUsed() - before });
      }
    }
    return solution;
  };
  const draws = (formula: PreparedFormula, tail: string): NamedDraws => {
    let tails = byReference.get(formula);
    if (tails === undefined) byReference.set(formula, (tails = new Map()));
    let d = tails.get(tail);
    if (d === undefined) {
      const seed = `${formula.canonical}\u241e${tail}`;
      d = seeds.get(seed);
      if (d === undefined) {
        if (seeds.size >= MAX_SEEDS) seeds.clear();
        seeds.set(seed, (d = namedDraws(seed)));
      }
      tails.set(tail, d);
    }
    return d;
  };
  return { solve, draws, stats };
}

/** {@link NamedDraws} of one seed; each variable's hash is computed once. */
export function namedDraws(seed: string): NamedDraws {
  const words = new Map<string, readonly [number, number, number, number]>();
  const of = (v: string) => {
    let w = words.get(v);
    if (w === undefined) {
      // (Every answer's own variables pass through a node's draws: bounded, as a trainer's
      // rollouts bring new names without end.)
      if (words.size >= MAX_WORDS) words.clear();
      words.set(v, (w = hashString128(`${seed}\u241e${v}`)));
    }
    return w;
  };
  return {
    rank: (v: string): number => of(v)[0],
    uniform(v: string, t: number): number {
      const [w0, w1, w2, w3] = of(v);
      const hi = mix32((w1 ^ Math.imul(t + 1, 0x9e3779b9)) + w2) >>> 5;
      const lo = mix32((w3 ^ Math.imul(t + 1, 0x85ebca6b)) + w0) >>> 6;
      return (hi * 67108864 + lo) / 9007199254740992;
    },
  };
}

/** A 32-bit integer finalizer (murmur3's fmix32): every input bit affects every output bit. */
function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
