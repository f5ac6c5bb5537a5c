import { diagnostic } from '../core/diagnostic.js';
import { namedValues } from '../core/named-values.js';
import { createPrng } from '../core/prng.js';
import type { Verdict } from '../core/tree.js';
import { compile } from '../numeric/index.js';
import { noTrials, withEvidence } from './no-trials.js';
import { VALUE_SYMBOL } from './prepare-formula.js';
import { missingDependence } from './scaling-dependence.js';
import { solvePrepared } from './solve-prepared.js';
import type { EquivalenceOptions, EquivalenceResult, PreparedFormula, Trial } from './types.js';

/** `\sim` accepts a constant ratio between 1/10 and 10: the same order of magnitude. */
export const ORDER_OF_MAGNITUDE_FACTOR = 10;

const TRIALS = 12;
const MIN_TRIALS = 5;
const RATIO_TOL = 1e-6;
const BUDGET = 50_000;

/** The scaling relation a prepared formula states (`\sim`, `\propto`), or undefined. */
export function scalingOf(p: PreparedFormula): 'sim' | 'propto' | undefined {
  const tree = p.tree;
  if (tree?.type !== 'relation' || tree.ops.length !== 1) return undefined;
  const op = tree.ops[0];
  return op === 'sim' || op === 'propto' ? op : undefined;
}

/**
 * Compares formulas of which at least one is a scaling relation, up to a constant dimensionless
 * factor. `L \sim R` (or `L \propto R`) is read as L = κR. Each trial draws the variables from
 * [2, 20], solves the other formula for a shared variable, and evaluates κ = L/R of the scaling
 * formula there. `\propto`: equivalent when κ is the same (relative 1e-6) in every trial while the
 * variables the `\propto` formula names vary (the other formula's own variables are part of the
 * constant and stay fixed: `T \propto L^{3/2}` ≡ Kepler's law); `\sim` (both sides `\sim`, or `\sim` against an
 * equation): in addition 1/10 ≤ κ ≤ 10, the same order of magnitude ({@link ORDER_OF_MAGNITUDE_FACTOR}).
 * So `E \sim kT` ≡ `E = \frac{3}{2}kT`, but `E \sim kT` ≢ `E = kT^2`. Against an equation the
 * scaling relation must carry its whole dependence ({@link missingDependence}): `X \propto 1` and
 * `N \sim 10^{23}` stand for no equation (two value estimates still compare: `\lambda \sim 10^{-10}`
 * ≢ `\lambda \sim 5\times10^{-8}`). The diagnostic
 * `compared-up-to-factor` records the factor found. Deterministic: seeded from both canonical texts.
 */
