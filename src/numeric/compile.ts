import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Node } from '../core/tree.js';
import type { NumericCode } from './codes.js';
import { compileCall } from './compile-call.js';
import { compilePower } from './compile-power.js';
import { expandDerivatives } from './expand-derivatives.js';
import { gamma } from './gamma.js';
import { integrate } from './integrate.js';
import { sumSeries } from './sum-series.js';
import { variableKey } from './variable-key.js';
import { workEpoch, workExhausted } from './work-meter.js';

/** A compiled formula: `fn(values)` reads variable i from `values[i]` (the order given to `compile`). */
export interface Compiled {
  readonly fn: (values: Float64Array) => number;
  readonly diagnostics: readonly Diagnostic[];
  /** Nodes compiled (after derivative expansion): the work of compiling, and a measure of the cost of one call. */
  readonly size: number;
}

/** Most integrals and sums nested inside one another (∫∫∫ is 3); deeper ones are `nesting-too-deep`. */
export const MAX_NESTING = 3;

/** One compiled subtree: the closure, and its value when it does not depend on any variable. */
export interface Piece {
  readonly ev: (v: Float64Array) => number;
  readonly constant?: number;
}

/**
 * Compiles a tree to a closure over a `Float64Array` of variable values. Variables are looked up
 * by `variableKey` (symbols by name, differentials and opaque nodes by their printed text); a key
 * missing from `variables` evaluates to NaN with an `unbound-variable` diagnostic. Derivative nodes
 * are expanded symbolically first; constant subtrees are folded; definite integrals use adaptive
 * Gauss–Kronrod quadrature (NaN when it does not converge) and sums/products loop (see
 * `sumSeries`). NaN and ±∞ propagate; the closure never throws. Relations and lists are not
 * compiled (`not-compilable`): compile each side. Integrals and sums charge their work to the
 * active work meter (see `work-meter.ts`) and give NaN once it is spent; nesting deeper than
 * {@link MAX_NESTING} is `nesting-too-deep` (NaN).
 */
export function compile(tree: Node, variables: readonly string[]): Compiled {
  const ctx: Context = {
    index: new Map(variables.map((name, i) => [name, i])),
    bound: new Map(),
    diagnostics: [],
    seen: new Set(),
    refs: 0,
    nodes: 0,
    depth: 0,
    uses: [],
  };
  const piece = compileNode(expandDerivatives(tree), ctx);
  return { fn: piece.ev, diagnostics: ctx.diagnostics, size: ctx.nodes };
}

/** Compile state shared by the construct compilers. */
export interface Context {
  readonly index: ReadonlyMap<string, number>;
  /** Cells of integration and summation variables in scope (innermost wins). */
  readonly bound: Map<string, Float64Array>;
  readonly diagnostics: Diagnostic[];
  readonly seen: Set<string>;
  /** Count of free-variable references compiled so far (to fold variable-free integrals and sums). */
  refs: number;
  /** Nodes compiled so far. */
  nodes: number;
  /** Integrals and sums enclosing the node being compiled. */
  depth: number;
  /** Per enclosing integral or sum being compiled: the slots and bound cells its subtree reads. */
  readonly uses: { slots: Set<number>; cells: Set<Float64Array> }[];
}

/** A constant piece. */
export function constant(value: number): Piece {
  return { ev: () => value, constant: value };
}

/** Records a diagnostic once per (code, detail) and returns a NaN piece. */
export function fail(ctx: Context, code: NumericCode, message: string, node: Node): Piece {
  const key = `${code}:${message}`;
  if (!ctx.seen.has(key)) {
    ctx.seen.add(key);
    ctx.diagnostics.push(diagnostic(code, 'error', message, node.span));
  }
  return constant(Number.NaN);
}

