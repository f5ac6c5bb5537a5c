import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Mutable } from '../core/mutable.js';
import { copyNamedValues, namedValues } from '../core/named-values.js';
import { createPrng } from '../core/prng.js';
import { sortStrings } from '../core/sort-small.js';
import type { Node, Verdict } from '../core/tree.js';
import type { SolveOptions } from '../numeric/index.js';
import { metered, workExhausted } from '../numeric/work-meter.js';
import { ANGLE_RANGE, angleVariables, countBounds } from './angle-variables.js';
import { DEFAULT_EQUIVALENCE_OPTIONS } from './defaults.js';
import { effectiveVariables } from './effective-variables.js';
import { identitiesAgree } from './identities.js';
import { integerVariables } from './integer-variables.js';
import { movesRoots } from './moves-roots.js';
import { noTrials, withEvidence } from './no-trials.js';
import { compareUpToFactor, scalingOf } from './order-of-magnitude.js';
import { VALUE_SYMBOL } from './prepare-formula.js';
import type { ReferenceSolutions } from './reference-solutions.js';
import { rejectionStands } from './rejection-stands.js';
import type { Tolerance } from './solution-set.js';
import { type PreparedSolution, solvePrepared } from './solve-prepared.js';
import { targetOccurrences } from './target-order.js';
import { trialOutcome } from './trial-outcome.js';
import type {
  EquivalenceMode,
  EquivalenceOptions,
  EquivalenceResult,
  Evidence,
  PreparedFormula,
  Trial,
} from './types.js';
import { variableScales } from './variable-scales.js';

export { DEFAULT_EQUIVALENCE_OPTIONS };

/**
 * PRISM Algorithm 1 on two prepared formulas: repeatedly pick a target variable, draw the others from
 * the range, solve both formulas for the target and compare the solution sets. Deterministic and
 * symmetric: the PRNG is seeded from both canonical texts, sorted. Bounded by a work budget
 * (`workBudget`, and whatever the enclosing budget has left): past it, `undetermined` with
 * `work-budget-exhausted`.
 */
export function compareFormulas(
  a: PreparedFormula,
  b: PreparedFormula,
  options: EquivalenceOptions = {},
): EquivalenceResult {
  const cap = options.workBudget ?? DEFAULT_EQUIVALENCE_OPTIONS.workBudget;
  return metered(cap, () => compareUnmetered(a, b, options)).value;
}

function compareUnmetered(
  a: PreparedFormula,
  b: PreparedFormula,
  options: EquivalenceOptions,
): EquivalenceResult {
  const mode = options.mode ?? DEFAULT_EQUIVALENCE_OPTIONS.mode;
  const base = noTrials(mode, { a, b });
  if (!a.ok || !b.ok) {
    const diagnostics = [...a.diagnostics, ...b.diagnostics];
    if (!diagnostics.some((d) => d.severity === 'error')) {
      diagnostics.push(diagnostic('unparseable-formula', 'error', 'a formula could not be prepared'));
    }
    return { verdict: 'undetermined', evidence: base, diagnostics };
  }
  // Hook (issue 9): `\sim` and `\propto` are compared up to a constant factor (order-of-magnitude.ts).
  if (scalingOf(a) !== undefined || scalingOf(b) !== undefined) return compareUpToFactor(a, b, options);
  const asReference = asEquationAgainst(b, a);
  // A reference read against this answer's label is not the node every answer meets: no cache.
  const reference = asReference === b ? options.referenceSolutions : undefined;
  [a, b] = [asEquationAgainst(a, b), asReference];
  if (
    (a.kind === 'inequality') !== (b.kind === 'inequality') ||
    (a.kind === 'inequality' && a.op !== b.op && (a.op === '!=' || b.op === '!='))
  ) {
    const d = diagnostic('relation-kind-mismatch', 'info', `'${a.op}' against '${b.op}'`);
    return {
      verdict: 'different',
      evidence: withEvidence(base, { shortcut: 'relation-kind' }),
      diagnostics: [d],
    };
  }
  if (a.canonical === b.canonical && a.op === b.op) {
    return {
      verdict: 'equivalent',
      evidence: withEvidence(base, { shortcut: 'identical' }),
      diagnostics: [],
    };
  }
  return runTrials(a, b, options, base, reference);
}

