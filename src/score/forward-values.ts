import { createPrng } from '../core/prng.js';
import { stripMath } from '../core/strip-math.js';
import { checkWitness, prepareWitnessFormulas } from '../dag/check-witness.js';
import { problemStatement } from '../dag/given-nodes.js';
import type { Problem } from '../dag/types.js';
import { prepareFormula, symbolName, VALUE_SYMBOL } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { extractFormulas } from '../extract/extract-formulas.js';
import { parseLatex } from '../latex/index.js';
import { compile } from '../numeric/index.js';
import { chargeRecorded, metered } from '../numeric/work-meter.js';
import { expressionValue } from './numeric-answer.js';

/**
 * The reference DAG solved forward (the witness walk of `prism validate`): at the problem's witness
 * and at seeded variations of its inputs, the value every quantity of the DAG takes. Lets the
 * final-answer check compare an answer written in the given quantities (or with the given numbers
 * substituted) against a reference written with intermediate symbols (`P = \tau\omega`,
 * `\bar V = E_{\min}/3`).
 */
export interface ForwardValues {
  /** The witness inputs (canonical names). */
  readonly inputs: ReadonlySet<string>;
  /** Solved points, the witness first; each holds the inputs and every solved quantity. */
  readonly points: readonly Readonly<Record<string, number>>[];
}

/** Points solved besides the witness itself. */
const VARIATIONS = 6;
/** Work cap of solving one problem forward at every point (detached: the result is memoized). */
const FORWARD_WORK = 3_000_000;

const memo = new WeakMap<Problem, { value: ForwardValues | undefined; work: number }>();
const inputsMemo = new WeakMap<Problem, ReadonlySet<string> | undefined>();
const statedMemo = new WeakMap<Problem, { value: boolean; work: number }>();

/**
 * The forward values of a problem with a witness (undefined without one, or when the walk leaves a
 * quantity undetermined at the witness). Memoized per problem object; a memoized result re-charges
 * the work it cost (undefined when the caller's budget cannot afford it), so a verdict never depends
 * on what was scored before.
 */
export function forwardValues(problem: Problem): ForwardValues | undefined {
  return memoized(memo, problem, FORWARD_WORK, () => solveForward(problem), undefined);
}

/** The canonical names of a problem's witness inputs (cheap: no solving); undefined without a witness. */
export function witnessInputs(problem: Problem): ReadonlySet<string> | undefined {
  if (inputsMemo.has(problem)) return inputsMemo.get(problem);
  const witness = problem.witness?.[0];
  let names: Set<string> | undefined;
  if (witness !== undefined) {
    names = new Set<string>();
    for (const key of Object.keys(witness)) {
      const name = symbolName(key);
      if (name === undefined) {
        names = undefined;
        break;
      }
      names.add(name);
    }
  }
  inputsMemo.set(problem, names);
  return names;
}

/**
 * Whether the witness is the problem's own data: every input's value is a value its text writes
 * (in SI, to 1e-6). Memoized and re-charged like {@link forwardValues}; false when unaffordable.
 */
export function witnessStated(problem: Problem): boolean {
  const witness = problem.witness?.[0];
  if (witness === undefined) return false;
  return memoized(
    statedMemo,
    problem,
    FORWARD_WORK,
    () => statesInputs(problem, Object.values(witness)),
    false,
  );
}

function memoized<T>(
  table: WeakMap<Problem, { value: T; work: number }>,
  problem: Problem,
  cap: number,
  compute: () => T,
  fallback: T,
): T {
  const known = table.get(problem);
  if (known === undefined) {
    const run = metered(cap, compute, true);
    const value = run.capped ? fallback : run.value;
    table.set(problem, { value, work: run.work });
    return value;
  }
  return chargeRecorded(known.work) ? known.value : fallback;
}

const alongMemo = new WeakMap<Problem, Map<string, { value: ForwardValues | undefined; work: number }>>();
const statedExceptMemo = new WeakMap<Problem, Map<string, { value: boolean; work: number }>>();

/**
 * The DAG solved forward at the witness with only the inputs `free` varied (a time `t`, a position
 * `x` the answer keeps as a variable): the witness first, then seeded variations of those inputs.
 * Memoized per problem and set of names, re-charged like {@link forwardValues}.
 */
export function forwardAlong(problem: Problem, free: readonly string[]): ForwardValues | undefined {
  const key = [...free].sort().join('\u241e');
  let table = alongMemo.get(problem);
  if (table === undefined) alongMemo.set(problem, (table = new Map()));
  return memoizedIn(table, key, FORWARD_WORK, () => solveForward(problem, new Set(free)), undefined);
}

/**
 * Whether every witness input but `free` is the problem's own data (its value written in the
 * text, as {@link witnessStated} reads it). Memoized per problem and set of names.
 */