/** Compiles one subtree (exported for the construct compilers). */
export function compileNode(node: Node, ctx: Context): Piece {
  ctx.nodes++;
  switch (node.type) {
    case 'number':
      return constant(node.value);
    case 'symbol':
    case 'differential':
    case 'opaque':
      return variable(variableKey(node), node, ctx);
    case 'unary':
      return unary(node.op, compileNode(node.arg, ctx), node, ctx);
    case 'binary':
      if (node.op === '^') return compilePower(compileNode(node.left, ctx), compileNode(node.right, ctx));
      if (node.op === '±' || node.op === '∓')
        return fail(ctx, 'unexpanded-pm', `unexpanded ${node.op}`, node);
      return binary(node.op, compileNode(node.left, ctx), compileNode(node.right, ctx));
    case 'call':
      return compileCall(node, ctx);
    case 'unit':
      return fail(ctx, 'unresolved-unit', `unit [${node.unit}] was not resolved`, node);
    case 'apply':
      return fail(ctx, 'unsupported-node', `application ${node.name}(…) was not normalized`, node);
    case 'relation':
    case 'list':
      return fail(ctx, 'not-compilable', `a ${node.type} has no single value; compile each side`, node);
    case 'derivative':
      return fail(
        ctx,
        'not-differentiable',
        `no symbolic derivative of this part w.r.t. ${node.variable}`,
        node,
      );
    case 'integral':
    case 'sum':
      return nested(node, ctx);
  }
}

function nested(node: Node & { type: 'integral' | 'sum' }, ctx: Context): Piece {
  if (ctx.depth >= MAX_NESTING)
    return fail(ctx, 'nesting-too-deep', `more than ${MAX_NESTING} nested integrals or sums`, node);
  ctx.depth++;
  const use = { slots: new Set<number>(), cells: new Set<Float64Array>() };
  ctx.uses.push(use);
  const piece = node.type === 'integral' ? integral(node, ctx) : sum(node, ctx);
  ctx.uses.pop();
  ctx.depth--;
  const parent = ctx.uses[ctx.uses.length - 1];
  if (parent !== undefined) {
    for (const i of use.slots) parent.slots.add(i);
    for (const c of use.cells) parent.cells.add(c);
  }
  return piece.constant === undefined ? { ev: remembered(piece.ev, use.slots, use.cells) } : piece;
}

/**
 * Quadrature and series are costly, and a root scan for a target that does not occur in them
 * evaluates them at every probe with the same inputs: the last value is kept with the inputs it
 * read (slots and enclosing bound cells) and reused while they are unchanged, within one solve
 * (`workEpoch`), so the work counted never depends on earlier calls. A value computed while the
 * meter ran out is not kept.
 */
function remembered(
  ev: (v: Float64Array) => number,
  slotSet: ReadonlySet<number>,
  cellSet: ReadonlySet<Float64Array>,
): (v: Float64Array) => number {
  const slots = Int32Array.from(slotSet);
  const cells = [...cellSet];
  const key = new Float64Array(slots.length + cells.length);
  let epoch = -1;
  let value = Number.NaN;
  return (v) => {
    let same = epoch === workEpoch();
    for (let k = 0; k < slots.length; k++) {
      const x = v[slots[k]!]!;
      if (x !== key[k]) {
        key[k] = x;
        same = false;
      }
    }
    for (let k = 0; k < cells.length; k++) {
      const x = cells[k]![0]!;
      if (x !== key[slots.length + k]) {
        key[slots.length + k] = x;
        same = false;
      }
    }
    if (same) return value;
    value = ev(v);
    epoch = workExhausted() ? -1 : workEpoch();
    return value;
  };
}

function variable(key: string, node: Node, ctx: Context): Piece {
  const cell = ctx.bound.get(key);
  const use = ctx.uses[ctx.uses.length - 1];
  if (cell !== undefined) {
    use?.cells.add(cell);
    return { ev: () => cell[0]! };
  }
  const i = ctx.index.get(key);
  if (i !== undefined) {
    use?.slots.add(i);
    ctx.refs++;
    return { ev: (v) => v[i]! };
  }
  if (key === 'infinity') return constant(Number.POSITIVE_INFINITY);
  return fail(ctx, 'unbound-variable', `variable ${key} is not bound`, node);
}

function unary(op: string, a: Piece, node: Node, ctx: Context): Piece {
  const f = a.ev;
  switch (op) {
    case '-':
      return a.constant !== undefined ? constant(-a.constant) : { ev: (v) => -f(v) };
    case '+':
      return a;
    case '!':
      return a.constant !== undefined ? constant(gamma(a.constant + 1)) : { ev: (v) => gamma(f(v) + 1) };
    default:
      return fail(ctx, 'unexpanded-pm', `unexpanded ${op}`, node);
  }
}