function runTrials(
  a: PreparedFormula,
  b: PreparedFormula,
  options: EquivalenceOptions,
  base: Evidence,
  reference: ReferenceSolutions | undefined,
): EquivalenceResult {
  const d = DEFAULT_EQUIVALENCE_OPTIONS;
  const mode = base.mode;
  const maxTrials = options.maxTrials ?? d.maxTrials;
  const minSuccesses = options.minSuccesses ?? d.minSuccesses;
  const minEqual = options.minEqual ?? d.minEqual;
  const range = options.range ?? d.range;
  const fallbacks = options.fallbackRanges ?? (mode === 'physical' ? d.fallbackRanges : []);
  const union = sortStrings([...new Set([...a.variables, ...b.variables])]);
  // Formulas that only state a value (`x = 5.01\times10^{-8}`) compare to the precision written.
  const relTol = options.relTol ?? d.relTol;
  const valueOnly = options.relTol === undefined && statesOneValue(a, b, union, mode);
  const tol: Tolerance = {
    relTol: valueOnly ? Math.max(relTol, a.precision, b.precision) : relTol,
    absTol: options.absTol ?? d.absTol,
  };
  const budget = options.evalBudget ?? d.evalBudget;
  const diagnostics: Diagnostic[] = [];

  if (union.length > d.maxVariables) {
    diagnostics.push(
      diagnostic('too-many-variables', 'warning', `${union.length} free variables (limit ${d.maxVariables})`),
    );
    return { verdict: 'undetermined', evidence: base, diagnostics };
  }
  const pinned = impliedConstants(a, b);
  const deterministic = union.filter((v) => !pinned.has(v)).length <= 1;
  const inB = new Set(b.variables);
  const shared = a.variables.filter((v) => inB.has(v) && !pinned.has(v));
  // Physical mode draws targets from the variables both formulas use: a variable that cancels in one
  // formula (m in mv^2/r = GMm/r^2) is then not mistaken for a difference. Strict mode: all of them.
  const free = union.filter((v) => !pinned.has(v));
  const candidates = mode === 'physical' && shared.length > 0 ? shared : free.length > 0 ? free : ['__none'];
  // Solving for a variable inside an integral or series runs a quadrature per probe point; such
  // variables are still checked through the other targets, whose solutions depend on them.
  const costly = new Set([...a.costlyVariables, ...b.costlyVariables]);
  const cheap = candidates.filter((v) => !costly.has(v));
  // Bounds of finite sums are drawn as integers, and solved for only when nothing else is left.
  const integers = integerVariables(a, b);
  const real = cheap.filter((v) => !integers.has(v));
  const pool = real.length > 0 ? real : cheap.length > 0 ? cheap : candidates;
  // Draws: seeded by both formulas (symmetric), or, against a reference, by the reference and each
  // variable's name (`namedDraws`), so that trial t draws the same values for the reference's
  // variables whatever the other formula, and the targets come in the same order.
  const salt = options.drawSeed === undefined ? '' : `\u241e${options.drawSeed}`;
  const named =
    options.referenceSolutions === undefined
      ? undefined
      : options.referenceSolutions.draws(b, `${mode}${salt}`);
  // (Made only without named draws: a PRNG's seeding was a measurable share of a pair.)
  const prng =
    named === undefined
      ? createPrng(`${sortStrings([a.canonical, b.canonical]).join('\u241e')}\u241e${mode}${salt}`)
      : undefined;
  const order = [...pool];
  if (named !== undefined)
    order.sort((x, y) => named.rank(x) - named.rank(y) || (x < y ? -1 : x > y ? 1 : 0));
  else
    for (let i = order.length - 1; i > 0; i--) {
      const j = prng!.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }

  // Scale-aware sampling (variable-scales.ts): empty for formulas without tiny or huge numbers.
  const scales = variableScales(a, b, union);
  const angles = mode === 'physical' ? angleVariables(a, b) : new Set<string>();
  const counts = mode === 'physical' ? countBounds(a, b) : undefined;
  // Every target is tried once; later trials rotate over the targets both formulas can isolate
  // (a few evaluations a solve) when there are any, instead of root scans (~1,500 evaluations).
  const isolatable = new Set(order.filter((v) => isolatedInBoth(v, a, b)));
  const visited = new Set<string>();
  // Within a phase, a target whose first FUTILE_AFTER trials all failed is not drawn again (a pair
  // of unrelated formulas otherwise runs all 120 trials to reach `undetermined`).
  const futile = futility();
  // Which formula a trial solves first: the one without integrals or series, else by canonical text
  // (so that swapping the formulas changes nothing).
  const aFirst =
    (a.costlyVariables.length === 0) !== (b.costlyVariables.length === 0)
      ? a.costlyVariables.length === 0
      : a.canonical <= b.canonical;
  // What each variable's draw needs, looked up once per pair rather than at every trial.
  const isAngle = union.map((v) => angles.has(v));
  const isInteger = union.map((v) => integers.has(v));
  const isPinned = union.map((v) => pinned.has(v));
  const scaleOf = union.map((v) => scales[v] ?? 1);
  // Solver settings per formula and target (read-only below, so made once).
  const settingsA = new Map<string, ReturnType<typeof solverFor>>();
  const settingsB = new Map<string, ReturnType<typeof solverFor>>();
  let currentPhase = 0;
  const trials: Trial[] = [];
  let nEq = 0;
  let nNeq = 0;
  let nFail = 0;
  let evals = 0;
  let counterexample: Trial | undefined;
  // Every successful trial found "all" on both sides: both formulas are identities (identities.ts).
  let bothIdentities = true;
  // Targets whose solve ran out of budget once (or, inside an integral, found nothing) are retired.
  const exhausted = new Set<string>();
  // Phase 0 is the paper's range; later phases (physical mode) run only when too few trials of the
  // previous phases had a real solution, e.g. x^2 + y^2 = 1, which has none for y in [2, 20].
  // Formulas with no variable in common can only disagree (or both be identities, which the paper's
  // range shows as well): no fallback ranges for them.
  // One formula solved for a trial's target (defined once per pair, not per trial).
  const solve = (f: PreparedFormula, target: string, assignment: Record<string, number>) => {
    const settings = f === a ? settingsA : settingsB;
    let s = settings.get(target);
    if (s === undefined) settings.set(target, (s = solverFor(f, target, options, scales[target])));
    const evalBudget = Math.min(s.cap, Math.max(1, budget - evals));
    const solved =
      reference !== undefined && f === b
        ? reference.solve(f, target, assignment, tol, evalBudget, s.solver)
        : solvePrepared(f, target, assignment, tol, evalBudget, s.solver);
    evals += solved.evals;
    return solved;
  };
  // One trial: both formulas solved for `target` at `assignment`, and what their sets say.
  // (`known`: a formula's solution already found at values that differ only in variables it does
  // not contain, which is its solution here too.)
  const judge = (target: string, assignment: Record<string, number>, known?: Known) => {
    // The cheaper formula is solved first. In physical mode a formula undefined at the drawn values
    // makes the trial fail whatever the other one gives, so the other (often a quadrature) is skipped.
    const solveOrKnown = (f: PreparedFormula) =>
      known?.formula === f ? known.solution : solve(f, target, assignment);
    const first = solveOrKnown(aFirst ? a : b);
    const second = mode === 'physical' && first.undefined === true ? undefined : solveOrKnown(aFirst ? b : a);
    const rawA = aFirst ? first : second;
    const rawB = aFirst ? second : first;
    let sa = rawA;
    let sb = rawB;
    // Physical mode: an angle is compared within one turn (its positive solutions below 2π), so
    // families of different periods that agree there — \cos\theta against \sin\frac{\theta}{2} —
    // are not told apart by the turns beyond it.
    if (mode === 'physical' && angles.has(target)) {
      sa = oneTurn(sa);
      sb = oneTurn(sb);
      // Two periodic families are compared where physical mode draws angles, inside a quarter turn,
      // when either has a member there: `\cos\theta = \sqrt{1 - x^2}` and `\sin\theta = x` agree
      // on acute angles ({a, 2π − a} against {a, π − a} in the whole turn).
      if (sa?.periodic === true && sb?.periodic === true) {
        const qa = quarterTurn(sa);
        const qb = quarterTurn(sb);
        if (hasPoint(qa) || hasPoint(qb)) {
          sa = qa;
          sb = qb;
        }
      }
    }
    // Physical mode: a count under an angle (`\sin\frac{\pi}{2n}`) is compared where its angles lie
    // within one turn (angle-variables.ts, `countBounds`).
    const least = counts?.get(target);
    if (least !== undefined) {
      sa = atLeast(sa, least);
      sb = atLeast(sb, least);
    }
    let outcome: Trial['outcome'] =
      sa === undefined || sb === undefined ? 'failed' : trialOutcome(sa, sb, tol, mode);
    // A rejection must rest on a point that rounding cannot explain (rounding-decides.ts).
    if (outcome === 'rejecting' && !rejectionStands(sa!.set, sb!.set, a, b, target, assignment, tol, mode))
      outcome = 'failed';
    return { sa, sb, rawA, rawB, outcome };
  };
  // Draws at the ends of the range (see `END_DRAW`). Trials are random draws, and a difference that
  // exists only in part of the range is missed by a target tried at too few of them:
  // - Physical mode: the variables only one formula writes are not targets (a variable that cancels,
  //   m in mv^2/r = GMm/r^2, would look like a difference), so what they do is seen only through
  //   the other targets' draws. `x = a` against `(x - a)(x^2 - b + 10) = 0`: solved for x, the
  //   second formula has the roots ±√(b − 10) only where b > 10, and x, tried once (it is not
  //   isolatable), was judged on whichever b the draw gave. Such a target's first draw is also tried
  //   with each of these variables at both ends of the range: the other formula does not depend on
  //   it, so when one formula's set changes across the range, the two cannot agree at both ends.
  // - A target retired as futile (its first draws all failed): `x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}`
  //   is real only where b² > 4ac, a small corner of the range, which four draws may all miss. It is
  //   tried at the corners where every other variable is at one end, or all but one are.
  // Only a rejection at such a draw counts (an agreement at a chosen value is not a random draw).
  const lopsided =
    mode === 'physical' ? union.filter((v) => !pinned.has(v) && a.variables.includes(v) !== inB.has(v)) : [];
  const others = (target: string) => union.filter((v) => v !== target && !pinned.has(v));
  // The value of variable `v` at the low or high end of [lo, hi], a little inside it and by a
  // different amount for each variable (so that no two are equal: a - b vanishing there is no test).
  const endValue = (v: string, high: boolean, lo: number, hi: number): number => {
    const i = union.indexOf(v);
    const inset = END_DRAW * (1 + i / (union.length + 1));
    const [l, h] = isAngle[i] ? ANGLE_RANGE : [lo, hi];
    let value = high ? h - (h - l) * inset : l + (h - l) * inset;
    if (isInteger[i]) value = Math.round(value);
    return value * scaleOf[i]!;
  };
  // A trial as recorded, with its range when drawn in a fallback phase (after the paper's range).
  const trialRecord = (
    target: string,
    assignment: Record<string, number>,
    sa: PreparedSolution | undefined,
    sb: PreparedSolution | undefined,
    outcome: Trial['outcome'],
    lo: number,
    hi: number,
    fallback: boolean,
  ): Mutable<Trial> => {
    const trial: Mutable<Trial> = {
      target,
      assignment,
      solutionsA: describe(sa),
      solutionsB: describe(sb),
      outcome,
    };
    if (fallback) trial.range = [lo, hi] as const;
    return trial;
  };
  const atEnds = (
    target: string,
    draws: readonly EndDraw[],
    lo: number,
    hi: number,
    fallback: boolean,
  ): Mutable<Trial> | undefined => {
    for (const { assignment, known } of draws) {
      const { sa, sb, outcome } = judge(target, assignment, known);
      if (outcome === 'rejecting') return trialRecord(target, assignment, sa, sb, outcome, lo, hi, fallback);
    }
    return undefined;
  };
  // Values of the target at which `movesRoots` compares a formula's sides.
  const probesOf = (target: string, lo: number, hi: number): number[] => {
    const i = union.indexOf(target);
    const [l, h] = isAngle[i] ? ANGLE_RANGE : [lo, hi];
    return PROBES.map((u) => (l + (h - l) * u) * scaleOf[i]!);
  };
  // Each lopsided variable at either end, the others as drawn, where the formula that writes it has
  // the target more than once (a single occurrence is inverted, and the inversion's own domain is
  // seen by the isolating rotation's many draws): the other formula's solution is kept.
  const lopsidedEnds = (
    target: string,
    drawn: Record<string, number>,
    lo: number,
    hi: number,
    rawA: PreparedSolution,
    rawB: PreparedSolution,
  ): EndDraw[] => {
    const draws: EndDraw[] = [];
    for (const v of lopsided) {
      if (v === target) continue;
      const writer = inB.has(v) ? b : a;
      if (targetOccurrences(writer, target) <= 1) continue;
      const known: Known = writer === a ? { formula: b, solution: rawB } : { formula: a, solution: rawA };
      for (const high of [false, true]) {
        const value = endValue(v, high, lo, hi);
        if (movesRoots(writer, target, drawn, v, value, probesOf(target, lo, hi)))
          draws.push({ assignment: withValue(drawn, v, value), known });
      }
    }
    return draws;
  };
  // Every other variable at the low end, or the high end, or all but one of them (at most 2 + 2k draws).
  const corners = (target: string, drawn: Record<string, number>, lo: number, hi: number) => {
    // (A variable that only scales a formula's sides, K in K\,T/K, is left as drawn.)
    const probes = probesOf(target, lo, hi);
    const moves = (v: string, high: boolean) => {
      const value = endValue(v, high, lo, hi);
      return [a, b].some((f) => f.variables.includes(v) && movesRoots(f, target, drawn, v, value, probes));
    };
    const vs = others(target).filter((v) => moves(v, false) || moves(v, true));
    const draws: EndDraw[] = [];
    if (vs.length === 0 || vs.length > MAX_CORNER_VARIABLES) return draws;
    for (const high of [false, true]) {
      const base = copyNamedValues(drawn);
      for (const v of vs) base[v] = endValue(v, high, lo, hi);
      draws.push({ assignment: base });
      if (vs.length > 1)
        for (const v of vs) draws.push({ assignment: withValue(base, v, endValue(v, !high, lo, hi)) });
    }
    return draws;
  };
  // Targets to try at the ends of the range after the random draws: a lopsided target's first draw
  // (with both formulas' solutions there, `raw`), or a futile target's last one.
  const pending: {
    readonly target: string;
    readonly drawn: Record<string, number>;
    readonly lo: number;
    readonly hi: number;
    readonly fallback: boolean;
    readonly raw?: readonly [PreparedSolution, PreparedSolution];
  }[] = [];
  const phases = shared.length === 0 && mode === 'physical' ? [range] : [range, ...fallbacks];
  const total = maxTrials * phases.length;
  for (let t = 0; t < total; t++) {
    const phase = Math.floor(t / maxTrials);
    if (t % maxTrials === 0 && phase > 0 && nEq + nNeq >= minSuccesses) break;
    const [lo, hi] = phases[phase]!;
    if (phase !== currentPhase) {
      currentPhase = phase;
      futile.clear();
    }
    const live =
      exhausted.size === 0 && futile.retired.size === 0
        ? order
        : order.filter((v) => !exhausted.has(v) && !futile.retired.has(v));
    if (live.length === 0) {
      if (!order.some((v) => !exhausted.has(v))) break;
      t = (phase + 1) * maxTrials - 1; // every target futile in this phase: on to the next one
      continue;
    }
    const target = nextTarget(live, visited, isolatable, t);
    const firstVisit = !visited.has(target);
    visited.add(target);
    const assignment = namedValues();
    for (let i = 0; i < union.length; i++) {
      const v = union[i]!;
      let value = named === undefined ? prng!.uniform(lo, hi) : lo + (hi - lo) * named.uniform(v, t);
      if (isAngle[i]) value = ANGLE_RANGE[0] + ((value - lo) / (hi - lo)) * (ANGLE_RANGE[1] - ANGLE_RANGE[0]);
      if (isInteger[i]) value = Math.round(value);
      if (v !== target) assignment[v] = isPinned[i] ? 0 : value * scaleOf[i]!;
    }
    const { sa, sb, rawA, rawB, outcome: judged } = judge(target, assignment);
    const outcome = judged;
    if (sa?.truncated === true || sb?.truncated === true) exhausted.add(target);
    const trial = trialRecord(target, assignment, sa, sb, outcome, lo, hi, phase > 0);
    trials.push(trial);
    const wasRetired = futile.retired.has(target);
    futile.record(target, outcome !== 'failed');
    if (outcome === 'failed') {
      nFail++;
      // A target inside an integral that gave nothing once is not worth another quadrature scan.
      if (a.costlyVariables.includes(target) || b.costlyVariables.includes(target)) exhausted.add(target);
    } else if (outcome === 'not-rejecting') {
      nEq++;
      bothIdentities &&= sa?.set.kind === 'all' && sb?.set.kind === 'all';
    } else {
      nNeq++;
      counterexample = trial;
      break;
    }
    // A target tried once (not isolatable in both), or retired as futile just now, is tried again at
    // draws at the ends of the range once the random draws are done (see `lopsided`).
    if (
      firstVisit &&
      lopsided.length > 0 &&
      !isolatable.has(target) &&
      rawA !== undefined &&
      rawB !== undefined
    )
      pending.push({ target, drawn: assignment, lo, hi, fallback: phase > 0, raw: [rawA, rawB] });
    else if (!wasRetired && futile.retired.has(target))
      pending.push({ target, drawn: assignment, lo, hi, fallback: phase > 0 });
    if (t + 1 >= d.minTrials && nEq + nNeq >= minSuccesses) break;
    // One free variable (or none): no value is drawn, so every further trial would repeat this one.
    if (deterministic) break;
    // (work meter) the pair's or the response's work budget is spent.
    if (workExhausted()) {
      diagnostics.push(
        diagnostic('work-budget-exhausted', 'warning', `work budget spent after ${t + 1} trials`),
      );
      break;
    }
    if (evals >= budget) {
      diagnostics.push(
        diagnostic('budget-exhausted', 'warning', `${evals} evaluations after ${t + 1} trials`),
      );
      break;
    }
  }
  // The draws at the ends of the range can only reject: they are tried for a pair the random draws
  // found equivalent, and for no other (a pair already told apart, or undetermined, pays nothing).
  if (nNeq === 0 && nEq >= (deterministic ? 1 : minEqual))
    for (const p of pending) {
      if (workExhausted()) break;
      const draws =
        p.raw === undefined
          ? corners(p.target, p.drawn, p.lo, p.hi)
          : lopsidedEnds(p.target, p.drawn, p.lo, p.hi, p.raw[0], p.raw[1]);
      const found = atEnds(p.target, draws, p.lo, p.hi, p.fallback);
      if (found !== undefined) {
        trials.push(found);
        nNeq++;
        counterexample = found;
        break;
      }
    }
  let verdict: Verdict;
  if (nNeq > 0) verdict = 'different';
  else if (nEq >= (deterministic ? 1 : minEqual)) {
    verdict = 'equivalent';
    if (mode === 'physical' && bothIdentities && !identitiesAgree(a, b)) {
      verdict = 'different';
      diagnostics.push(diagnostic('identities-differ', 'info', 'two identities about different things'));
    }
  } else {
    verdict = 'undetermined';
    if (!diagnostics.some((x) => x.code === 'budget-exhausted' || x.code === 'work-budget-exhausted')) {
      diagnostics.push(
        diagnostic(
          'too-few-successes',
          'warning',
          `${nEq} of ${trials.length} trials succeeded (need ${minEqual})`,
        ),
      );
    }
  }
  // (`one-variable`: the verdict rests on one trial, which any other would repeat exactly.)
  const evidence = withEvidence(base, {
    trials,
    nEq,
    nNeq,
    nFail,
    ...(counterexample === undefined ? {} : { counterexample }),
    ...(deterministic ? { shortcut: 'one-variable' } : {}),
  });
  return { verdict, evidence, diagnostics };
}

