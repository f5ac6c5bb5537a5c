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
  // The candidates of one step and the next: two lists kept across calls (isolate never runs inside
  // itself), so a solve allocates only its roots.
  let ts = current.reset();
  ts.push(c);
  let next = following;
  for (const step of plan.steps) {
    next.reset();
    // An operand that does not involve the target is not finite: undefined whatever the target
    // (a divergent series factor, ln of a negative constant part).
    if ('other' in step && ts.n > 0 && !Number.isFinite(step.other(eq.buf))) return 'undefined';
    for (let i = 0; i < ts.n; i++) {
      if (!invert(step, ts.values[i]!, eq, window, next, maxCandidates)) return undefined;
      if (next.n > maxCandidates) {
        eq.truncated = true;
        next.n = maxCandidates;
        break;
      }
    }
    const done = ts;
    ts = next;
    next = done;
  }
  // The verified candidates are moved to the front of the list, then copied out at their exact
  // count (a list grown by push from empty reserves 17 slots, and most solves keep one root).
  const values = ts.values;
  let kept = 0;
  for (let i = 0; i < ts.n; i++) {
    const x = values[i]!;
    if (eq.exhausted()) break;
    if (Number.isFinite(x) && Math.abs(x) <= window && (eq.isRoot(x) || eq.isConditionedRoot(x)))
      values[kept++] = x;
  }
  return values.slice(0, kept);
}

/** A list of candidates: the first `n` of `values` (the rest is stale). */
class Candidates {
  values: number[] = [];
  n = 0;

  /** Empties the list (a long one gives its storage back). */
  reset(): this {
    if (this.values.length > 4096) this.values = [];
    this.n = 0;
    return this;
  }

  /** Appends u unless it is NaN. */
  push(u: number): true {
    if (!Number.isNaN(u)) this.values[this.n++] = u;
    return true;
  }

  /** Appends u (a periodic family's members, as enumerated). */
  add(u: number): void {
    this.values[this.n++] = u;
  }
}

const current = new Candidates();
const following = new Candidates();

function invert(step: Step, t: number, eq: Equation, window: number, out: Candidates, cap: number): boolean {
  if (step.kind === 'neg') return out.push(-t);
  if (step.kind === 'fn') {
    for (const u of INVERSE_FUNCTIONS[step.fn]!(t)) out.push(u);
    return true;
  }
  if (step.kind === 'periodic') return periodic(step, t, eq, window, out, cap);
  const o = step.other(eq.buf);
  switch (step.kind) {
    case 'add':
      return out.push(t - o);
    case 'subL':
      return out.push(t + o);
    case 'subR':
      return out.push(o - t);
    case 'mul':
      return o !== 0 && out.push(t / o);
    case 'divL':
      return o !== 0 && out.push(t * o);
    case 'divR':
      return o !== 0 && (t === 0 || out.push(o / t));
    case 'powBase': {
      if (o === 0) return false;
      if (t === 0) return o < 0 || out.push(0);
      const r = Math.abs(t) ** (1 / o);
      if (t > 0) out.push(r);
      return out.push(-r);
    }
    case 'powExp':
      return o > 0 && o !== 1 && (t <= 0 || out.push(Math.log(t) / Math.log(o)));
    case 'logArg':
      return out.push(o ** t);
    case 'logBase':
      return t === 0 || out.push(o ** (1 / t));
    case 'rootArg':
      return out.push(t ** o);
    case 'rootIndex':
      return out.push(Math.log(o) / Math.log(t));
  }
}

function periodic(
  step: Step & { kind: 'periodic' },
  t: number,
  eq: Equation,
  window: number,
  out: Candidates,
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
    for (let k = k0; k <= k1 && out.n <= cap; k++) out.add(b + k * period);
  }
  return true;
}
