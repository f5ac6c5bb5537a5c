import type { FunctionName, Node } from '../core/tree.js';
import { type Compiled, compile } from './compile.js';
import type { Equation } from './equation.js';
import { INVERSE_FUNCTIONS, PERIODIC_INVERSES } from './inverse-functions.js';
import { occurrences } from './occurrences.js';

type Ev = (v: Float64Array) => number;

/** One operation on the path from a side's root down to the single occurrence of the target. */
export type Step =
  | { readonly kind: 'neg' }
  | { readonly kind: 'fn'; readonly fn: FunctionName }
  | { readonly kind: 'periodic'; readonly fn: FunctionName; readonly inner: Ev }
  | {
      readonly kind: 'add' | 'subL' | 'subR' | 'mul' | 'divL' | 'divR' | 'powBase' | 'powExp';
      readonly other: Ev;
    }
  | { readonly kind: 'logArg' | 'logBase' | 'rootArg' | 'rootIndex'; readonly other: Ev };

/** Path A: invert `steps` starting from the value of `other` (the side without the target). */
export interface IsolationPlan {
  readonly other: Ev;
  readonly steps: readonly Step[];
}

/**
 * Builds the isolation plan when the target occurs exactly once (in `withTarget`), through
 * invertible operations only, and every periodic function on the path has an affine argument in the
 * target (so its branches over the window can be enumerated). Otherwise undefined. `compiled`: the
 * other side already compiled over `variables` (reused, not compiled again), when its compiling
 * does not depend on the work meter.
 */
export function planIsolation(
  withTarget: Node,
  other: Node,
  target: string,
  variables: readonly string[],
  compiled?: Compiled,
): IsolationPlan | undefined {
  const ev = (n: Node): Ev => compile(n, variables).fn;
  const has = (n: Node): boolean => occurrences(n, target).count > 0;
  const steps: Step[] = [];
  let node = withTarget;
  while (!(node.type === 'symbol' || node.type === 'differential' || node.type === 'opaque')) {
    if (node.type === 'unary') {
      if (node.op === '-') steps.push({ kind: 'neg' });
      else if (node.op !== '+') return undefined;
      node = node.arg;
    } else if (node.type === 'binary') {
      const left = has(node.left);
      const child = left ? node.left : node.right;
      const other = ev(left ? node.right : node.left);
      const kind = BINARY_STEPS[`${node.op}${left ? 'L' : 'R'}`];
      if (kind === undefined) return undefined;
      steps.push({ kind, other });
      node = child;
    } else if (node.type === 'call') {
      const i = node.args.findIndex(has);
      const child = node.args[i];
      if (child === undefined) return undefined;
      const second = node.args[1 - i];
      if (node.args.length === 2 && second !== undefined && (node.fn === 'log' || node.fn === 'sqrt')) {
        const kind = node.fn === 'log' ? (i === 0 ? 'logArg' : 'logBase') : i === 0 ? 'rootArg' : 'rootIndex';
        steps.push({ kind, other: ev(second) });
      } else if (node.args.length !== 1) {
        return undefined;
      } else if (PERIODIC_INVERSES[node.fn] !== undefined) {
        if (!isAffine(child, has)) return undefined;
        steps.push({ kind: 'periodic', fn: node.fn, inner: ev(child) });
      } else if (INVERSE_FUNCTIONS[node.fn] !== undefined) {
        steps.push({ kind: 'fn', fn: node.fn });
      } else {
        return undefined;
      }
      node = child;
    } else {
      return undefined;
    }
  }
  return { other: compiled?.fn ?? ev(other), steps };
}

const BINARY_STEPS: Readonly<
  Record<string, 'add' | 'subL' | 'subR' | 'mul' | 'divL' | 'divR' | 'powBase' | 'powExp'>
> = {
  '+L': 'add',
  '+R': 'add',
  '-L': 'subL',
  '-R': 'subR',
  '*L': 'mul',
  '*R': 'mul',
  '/L': 'divL',
  '/R': 'divR',
  '^L': 'powBase',
  '^R': 'powExp',
};