/**
 * Both formulas state a value of one quantity: their only variable, or their one common variable
 * when every other one cancels (`T \cdot \frac{K}{K} = 254.6`: its effective variables, see
 * `effectiveVariables`, are {T}).
 */
function statesOneValue(
  a: PreparedFormula,
  b: PreparedFormula,
  union: readonly string[],
  mode: EquivalenceMode,
): boolean {
  if (union.length === 1) return true;
  const common = a.variables.filter((v) => b.variables.includes(v));
  if (common.length !== 1 || union.length > 4) return false;
  const only = (f: PreparedFormula) => {
    const effective = effectiveVariables(f, mode);
    return effective?.every((v) => v === common[0]) === true;
  };
  return only(a) && only(b);
}

/** An angle's solutions up to one turn: points above 2π (and a rounding margin) are left out. */
function oneTurn(solution: PreparedSolution | undefined): PreparedSolution | undefined {
  if (solution === undefined || solution.set.kind !== 'points') return solution;
  const values = solution.set.values.filter((x) => x <= ONE_TURN);
  if (values.length === solution.set.values.length) return solution;
  return { ...solution, set: { kind: 'points', values } };
}

const ONE_TURN = 2 * Math.PI * (1 + 1e-9);

/** A count's solutions from `least` on (with a rounding margin). */
function atLeast(solution: PreparedSolution | undefined, least: number): PreparedSolution | undefined {
  if (solution === undefined || solution.set.kind !== 'points') return solution;
  const floor = least * (1 - 1e-9);
  const values = solution.set.values.filter((x) => x >= floor);
  if (values.length === solution.set.values.length) return solution;
  return { ...solution, set: { kind: 'points', values } };
}

