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
  readonly stats: { hits: number; misses: number };
}

interface Entry {
  readonly solution: PreparedSolution;
  readonly work: number;
}

/** Entries kept per reference formula (oldest dropped first): 40 trials × 3 phases × a few targets. */
const DEFAULT_PER_FORMULA = 512;

/** A cache of reference solutions, bounded per formula; formulas are held weakly. */
export function createReferenceSolutions(perFormula = DEFAULT_PER_FORMULA): ReferenceSolutions {
  const byFormula = new WeakMap<PreparedFormula, Map<string, Entry>>();
  const stats = { hits: 0, misses: 0 };
  const solve: ReferenceSolutions['solve'] = (formula, target, values, tol, evalBudget, solver) => {
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
      if (entries.size >= perFormula) entries.delete(entries.keys().next().value as string);
      entries.set(key, { solution, work: workUsed() - before });
    }
    return solution;
  };
  return { solve, stats };
}