export function witnessStatedExcept(problem: Problem, free: readonly string[]): boolean {
  const witness = problem.witness?.[0];
  if (witness === undefined) return false;
  const skip = new Set(free);
  const values = Object.entries(witness)
    .filter(([k]) => !skip.has(symbolName(k) ?? k))
    .map(([, v]) => v);
  if (values.length === 0) return false;
  const key = [...skip].sort().join('\u241e');
  let table = statedExceptMemo.get(problem);
  if (table === undefined) statedExceptMemo.set(problem, (table = new Map()));
  return memoizedIn(table, key, FORWARD_WORK, () => statesInputs(problem, values), false);
}

function memoizedIn<T>(
  table: Map<string, { value: T; work: number }>,
  key: string,
  cap: number,
  compute: () => T,
  fallback: T,
): T {
  const known = table.get(key);
  if (known === undefined) {
    const run = metered(cap, compute, true);
    const value = run.capped ? fallback : run.value;
    table.set(key, { value, work: run.work });
    return value;
  }
  return chargeRecorded(known.work) ? known.value : fallback;
}

/** Solves forward at the witness and at variations of its inputs (of `vary` only, when given). */
function solveForward(problem: Problem, vary?: ReadonlySet<string>): ForwardValues | undefined {
  const witness = problem.witness?.[0];
  if (witness === undefined) return undefined;
  const base: Record<string, number> = {};
  const keyOf = new Map<string, string>();
  for (const [key, value] of Object.entries(witness)) {
    const name = symbolName(key);
    if (name === undefined || !Number.isFinite(value)) return undefined;
    base[name] = value;
    keyOf.set(name, key);
  }
  const inputs = new Set(Object.keys(base));
  if (inputs.size === 0) return undefined;
  const walked = withoutInequalities(problem);
  const prepared = prepareWitnessFormulas(walked);
  // The walk reads the witness by its keys as written.
  const solve = (values: Readonly<Record<string, number>>) => {
    const keyed: Record<string, number> = {};
    for (const [name, value] of Object.entries(values)) keyed[keyOf.get(name)!] = value;
    const report = checkWitness({ ...walked, witness: [keyed] }, prepared);
    if (report.diagnostics.some((d) => d.severity === 'error')) return undefined;
    return report.solutions[0];
  };
  const first = solve(base);
  if (first === undefined) return undefined;
  const points = [first];
  const prng = createPrng(`forward\u241e${problem.id}`);
  for (let k = 0; k < VARIATIONS; k++) {
    const varied: Record<string, number> = {};
    for (const [name, value] of Object.entries(base)) {
      const factor = Math.exp(prng.uniform(-0.4, 0.4));
      varied[name] = vary === undefined || vary.has(name) ? value * factor : value;
    }
    const point = solve(varied);
    if (point !== undefined) points.push(point);
  }
  return { inputs, points };
}

/**
 * The problem without its inequality nodes: a range (`v_{\min} \le v \le v_{\max}`) gives no quantity a
 * value, so the walk solves the nodes that do and leaves the range to the final-answer check.
 */
function withoutInequalities(problem: Problem): Problem {
  const inequality = (formula: string) => {
    const parsed = parseLatex(stripMath(formula).latex);
    return (
      parsed.ok &&
      parsed.tree.type === 'relation' &&
      parsed.tree.ops.every((op) => op === '<' || op === '<=' || op === '>' || op === '>=')
    );
  };
  const keep = problem.grading_standard.filter((n) => !inequality(n.formula));
  if (keep.length === problem.grading_standard.length) return problem;
  const kept = new Set(keep.map((n) => n.index));
  const grading_standard = keep.map((n) => ({ ...n, dependency: n.dependency.filter((d) => kept.has(d)) }));
  return { ...problem, grading_standard };
}

/** Whether every witness value is a value the problem text writes (in SI, to 1e-6). */
function statesInputs(problem: Problem, values: readonly number[]): boolean {
  const options = problem.constants === undefined ? {} : { constants: problem.constants };
  const extraction = extractFormulas(problemStatement(problem));
  const written: number[] = [];
  for (const f of [...extraction.candidates, ...extraction.formulas]) {
    const p = prepareFormula(f.latex, options);
    if (p.ok && p.kind === 'expression') {
      const v = expressionValue(p);
      if (v !== undefined) written.push(v);
    } else if (p.ok && p.kind === 'equation') {
      // `m = 2\,\mathrm{kg}`: the value side.
      const side = f.latex.split('=').at(-1);
      const q = side === undefined ? undefined : prepareFormula(side, options);
      const v = q === undefined ? undefined : expressionValue(q);
      if (v !== undefined) written.push(v);
    }
  }
  return values.every((value) =>
    written.some((w) => Math.abs(w - value) <= 1e-6 * Math.max(Math.abs(value), 1e-300)),
  );
}

/** Evaluates a prepared expression at a point (NaN when a variable has no value there). */
export function valueAt(p: PreparedFormula, point: Readonly<Record<string, number>>): number {
  if (!p.ok || p.kind !== 'expression' || p.branches.length !== 1) return Number.NaN;
  const names = p.variables.filter((v) => v !== VALUE_SYMBOL);
  if (names.some((v) => point[v] === undefined)) return Number.NaN;
  return compile(p.branches[0]!.rhs, names).fn(new Float64Array(names.map((v) => point[v]!)));
}