/** An angle's solutions inside a quarter turn, (0, π/2] with a rounding margin. */
function quarterTurn(solution: PreparedSolution): PreparedSolution {
  if (solution.set.kind !== 'points') return solution;
  const values = solution.set.values.filter((x) => x > 0 && x <= QUARTER_TURN);
  if (values.length === solution.set.values.length) return solution;
  return { ...solution, set: { kind: 'points', values } };
}

const QUARTER_TURN = (Math.PI / 2) * (1 + 1e-9);

function hasPoint(solution: PreparedSolution): boolean {
  return solution.set.kind === 'points' && solution.set.values.length > 0;
}

/** Where in the range the target is probed (see `movesRoots`). */
const PROBES: readonly number[] = [0.137, 0.519, 0.883];

/** A formula's solution known for a draw (see `judge`). */
interface Known {
  readonly formula: PreparedFormula;
  readonly solution: PreparedSolution;
}

/** A draw at the ends of the range, with a formula's solution when it is already known there. */
interface EndDraw {
  readonly assignment: Record<string, number>;
  readonly known?: Known;
}

/**
 * How far inside the range a draw at its end lies, as a share of the range (each variable a little
 * further in than the one before it).
 */
const END_DRAW = 0.01;

/** Most other variables for which a futile target's corner draws are tried (2 + 2k draws). */
const MAX_CORNER_VARIABLES = 6;