export function compareUpToFactor(
  a: PreparedFormula,
  b: PreparedFormula,
  options: EquivalenceOptions = {},
): EquivalenceResult {
  const mode = options.mode ?? 'physical';
  const sa = scalingOf(a);
  const sb = scalingOf(b);
  const [scaled, other] = sa !== undefined ? [a, b] : [b, a];
  const kind = sa === 'propto' || sb === 'propto' ? 'propto' : 'sim';
  const base = withEvidence(noTrials(mode, { a, b }), {
    shortcut: kind === 'sim' ? 'order-of-magnitude' : 'proportional',
  });
  const scaledVars = scaled.variables.filter((v) => v !== VALUE_SYMBOL);
  const otherVars = new Set(other.variables.filter((v) => v !== VALUE_SYMBOL));
  const targets = scaledVars.filter((v) => otherVars.has(v));
  // Against an equation, the scaling relation must carry the equation's whole dependence.
  const missing = scalingOf(other) === undefined ? missingDependence(scaled, other) : undefined;
  if (missing !== undefined) {
    const d = diagnostic('compared-up-to-factor', 'info', `not compared up to a factor: ${missing}`);
    return { verdict: 'different', evidence: base, diagnostics: [d] };
  }
  const branch = scaled.branches[0];
  if (
    targets.length === 0 ||
    branch === undefined ||
    other.kind !== 'equation' ||
    scaled.branches.length > 1
  ) {
    const d = diagnostic(
      'compared-up-to-factor',
      'info',
      'no shared variable to compare the scaling relation on',
    );
    return { verdict: 'different', evidence: base, diagnostics: [d] };
  }
  const names = [...new Set([...scaledVars, ...otherVars])].sort();
  const lhs = compile(branch.lhs, names).fn;
  const rhs = compile(branch.rhs, names).fn;
  const [lo, hi] = options.range ?? [2, 20];
  const prng = createPrng(`factor\u241e${[a.canonical, b.canonical].sort().join('\u241e')}`);
  const trials: Trial[] = [];
  const ratios: number[] = [];
  let failed = 0;
  // `\propto` states how the quantity depends on the variables it names: the other formula's own
  // variables (G, M in Kepler's law against T ∝ L^{3/2}) belong to the constant and stay fixed.
  const fixed = new Map<string, number>();
  if (kind === 'propto')
    for (const v of names) if (!scaledVars.includes(v)) fixed.set(v, prng.uniform(lo, hi));
  for (let t = 0; t < TRIALS; t++) {
    const target = targets[t % targets.length]!;
    const assignment = namedValues();
    for (const v of names) if (v !== target) assignment[v] = fixed.get(v) ?? prng.uniform(lo, hi);
    const solved = solvePrepared(other, target, assignment, { relTol: 1e-9, absTol: 1e-12 }, BUDGET);
    const roots = solved.set.kind === 'points' ? solved.set.values : [];
    const positive = roots.filter((r) => r > 0);
    const use = mode === 'physical' && positive.length > 0 ? positive : roots;
    const found: number[] = [];
    for (const root of use) {
      const vector = new Float64Array(names.map((n) => (n === target ? root : assignment[n]!)));
      const ratio = lhs(vector) / rhs(vector);
      if (Number.isFinite(ratio) && ratio !== 0) found.push(ratio);
    }
    const outcome: Trial['outcome'] = found.length === 0 ? 'failed' : 'not-rejecting';
    if (found.length === 0) failed++;
    ratios.push(...found);
    trials.push({ target, assignment, solutionsA: roots, solutionsB: found, outcome });
  }
  const ok = ratios.length;
  if (trials.length - failed < MIN_TRIALS) {
    const d = diagnostic(
      'too-few-successes',
      'warning',
      `${trials.length - failed} of ${TRIALS} trials gave a ratio`,
    );
    return {
      verdict: 'undetermined',
      evidence: withEvidence(base, { trials, nFail: failed }),
      diagnostics: [d],
    };
  }
  const first = ratios[0]!;
  const constant = ratios.every(
    (r) => Math.abs(r - first) <= RATIO_TOL * Math.max(Math.abs(r), Math.abs(first)),
  );
  const inRange =
    kind === 'propto' ||
    (first > 0 && Math.abs(Math.log10(first)) <= Math.log10(ORDER_OF_MAGNITUDE_FACTOR) + 1e-12);
  const verdict: Verdict = constant && inRange ? 'equivalent' : 'different';
  const why = !constant
    ? `the ratio of the ${kind === 'sim' ? '\\sim' : '\\propto'} sides varies (${first.toPrecision(4)} … ${ratios.at(-1)!.toPrecision(4)})`
    : inRange
      ? `compared up to a constant factor: ratio ${first.toPrecision(4)}${kind === 'sim' ? ` (within [1/${ORDER_OF_MAGNITUDE_FACTOR}, ${ORDER_OF_MAGNITUDE_FACTOR}])` : ''}`
      : `constant ratio ${first.toPrecision(4)} is outside [1/${ORDER_OF_MAGNITUDE_FACTOR}, ${ORDER_OF_MAGNITUDE_FACTOR}]`;
  const nEq = verdict === 'equivalent' ? ok : 0;
  const evidence = withEvidence(base, { trials, nEq, nNeq: ok - nEq, nFail: failed });
  return { verdict, evidence, diagnostics: [diagnostic('compared-up-to-factor', 'info', why)] };
}