function binary(op: string, a: Piece, b: Piece): Piece {
  const f = a.ev;
  const g = b.ev;
  const x = a.constant;
  const y = b.constant;
  switch (op) {
    case '+':
      if (x !== undefined && y !== undefined) return constant(x + y);
      if (x !== undefined) return { ev: (v) => x + g(v) };
      if (y !== undefined) return { ev: (v) => f(v) + y };
      return { ev: (v) => f(v) + g(v) };
    case '-':
      if (x !== undefined && y !== undefined) return constant(x - y);
      if (x !== undefined) return { ev: (v) => x - g(v) };
      if (y !== undefined) return { ev: (v) => f(v) - y };
      return { ev: (v) => f(v) - g(v) };
    case '*':
      if (x !== undefined && y !== undefined) return constant(x * y);
      if (x !== undefined) return { ev: (v) => x * g(v) };
      if (y !== undefined) return { ev: (v) => f(v) * y };
      return { ev: (v) => f(v) * g(v) };
    default:
      if (x !== undefined && y !== undefined) return constant(x / y);
      if (x !== undefined) return { ev: (v) => x / g(v) };
      if (y !== undefined) return { ev: (v) => f(v) / y };
      return { ev: (v) => f(v) / g(v) };
  }
}

/**
 * Integrand evaluations one compiled definite integral may spend (Gauss–Kronrod: 15 for the first
 * panel, 30 per bisection). Smooth integrands converge in 15–135; what needs more is almost always divergent (∫_r^∞ E
 * dr with E constant) and costs this much at every probe of a root scan. Lowered from 3000: the 222
 * bundled and real answers score identically, the real ones with a third of the work.
 */
export const COMPILED_INTEGRAL_EVALS = 1005;

function integral(node: Node & { type: 'integral' }, ctx: Context): Piece {
  if (node.lower === undefined || node.upper === undefined) {
    return fail(ctx, 'indefinite-integral', `indefinite integral over ${node.variable}`, node);
  }
  const refs = ctx.refs;
  const lo = compileNode(node.lower, ctx).ev;
  const hi = compileNode(node.upper, ctx).ev;
  const body = scoped(node.variable, node.integrand, ctx);
  // A compiled integral is evaluated at every probe of a root scan: cap its work (a divergent
  // integral would otherwise spend the whole default budget each time).
  const ev = (v: Float64Array): number => {
    const r = integrate((t) => body.eval(v, t), lo(v), hi(v), {
      maxEvals: COMPILED_INTEGRAL_EVALS,
      unitCost: body.cost,
    });
    return r.ok ? r.value : Number.NaN;
  };
  return foldIfClosed(ev, refs, ctx);
}

function sum(node: Node & { type: 'sum' }, ctx: Context): Piece {
  const refs = ctx.refs;
  const lo = compileNode(node.lower, ctx).ev;
  const hi = compileNode(node.upper, ctx).ev;
  const body = scoped(node.index, node.body, ctx);
  return foldIfClosed(
    (v) => sumSeries(node.kind, (n) => body.eval(v, n), lo(v), hi(v), body.cost),
    refs,
    ctx,
  );
}

/** Evaluates once at compile time when no free variable was referenced since `refs`. */
function foldIfClosed(ev: (v: Float64Array) => number, refs: number, ctx: Context): Piece {
  return ctx.refs === refs && ctx.bound.size === 0 ? constant(ev(EMPTY)) : { ev };
}

const EMPTY = new Float64Array(0);

/** Work units one evaluation of a compiled subtree of `nodes` nodes costs. */
export function evalCost(nodes: number): number {
  return 1 + Math.floor(nodes / 16);
}

/**
 * Compiles `body` with `name` bound to a cell; `eval(v, x)` evaluates it at name = x; `cost` is the
 * work units of one evaluation.
 */
function scoped(
  name: string,
  body: Node,
  ctx: Context,
): { eval: (v: Float64Array, x: number) => number; cost: number } {
  const cell = new Float64Array(1);
  const outer = ctx.bound.get(name);
  ctx.bound.set(name, cell);
  const before = ctx.nodes;
  const f = compileNode(body, ctx).ev;
  const cost = evalCost(ctx.nodes - before);
  if (outer === undefined) ctx.bound.delete(name);
  else ctx.bound.set(name, outer);
  return {
    cost,
    eval: (v, x) => {
      const saved = cell[0]!;
      cell[0] = x;
      const y = f(v);
      cell[0] = saved;
      return y;
    },
  };
}