/** Failed trials in a row, from a target's first trial of a phase on, after which it is retired. */
const FUTILE_AFTER = 4;

/** Per-phase bookkeeping of targets that never gave a real solution. */
function futility() {
  const failures = new Map<string, number>();
  const succeeded = new Set<string>();
  const retired = new Set<string>();
  return {
    retired: retired as ReadonlySet<string>,
    record(target: string, success: boolean): void {
      if (success) succeeded.add(target);
      if (succeeded.has(target)) return;
      const n = (failures.get(target) ?? 0) + 1;
      failures.set(target, n);
      if (n >= FUTILE_AFTER) retired.add(target);
    },
    clear(): void {
      failures.clear();
      succeeded.clear();
      retired.clear();
    },
  };
}

/** Both formulas have `target` once in every branch (the solver isolates it). */
function isolatedInBoth(target: string, a: PreparedFormula, b: PreparedFormula): boolean {
  return targetOccurrences(a, target) <= 1 && targetOccurrences(b, target) <= 1;
}

/**
 * The target of trial `t`: the first live target not yet tried, else the live isolatable targets in
 * turn, else every live target in turn (the paper's rotation).
 */
function nextTarget(
  live: readonly string[],
  visited: ReadonlySet<string>,
  isolatable: ReadonlySet<string>,
  t: number,
): string {
  // Loops rather than find/filter: this runs at every trial, and the lists are a few names long.
  let easy = 0;
  for (let i = 0; i < live.length; i++) {
    const v = live[i]!;
    if (!visited.has(v)) return v;
    if (isolatable.has(v)) easy++;
  }
  if (easy === 0) return live[t % live.length]!;
  let k = t % easy;
  for (let i = 0; i < live.length; i++) {
    const v = live[i]!;
    if (isolatable.has(v) && k-- === 0) return v;
  }
  return live[0]!; // (unreachable: k < easy)
}

