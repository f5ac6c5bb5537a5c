import { namedValues } from '../core/named-values.js';
import { createPrng } from '../core/prng.js';
import { sortStrings } from '../core/sort-small.js';
import { prepareEquation } from '../numeric/prepare-equation.js';
import { equationFor } from '../numeric/solve-equation.js';
import { chargeRecorded, metered } from '../numeric/work-meter.js';
import { DEFAULT_EQUIVALENCE_OPTIONS } from './defaults.js';
import { close, isEmpty, sameSolutions } from './solution-set.js';
import { solvePrepared } from './solve-prepared.js';
import { isolatableFirst } from './target-order.js';
import type { EquivalenceMode, PreparedFormula } from './types.js';
import { variableScales } from './variable-scales.js';

/** A memoized result and the work computing it cost (charged again on every call). */
interface Memo {
  readonly value: readonly string[] | null;
  readonly work: number;
}

const memo = new WeakMap<PreparedFormula, Map<EquivalenceMode, Memo>>();
const TOL = { relTol: 1e-9, absTol: 1e-12 };
const BUDGET = 20_000;
/** Work units one determination may spend, whatever the caller has left (it is memoized). */
const WORK_CAP = 400_000;

/**
 * The variables an equation really depends on: those whose value changes its solution set for a
 * target (`m` in `\frac{mv^2}{r} = \frac{GMm}{r^2}` cancels, so it is not one). Two equivalent
 * formulas have the same effective variables, so a pair whose sets differ can be rejected without
 * running Algorithm 1 — soundly, unlike comparing the written variable sets. Determined numerically
 * (seeded by the formula's canonical text) and memoized per prepared formula; empty for an identity
 * (it holds at every draw); `undefined` when it cannot be determined (no target with a finite real
 * solution set and not an identity, inequalities, bare expressions).
 */
export function effectiveVariables(
  formula: PreparedFormula,
  mode: EquivalenceMode = 'physical',
): readonly string[] | undefined {
  let byMode = memo.get(formula);
  if (byMode === undefined) memo.set(formula, (byMode = new Map()));
  let m = byMode.get(mode);
  if (m === undefined) {
    // Detached: the memoized result never depends on the first caller's budget. The work is
    // charged to the caller now and again on every later call, so that what a caller is charged
    // never depends on what was determined before.
    const run = metered(WORK_CAP, () => compute(formula, mode) ?? null, true);
    byMode.set(mode, (m = { value: run.capped ? null : run.value, work: run.work }));
  } else chargeRecorded(m.work);
  return m.value ?? undefined;
}

function compute(formula: PreparedFormula, mode: EquivalenceMode): readonly string[] | undefined {
  if (!formula.ok || formula.kind !== 'equation' || formula.variables.length === 0) return undefined;
  const [lo, hi] = DEFAULT_EQUIVALENCE_OPTIONS.range;
  const prng = createPrng(`effective\u241e${formula.canonical}`);
  const variables = formula.variables;
  // Scale-aware draws (variable-scales.ts), as Algorithm 1 makes them: with h = 6.6e-34 or
  // 1/(4πε₀) = 9e9 in a formula, a variable drawn from [2, 20] can be lost against a term 1e9 times
  // larger and look ineffective (F_n in F_n = F - qq'/(4πε₀D²)).
  const scales = variableScales(formula, formula, variables);
  // Every variable is drawn (the same PRNG sequence whatever the target); `skip` is left out of
  // the values. Built by assignment: `Object.fromEntries` and a `delete` (which leaves a dictionary
  // object, slow to copy and to write) cost a measurable share of a fresh answer.
  const draw = (skip?: string) => {
    const values = namedValues();
    for (const v of variables) {
      const value = prng.uniform(lo, hi) * (scales[v] ?? 1);
      if (v !== skip) values[v] = value;
    }
    return values;
  };
  // Targets inside integrals or series would run a quadrature per probe point: use the others,
  // those the solver can isolate first (a few evaluations a solve instead of a root scan). The
  // effective set does not depend on the target (it is the set the equation's surface depends on).
  const targets = isolatableFirst(
    variables.filter((v) => !formula.costlyVariables.includes(v)),
    [formula],
  );
  for (const target of targets) {
    const base = draw(target);
    const reference = solvePrepared(formula, target, base, TOL, BUDGET);
    if (reference.truncated || reference.set.kind !== 'points' || isEmpty(reference.set)) continue;
    const effective = [target];
    // One draw, each variable moved in turn and put back (a solve keeps nothing of the values).
    const moved = base;
    for (const v of variables) {
      if (v === target) continue;
      // One variable moved by half the range (wrapping), the others as drawn.
      const k = scales[v] ?? 1;
      const drawn = moved[v]!;
      moved[v] = k * (lo + ((drawn / k - lo + (hi - lo) / 2) % (hi - lo)));
      const again = solvePrepared(formula, target, moved, TOL, BUDGET);
      moved[v] = drawn;
      if (again.truncated || again.set.kind === 'all') return undefined;
      if (!sameSolutions(reference.set, again.set, TOL, mode)) effective.push(v);
    }
    return sortStrings(effective);
  }
  // No target gave a finite solution set (every variable sits inside an integral, or every solve
  // gave "all"): an equation that holds at every draw is an identity, on which no variable has any
  // effect — `\int_0^\infty \frac{R\,dR}{(R^2+z^2)^{3/2}} = \frac{1}{|z|}`.
  return holdsIdentically(formula, draw) ? [] : undefined;
}

/** Draws at which an identity is checked. */
const IDENTITY_DRAWS = 3;

/** Both sides of every branch agree (within the paper's tolerance) at {@link IDENTITY_DRAWS} draws. */
function holdsIdentically(formula: PreparedFormula, draw: () => Record<string, number>): boolean {
  const tol = { relTol: DEFAULT_EQUIVALENCE_OPTIONS.relTol, absTol: DEFAULT_EQUIVALENCE_OPTIONS.absTol };
  for (let k = 0; k < IDENTITY_DRAWS; k++) {
    const values = draw();
    for (const { lhs, rhs } of formula.branches) {
      const target = formula.variables[0]!;
      const eq = equationFor(prepareEquation(lhs, rhs, target), values, 1);
      eq.f(values[target] ?? Number.NaN);
      if (!close(eq.l, eq.r, tol)) return false;
    }
  }
  return true;
}
