import type { Diagnostic } from '../core/diagnostic.js';
import { sortStrings } from '../core/sort-small.js';
import type { Node } from '../core/tree.js';
import { type Compiled, compile, evalCost } from './compile.js';
import { expandDerivatives } from './expand-derivatives.js';
import { freeVariables } from './free-variables.js';
import { type IsolationPlan, planIsolation } from './isolate.js';
import { occurrences } from './occurrences.js';
import type { Program } from './program.js';
import { charge, chargeRecorded, metered } from './work-meter.js';

/** An equation compiled once for one target: reused across calls with different values. */
export interface PreparedEquation {
  readonly target: string;
  /** The variable of each slot of the value buffer, sorted (the target among them). */
  readonly slots: readonly string[];
  /** The target's slot. */
  readonly slot: number;
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

/** The equations prepared for one (lhs, rhs) pair of trees. */
interface PairEntry {
  readonly byTarget: Map<string, PreparedEquation>;
  /**
   * Both sides compiled once over the sorted free variables, shared by every target among them
   * (the target is a slot like any other), or null when a side has an integral, a sum or a
   * derivative left (its compile may fold a quadrature against the meter: compiled per target).
   */
  shared: SharedSides | null | undefined;
}

interface SharedSides {
  readonly slots: readonly string[];
  readonly l: Compiled;
  readonly r: Compiled;
}

const cache = new WeakMap<Node, WeakMap<Node, PairEntry>>();

/**
 * Compiles lhs = rhs for `target` (the free variables fill the value buffer in sorted order, the
 * target in its slot) and plans path A. Cached per (lhs object, rhs object, target): trees are
 * immutable, so the equivalence loop pays compilation once per formula and target; the sides'
 * programs are shared by the targets (compiled once per pair of trees) when no side holds an
 * integral, a sum or a derivative, and the compile work charged is the same either way. Compiling
 * runs under its own work budget ({@link COMPILE_WORK_CAP}, so the cached closures never depend on
 * a caller's budget) and every call, cached or not, charges the compile work to the caller's meter.
 */
export function prepareEquation(lhs: Node, rhs: Node, target: string): PreparedEquation {
  const entry = pairEntry(lhs, rhs);
  const hit = entry.byTarget.get(target);
  if (hit !== undefined) {
    chargeRecorded(hit.compileWork);
    return hit;
  }
  const pair = entry;
  const run = metered(
    COMPILE_WORK_CAP,
    () => build(expandDerivatives(lhs), expandDerivatives(rhs), target, pair),
    true,
  );
  // Written out, not `{ ...run.value, compileWork }`: a copy that adds a property costs ~0.5 µs on Node 20.
  const v = run.value;
  const prepared: PreparedEquation = {
    target: v.target,
    slots: v.slots,
    slot: v.slot,
    lhs: v.lhs,
    rhs: v.rhs,
    count: v.count,
    periodic: v.periodic,
    plan: v.plan,
    diagnostics: v.diagnostics,
    cost: v.cost,
    compileWork: run.work,
  };
  entry.byTarget.set(target, prepared);
  return prepared;
}

/**
 * The entry of (lhs, rhs). The last few pairs are checked by identity first: a comparison's trials
 * alternate between two formulas, and two WeakMap lookups per solve were a measurable share of one.
 */
function pairEntry(lhs: Node, rhs: Node): PairEntry {
  for (let i = 0; i < RECENT; i++) if (recentLhs[i] === lhs && recentRhs[i] === rhs) return recentEntry[i]!;
  let byRhs = cache.get(lhs);
  if (byRhs === undefined) cache.set(lhs, (byRhs = new WeakMap()));
  let entry = byRhs.get(rhs);
  if (entry === undefined) byRhs.set(rhs, (entry = { byTarget: new Map(), shared: undefined }));
  recentLhs[next] = lhs;
  recentRhs[next] = rhs;
  recentEntry[next] = entry;
  next = (next + 1) % RECENT;
  return entry;
}

/** Pairs remembered by identity (a ring; they hold their trees until replaced). */
const RECENT = 4;
const recentLhs: (Node | undefined)[] = new Array(RECENT).fill(undefined);
const recentRhs: (Node | undefined)[] = new Array(RECENT).fill(undefined);
const recentEntry: (PairEntry | undefined)[] = new Array(RECENT).fill(undefined);
let next = 0;

function build(
  lhs: Node,
  rhs: Node,
  target: string,
  entry: PairEntry,
): Omit<PreparedEquation, 'compileWork'> {
  let sides = entry.shared;
  if (sides === undefined) sides = entry.shared = sharedSides(lhs, rhs);
  if (sides === null || !sides.slots.includes(target)) {
    const names = new Set([...freeVariables(lhs), ...freeVariables(rhs)]);
    names.add(target);
    const slots = sortStrings([...names]);
    sides = { slots, l: compile(lhs, slots), r: compile(rhs, slots) };
  }
  const { slots, l, r } = sides;
  // Nodes compiled, plus a fixed share for what every solve sets up (settings, grids, buffers):
  // this work is charged again at every call.
  charge(l.size + r.size + SOLVE_SETUP_WORK);
  const ol = occurrences(lhs, target);
  const or = occurrences(rhs, target);
  const count = ol.count + or.count;
  const slot = slots.indexOf(target);
  let plan: IsolationPlan | undefined;
  if (count === 1)
    plan =
      ol.count === 1
        ? planIsolation(lhs, rhs, target, slots, shareable(rhs) ? r : undefined)
        : planIsolation(rhs, lhs, target, slots, shareable(lhs) ? l : undefined);
  return {
    target,
    slots,
    slot,
    lhs: l.program,
    rhs: r.program,
    count,
    periodic: ol.periodic || or.periodic,
    plan,
    diagnostics: [...l.diagnostics, ...r.diagnostics],
    cost: evalCost(l.size + r.size),
  };
}

/** Both sides compiled over their sorted free variables, when both are {@link shareable}. */
function sharedSides(lhs: Node, rhs: Node): SharedSides | null {
  if (!shareable(lhs) || !shareable(rhs)) return null;
  const slots = sortStrings([...new Set([...freeVariables(lhs), ...freeVariables(rhs)])]);
  return { slots, l: compile(lhs, slots), r: compile(rhs, slots) };
}

/**
 * A tree whose compiled program does not depend on the work meter, and whose compiling charges
 * nothing: no integral or sum (folded to a constant at compile time when closed, which evaluates
 * it against the meter) and no derivative (expanded, and charged, by compile). Its program may be
 * compiled once and kept.
 */
export function shareable(node: Node): boolean {
  switch (node.type) {
    case 'integral':
    case 'sum':
    case 'derivative':
      return false;
    case 'unary':
      return shareable(node.arg);
    case 'binary':
      return shareable(node.left) && shareable(node.right);
    case 'call':
    case 'apply':
      return node.args.every(shareable);
    default:
      return (
        node.type === 'number' ||
        node.type === 'symbol' ||
        node.type === 'differential' ||
        node.type === 'opaque'
      );
  }
}