/**
 * A bare expression compared with an equation `s = …` (or `… = s`) whose other side is a lone
 * symbol is read as `s = expression`: a final answer `\sqrt{2gh}` against `v = \sqrt{2gh}`.
 */
function asEquationAgainst(p: PreparedFormula, other: PreparedFormula): PreparedFormula {
  if (p.kind !== 'expression' || other.kind !== 'equation' || other.tree?.type !== 'relation') return p;
  const [left, right] = other.tree.args as [Node, Node];
  const label = left.type === 'symbol' ? left : right.type === 'symbol' ? right : undefined;
  if (label === undefined) return p;
  const variables = sortStrings([...new Set([...p.variables.filter((v) => v !== VALUE_SYMBOL), label.name])]);
  return {
    ...p,
    kind: 'equation',
    branches: p.branches.map(({ rhs }) => ({ lhs: label, rhs })),
    variables,
    canonical: `${label.name}=${p.canonical}`,
  };
}

/** A trial's solutions as recorded: `'not solved'` when the trial failed on the other formula first. */
function describe(solution: PreparedSolution | undefined): readonly number[] | string {
  if (solution === undefined) return 'not solved';
  if (solution.undefined === true) return 'undefined';
  const set = solution.set;
  if (set.kind === 'all') return 'all';
  if (set.kind === 'points') return set.values;
  if (set.intervals.length === 0) return 'none';
  const end = (x: number) => (x === Infinity ? 'inf' : x === -Infinity ? '-inf' : String(x));
  return set.intervals
    .map((iv) => `${iv.loClosed ? '[' : '('}${end(iv.lo)}, ${end(iv.hi)}${iv.hiClosed ? ']' : ')'}`)
    .join(' U ');
}