function isAffine(node: Node, has: (n: Node) => boolean): boolean {
  for (;;) {
    if (node.type === 'symbol' || node.type === 'differential' || node.type === 'opaque') return true;
    if (node.type === 'unary' && (node.op === '-' || node.op === '+')) node = node.arg;
    else if (node.type === 'binary' && (node.op === '+' || node.op === '-' || node.op === '*')) {
      node = has(node.left) ? node.left : node.right;
    } else if (node.type === 'binary' && node.op === '/' && has(node.left)) node = node.left;
    else return false;
  }
}

/**
 * Solves by inverting the plan: candidates for each node on the path, from the other side's value
 * down to the target; periodic steps enumerate the branches whose target lies in [−window, window].
 * Every candidate inside the window is verified by substitution. Returns undefined when a step is
 * degenerate (e.g. multiplication by 0), `'undefined'` when the other side is not finite.
 */
export function isolate(
  eq: Equation,
  plan: IsolationPlan,
  window: number,
  maxCandidates: number,
): number[] | 'undefined' | undefined {
  const c = plan.other(eq.buf);
  eq.evals++;
  if (!Number.isFinite(c)) return 'undefined';
  let ts = [c];
  for (const step of plan.steps) {
    const next: number[] = [];
    // An operand that does not involve the target is not finite: undefined whatever the target
    // (a divergent series factor, ln of a negative constant part).
    if ('other' in step && ts.length > 0 && !Number.isFinite(step.other(eq.buf))) return 'undefined';
    for (const t of ts) {
      if (!invert(step, t, eq, window, next, maxCandidates)) return undefined;
      if (next.length > maxCandidates) {
        eq.truncated = true;
        next.length = maxCandidates;
        break;
      }
    }
    ts = next;
  }
  const roots: number[] = [];
  for (const x of ts) {
    if (eq.exhausted()) break;
    if (Number.isFinite(x) && Math.abs(x) <= window && (eq.isRoot(x) || eq.isConditionedRoot(x)))
      roots.push(x);
  }
  return roots;
}

function invert(step: Step, t: number, eq: Equation, window: number, out: number[], cap: number): boolean {
  if (step.kind === 'neg') return push(out, -t);
  if (step.kind === 'fn') {
    for (const u of INVERSE_FUNCTIONS[step.fn]!(t)) push(out, u);
    return true;
  }
  if (step.kind === 'periodic') return periodic(step, t, eq, window, out, cap);
  const o = step.other(eq.buf);
  switch (step.kind) {
    case 'add':
      return push(out, t - o);
    case 'subL':
      return push(out, t + o);
    case 'subR':
      return push(out, o - t);
    case 'mul':
      return o !== 0 && push(out, t / o);
    case 'divL':
      return o !== 0 && push(out, t * o);
    case 'divR':
      return o !== 0 && (t === 0 || push(out, o / t));
    case 'powBase': {
      if (o === 0) return false;
      if (t === 0) return o < 0 || push(out, 0);
      const r = Math.abs(t) ** (1 / o);
      if (t > 0) push(out, r);
      return push(out, -r);
    }
    case 'powExp':
      return o > 0 && o !== 1 && (t <= 0 || push(out, Math.log(t) / Math.log(o)));
    case 'logArg':
      return push(out, o ** t);
    case 'logBase':
      return t === 0 || push(out, o ** (1 / t));
    case 'rootArg':
      return push(out, t ** o);
    case 'rootIndex':
      return push(out, Math.log(o) / Math.log(t));
  }
}

function periodic(
  step: Step & { kind: 'periodic' },
  t: number,
  eq: Equation,
  window: number,
  out: number[],
  cap: number,
): boolean {
  const { bases, period } = PERIODIC_INVERSES[step.fn]!(t);
  eq.buf[eq.slot] = 0;
  const beta = step.inner(eq.buf);
  eq.buf[eq.slot] = 1;
  const alpha = step.inner(eq.buf) - beta;
  eq.evals += 2;
  if (!Number.isFinite(alpha) || !Number.isFinite(beta) || alpha === 0) return false;
  const lo = beta - Math.abs(alpha) * window - period;
  const hi = beta + Math.abs(alpha) * window + period;
  for (const b of bases) {
    const k0 = Math.ceil((lo - b) / period);
    const k1 = Math.floor((hi - b) / period);
    for (let k = k0; k <= k1 && out.length <= cap; k++) out.push(b + k * period);
  }
  return true;
}

function push(out: number[], u: number): true {
  if (!Number.isNaN(u)) out.push(u);
  return true;
}
