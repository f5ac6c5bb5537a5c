import { copyNamedValues } from '../core/named-values.js';
import type { Node } from '../core/tree.js';
import { dedupeRoots, Equation } from './equation.js';
import { isolate } from './isolate.js';
import { polesOf } from './poles.js';
import { polynomialPath } from './polynomial-path.js';
import { type PreparedEquation, prepareEquation } from './prepare-equation.js';
import { roundingBound } from './rounding-bound.js';
import { scanGrid } from './scan-grid.js';
import { scanPath } from './scan-path.js';
import {
  type SolveOptions,
  type SolvePath,
  type SolveResult,
  type SolveSettings,
  solveSettings,
} from './solve-types.js';
import { charge, workExhausted } from './work-meter.js';

/**
 * All real roots x of lhs(x) = rhs(x) for the variable `target`, the other variables fixed by
 * `values` (a missing one is NaN). Paths, tried in order: A `isolate` (the target occurs once:
 * invert the operations along its path), B `polynomial` (x^k·(lhs − rhs) is a polynomial of degree
 * ≤ 4), and the general `scan` (log grid 1e-12…maxAbs on both signs plus a linear grid on [−P, P],
 * bracket and refine, touching roots, identity detection).
 *
 * Window: roots are reported in [−maxAbs, maxAbs]; when the target occurs inside the argument of
 * sin, cos, tan, cot, sec or csc anywhere in either side (after expanding derivatives) the equation
 * is *periodic* and roots are reported in [−P, P] only (P = `periodicWindow`, default 25), on every
 * path — a structural rule, so `A sin(kx − ωt)` and `−A sin(ωt − kx)` get the same window and set.
 * Deterministic; bounded by `evalBudget` (then `truncated`).
 */
export function solveEquation(
  lhs: Node,
  rhs: Node,
  target: string,
  values: Readonly<Record<string, number>>,
  options?: SolveOptions,
  evalBudget?: number,
): SolveResult {
  const settings = settingsOf(options);
  const budget = evalBudget ?? settings.evalBudget;
  const prepared = prepareEquation(lhs, rhs, target);
  const eq = reusedEquation(prepared, values, budget);
  return solvePrepared(prepared, eq, settings, budget, lhs, rhs, values);
}

/**
 * The rounding bound of lhs − rhs at a point (a tree walk, charged as one evaluation), which the
 * scan reads only where an identity fails at a few points (made only for a scan: a closure per
 * solve was a measurable share of the allocation of cheap solves).
 */
function roundingError(
  prepared: PreparedEquation,
  lhs: Node,
  rhs: Node,
  values: Readonly<Record<string, number>>,
): (x: number) => number {
  const target = prepared.target;
  // One copy of the values per solve, the target's value set at each call (the values do not
  // change while the solve runs, and the bound keeps nothing of them).
  let at: Record<string, number> | undefined;
  return (x: number): number => {
    if (!charge(prepared.cost)) return Number.NaN;
    at ??= copyNamedValues(values);
    at[target] = x;
    return roundingBound(lhs, at).error + roundingBound(rhs, at).error;
  };
}

/** Resolved settings per options object (solvers pass the same few objects again and again). */
const resolved = new WeakMap<SolveOptions, SolveSettings>();
const DEFAULT_SETTINGS = solveSettings();

function settingsOf(options: SolveOptions | undefined): SolveSettings {
  if (options === undefined) return DEFAULT_SETTINGS;
  // The last options object first: a comparison passes the same one at most of its solves.
  if (options === lastOptions) return lastSettings;
  let s = resolved.get(options);
  if (s === undefined) resolved.set(options, (s = solveSettings(options)));
  lastOptions = options;
  lastSettings = s;
  return s;
}
let lastOptions: SolveOptions | undefined;
let lastSettings: SolveSettings = DEFAULT_SETTINGS;

/** An {@link Equation} for a prepared equation with the given values in the buffer. */
export function equationFor(
  prepared: PreparedEquation,
  values: Readonly<Record<string, number>>,
  budget: number,
): Equation {
  const { slots, slot } = prepared;
  const buf = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) if (i !== slot) buf[i] = values[slots[i]!] ?? Number.NaN;
  return new Equation(prepared.lhs, prepared.rhs, buf, budget, prepared.cost, slot);
}

/**
 * One {@link Equation} per prepared equation, reset for each solve: a solve never starts another of
 * the same prepared equation before it returns (integrals and sums inside evaluate programs, not
 * solves), and nothing keeps the equation after it.
 */
const reused = new WeakMap<PreparedEquation, Equation>();