/**
 * Differentials that only a derivative operator introduced: `\frac{d}{dt}(\tfrac12 m v^2)` expands by
 * the total-derivative rule to `\tfrac12 v^2\,dm/dt + m v\,dv/dt`. When the other formula uses `m` but
 * never `dm`, the quantity is taken as constant (`dm` pinned to 0), as a physicist reads the step.
 * Only for formulas that contain a derivative operator, so an explicit `\frac{dm}{dt}` term (a rocket)
 * still counts.
 */
function impliedConstants(a: PreparedFormula, b: PreparedFormula): Set<string> {
  const pinned = new Set<string>();
  const scan = (x: PreparedFormula, other: PreparedFormula) => {
    if (x.derivativeVariables.length === 0) return;
    const otherVars = new Set(other.variables);
    for (const v of x.variables) {
      const base = /^d\d*\{(.+)\}$/.exec(v)?.[1];
      if (base === undefined || x.derivativeVariables.includes(base)) continue;
      if (!otherVars.has(v) && otherVars.has(base) && x.variables.includes(base)) pinned.add(v);
    }
  };
  scan(a, b);
  scan(b, a);
  return pinned;
}

/**
 * Solver settings for one formula and target. A target inside an integral or series costs a
 * quadrature per probe point, so its scan is coarse (3 points a decade over 1e-2…1e3, times the
 * target's scale, where the quadrature of a peaked integrand stays accurate) and capped at 160 probes; a truncated solve makes the trial fail (and retires the target) rather than the pair run for seconds.
 */
