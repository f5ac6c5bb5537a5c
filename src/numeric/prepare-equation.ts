import type { Diagnostic } from '../core/diagnostic.js';
import type { Node } from '../core/tree.js';
import { compile, evalCost } from './compile.js';
import { expandDerivatives } from './expand-derivatives.js';
import { freeVariables } from './free-variables.js';
import { type IsolationPlan, planIsolation } from './isolate.js';
import { occurrences } from './occurrences.js';
import type { Program } from './program.js';
import { charge, chargeRecorded, metered } from './work-meter.js';

/** An equation compiled once for one target: reused across calls with different values. */
export interface PreparedEquation {
  readonly target: string;
  /** The non-target variables, in buffer order (slot i + 1). */
  readonly others: readonly string[];
  readonly lhs: Program;
  readonly rhs: Program;
  /** Free occurrences of the target (see `occurrences`). */
  readonly count: number;
  /** The target occurs inside a periodic function. */
  readonly periodic: boolean;
  /** Path A plan, when the target occurs once through invertible operations. */
  readonly plan: IsolationPlan | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** Work units one evaluation of both sides costs (by their compiled size). */
  readonly cost: number;
  /** Work units compiling spent (nodes, and closed integrals or sums folded to constants). */
  readonly compileWork: number;
}

/** Work units every solve of a prepared equation costs besides its probes. */
export const SOLVE_SETUP_WORK = 64;

/** Work units compiling one equation may spend (folding closed integrals and sums included). */
export const COMPILE_WORK_CAP = 200_000;

const cache = new WeakMap<Node, WeakMap<Node, Map<string, PreparedEquation>>>();

/**
 * Compiles lhs = rhs for `target` (slot 0 of the value buffer; the other free variables follow in
 * sorted order) and plans path A. Cached per (lhs object, rhs object, target): trees are immutable,
 * so the equivalence loop pays compilation once per formula and target. Compiling runs under its
 * own work budget ({@link COMPILE_WORK_CAP}, so the cached closures never depend on a caller's
 * budget) and every call, cached or not, charges the compile work to the caller's meter.
 */
export function prepareEquation(lhs: Node, rhs: Node, target: string): PreparedEquation {
  let byRhs = cache.get(lhs);
  if (byRhs === undefined) cache.set(lhs, (byRhs = new WeakMap()));
  let byTarget = byRhs.get(rhs);
  if (byTarget === undefined) byRhs.set(rhs, (byTarget = new Map()));
  const hit = byTarget.get(target);
  if (hit !== undefined) {
    chargeRecorded(hit.compileWork);
    return hit;
  }
  const run = metered(
    COMPILE_WORK_CAP,
    () => build(expandDerivatives(lhs), expandDerivatives(rhs), target),
    true,
  );
  // Written out, not `{ ...run.value, compileWork }`: a copy that adds a property costs ~0.5 µs on Node 20.
  const v = run.value;
  const prepared: PreparedEquation = {
    target: v.target,
    others: v.others,
    lhs: v.lhs,
    rhs: v.rhs,
    count: v.count,
    periodic: v.periodic,
    plan: v.plan,
    diagnostics: v.diagnostics,
    cost: v.cost,
    compileWork: run.work,
  };
  byTarget.set(target, prepared);
  return prepared;
}

function build(lhs: Node, rhs: Node, target: string): Omit<PreparedEquation, 'compileWork'> {
  const names = new Set([...freeVariables(lhs), ...freeVariables(rhs)]);
  names.delete(target);
  const others = [...names].sort();
  const variables = [target, ...others];
  const l = compile(lhs, variables);
  const r = compile(rhs, variables);
  // Nodes compiled, plus a fixed share for what every solve sets up (settings, grids, buffers):
  // this work is charged again at every call.
  charge(l.size + r.size + SOLVE_SETUP_WORK);
  const ol = occurrences(lhs, target);
  const or = occurrences(rhs, target);
  const count = ol.count + or.count;
  let plan: IsolationPlan | undefined;
  if (count === 1)
    plan =
      ol.count === 1
        ? planIsolation(lhs, rhs, target, variables)
        : planIsolation(rhs, lhs, target, variables);
  return {
    target,
    others,
    lhs: l.program,
    rhs: r.program,
    count,
    periodic: ol.periodic || or.periodic,
    plan,
    diagnostics: [...l.diagnostics, ...r.diagnostics],
    cost: evalCost(l.size + r.size),
  };
}