export function reusedEquation(
  prepared: PreparedEquation,
  values: Readonly<Record<string, number>>,
  budget: number,
): Equation {
  const eq = reused.get(prepared);
  if (eq === undefined) {
    const fresh = equationFor(prepared, values, budget);
    reused.set(prepared, fresh);
    return fresh;
  }
  eq.reset(budget);
  const { slots, slot } = prepared;
  const buf = eq.buf;
  for (let i = 0; i < slots.length; i++) buf[i] = i === slot ? 0 : (values[slots[i]!] ?? Number.NaN);
  return eq;
}

function solvePrepared(
  p: PreparedEquation,
  eq: Equation,
  s: SolveSettings,
  budget: number,
  lhs: Node,
  rhs: Node,
  values: Readonly<Record<string, number>>,
): SolveResult {
  const window = p.periodic ? s.periodicWindow * s.scale : Math.min(s.maxAbs * s.scale, Number.MAX_VALUE);
  if (p.count === 0) {
    const y = eq.f(1);
    if (!Number.isFinite(y)) return done(p, eq, window, 'constant', UNDEFINED);
    return done(p, eq, window, 'constant', eq.lastOk() ? IDENTITY : { kind: 'roots', roots: [] });
  }
  for (let k = 0; k < s.paths.length; k++) {
    const path = s.paths[k]!;
    if (path === 'isolate' && p.plan !== undefined) {
      const roots = isolate(eq, p.plan, window, Math.max(16, budget));
      if (roots === 'undefined') return done(p, eq, window, path, UNDEFINED);
      if (roots !== undefined) return done(p, eq, window, path, { kind: 'roots', roots });
    }
    if (path === 'polynomial' && !p.periodic) {
      // (The written sides as a plain object: a closure here made every solve allocate a context.)
      const written = { lhs, rhs, values, target: p.target, cost: p.cost };
      const roots = polynomialPath(eq, window, s.scale, written);
      if (roots !== undefined && roots !== 'zero') return done(p, eq, window, path, { kind: 'roots', roots });
    }
    if (path === 'scan') {
      const linear = s.linearPoints ?? (p.periodic ? Math.round(40 * s.periodicWindow) + 1 : 201);
      const grid = scanGrid(s.minAbs, s.maxAbs, s.pointsPerDecade, s.periodicWindow, linear, p.periodic);
      // A root beside a pole, in the same cell of the grid, shows no change of sign there: the
      // cells around the poles of the target's denominators are split at them (see `scanPath`).
      const found = polesOf(lhs, rhs, p.target, values, window, MAX_POLES);
      eq.evals += found.evals;
      return done(
        p,
        eq,
        window,
        path,
        scanPath(eq, grid, s.scale, roundingError(p, lhs, rhs, values), found.poles),
      );
    }
  }
  return done(p, eq, window, 'scan', { kind: 'roots', roots: [] });
}

/** Most poles a scan splits its cells at (a periodic denominator has one every half period). */
const MAX_POLES = 1024;

const UNDEFINED = { kind: 'undefined' } as const;
const IDENTITY = { kind: 'identity' } as const;

/** The solve result: roots inside the window, sorted and deduplicated. */
function done(
  p: PreparedEquation,
  eq: Equation,
  window: number,
  path: SolvePath | 'constant',
  out: { kind: 'roots'; roots: number[] } | { readonly kind: 'identity' } | { readonly kind: 'undefined' },
): SolveResult {
  // (work meter) a spent meter anywhere in the solve makes it truncated.
  const truncated = eq.truncated || workExhausted();
  const { evals } = eq;
  const periodic = p.periodic;
  const uncertain = eq.uncertain;
  if (out.kind !== 'roots') return { kind: out.kind, evals, truncated, path, periodic, uncertain };
  let inside = out.roots;
  if (!allWithin(inside, window)) inside = inside.filter((x) => Math.abs(x) <= window);
  // `inside` is the path's own list (or a filtered copy): an empty one is kept as it is, and so is
  // one root of path A, whose list has its exact length (the others grow by push; a cached
  // solution keeps its list).
  const roots =
    inside.length === 0
      ? inside
      : inside.length === 1 && path === 'isolate'
        ? ownRoot(inside)
        : dedupeRoots(inside);
  return { kind: 'roots', roots, evals, truncated, path, periodic, uncertain };
}

/** A one-root list as {@link dedupeRoots} gives it (−0 read as 0), in place. */
function ownRoot(roots: number[]): number[] {
  if (roots[0] === 0) roots[0] = 0;
  return roots;
}

/** Every value within [−window, window] (NaN is not). */
function allWithin(values: readonly number[], window: number): boolean {
  for (let i = 0; i < values.length; i++) if (!(Math.abs(values[i]!) <= window)) return false;
  return true;
}