function solverFor(
  formula: PreparedFormula,
  target: string,
  options: EquivalenceOptions,
  scale: number | undefined,
): { solver: Omit<SolveOptions, 'evalBudget'>; cap: number } {
  const costly = formula.costlyVariables.includes(target);
  // The common case shares one settings object (the solver resolves its defaults once per object).
  if (options.solverPaths === undefined && scale === undefined && !costly) return PLAIN_SOLVER;
  const solver: Mutable<SolveOptions> = {};
  if (options.solverPaths !== undefined) solver.paths = options.solverPaths;
  if (scale !== undefined) solver.scale = scale;
  if (!costly) return { solver, cap: Number.POSITIVE_INFINITY };
  solver.pointsPerDecade = 3;
  solver.minAbs = 1e-2;
  solver.maxAbs = 1e3;
  solver.linearPoints = 21;
  return { solver, cap: 160 };
}

/** Solver settings without options, scale or quadrature cap (one object for every such target). */
const PLAIN_SOLVER: { solver: Omit<SolveOptions, 'evalBudget'>; cap: number } = Object.freeze({
  solver: Object.freeze({}),
  cap: Number.POSITIVE_INFINITY,
});

/** A copy of `values` with `v` set to `value` (see `namedValues`). */
function withValue(
  values: Readonly<Record<string, number>>,
  v: string,
  value: number,
): Record<string, number> {
  const out = copyNamedValues(values);
  out[v] = value;
  return out;
}
