import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Node } from '../core/tree.js';
import type { NumericCode } from './codes.js';
import { compileCall } from './compile-call.js';
import { compilePower } from './compile-power.js';
import { expandDerivatives } from './expand-derivatives.js';
import { gamma } from './gamma.js';
import { integrate } from './integrate.js';
import {
  ADD,
  constant,
  DIV,
  FACTORIAL,
  MUL,
  NEG,
  type Piece,
  type Program,
  ProgramBuilder,
  programFunction,
  SUB,
} from './program.js';
import { sumSeries } from './sum-series.js';
import { variableKey } from './variable-key.js';
import { workEpoch, workExhausted } from './work-meter.js';

/** A compiled formula: `fn(values)` reads variable i from `values[i]` (the order given to `compile`). */
export interface Compiled {
  readonly fn: (values: Float64Array) => number;
  /**
   * The same as a register program: the solver runs it with `exec` and reads its result register,
   * allocating nothing per evaluation.
   * @internal
   */
  readonly program: Program;
  readonly diagnostics: readonly Diagnostic[];
  /** Nodes compiled (after derivative expansion): the work of compiling, and a measure of the cost of one call. */
  readonly size: number;
}

/** Most integrals and sums nested inside one another (∫∫∫ is 3); deeper ones are `nesting-too-deep`. */
export const MAX_NESTING = 3;

/**
 * Compiles a tree to a register program (see `program.ts`) over a `Float64Array` of variable
 * values. Variables are looked up by `variableKey` (symbols by name, differentials and opaque nodes
 * by their printed text); a key missing from `variables` evaluates to NaN with an
 * `unbound-variable` diagnostic. Derivative nodes are expanded symbolically first; constant
 * subtrees are folded; definite integrals use adaptive Gauss–Kronrod quadrature (NaN when it does
 * not converge) and sums/products loop (see `sumSeries`). NaN and ±∞ propagate; the function never
 * throws. Relations and lists are not compiled (`not-compilable`): compile each side. Integrals and
 * sums charge their work to the active work meter (see `work-meter.ts`) and give NaN once it is
 * spent; nesting deeper than {@link MAX_NESTING} is `nesting-too-deep` (NaN).
 */
export function compile(tree: Node, variables: readonly string[]): Compiled {
  const ctx: Context = {
    variables,
    bound: undefined,
    diagnostics: [],
    seen: undefined,
    refs: 0,
    nodes: 0,
    depth: 0,
    uses: [],
    out: new ProgramBuilder(),
  };
  const program = ctx.out.finish(compileNode(expandDerivatives(tree), ctx));
  return { fn: programFunction(program), program, diagnostics: ctx.diagnostics, size: ctx.nodes };
}

/** Compile state. */
interface Context {
  /** Slot i holds `variables[i]` (the last one when a name repeats). */
  readonly variables: readonly string[];
  /** Cells of integration and summation variables in scope (innermost wins); made on first use. */
  bound: Map<string, Float64Array> | undefined;
  readonly diagnostics: Diagnostic[];
  /** Diagnostics recorded (code and message); made on first use. */
  seen: Set<string> | undefined;
  /** Count of free-variable references compiled so far (to fold variable-free integrals and sums). */
  refs: number;
  /** Nodes compiled so far. */
  nodes: number;
  /** Integrals and sums enclosing the node being compiled. */
  depth: number;
  /** Per enclosing integral or sum being compiled: the slots and bound cells its subtree reads. */
  readonly uses: { slots: Set<number>; cells: Set<Float64Array> }[];
  /** The program being built (an integral's bounds and body are programs of their own). */
  out: ProgramBuilder;
}

/** Records a diagnostic once per (code, detail) and returns a NaN piece. */
function fail(ctx: Context, code: NumericCode, message: string, node: Node): Piece {
  const key = `${code}:${message}`;
  ctx.seen ??= new Set();
  if (!ctx.seen.has(key)) {
    ctx.seen.add(key);
    ctx.diagnostics.push(diagnostic(code, 'error', message, node.span));
  }
  return constant(Number.NaN);
}

function compileNode(node: Node, ctx: Context): Piece {
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
      if (node.op === '^') {
        const base = compileNode(node.left, ctx);
        return compilePower(base, compileNode(node.right, ctx), ctx.out);
      }
      if (node.op === '±' || node.op === '∓')
        return fail(ctx, 'unexpanded-pm', `unexpanded ${node.op}`, node);
      return binary(node.op, compileNode(node.left, ctx), compileNode(node.right, ctx), ctx.out);
    case 'call': {
      const args = node.args.map((a) => compileNode(a, ctx));
      return compileCall(node, args, ctx.out, (message) => fail(ctx, 'unknown-function', message, node));
    }
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
  const refs = ctx.refs;
  const ev = node.type === 'integral' ? integral(node, ctx) : sum(node, ctx);
  ctx.uses.pop();
  ctx.depth--;
  const parent = ctx.uses[ctx.uses.length - 1];
  if (parent !== undefined) {
    for (const i of use.slots) parent.slots.add(i);
    for (const c of use.cells) parent.cells.add(c);
  }
  if (typeof ev !== 'function') return ev;
  // Evaluated once at compile time when no free variable was referenced inside.
  if (ctx.refs === refs && (ctx.bound === undefined || ctx.bound.size === 0)) return constant(ev(EMPTY));
  return ctx.out.external(remembered(ev, use.slots, use.cells));
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
  const cell = ctx.bound?.get(key);
  const use = ctx.uses[ctx.uses.length - 1];
  if (cell !== undefined) {
    use?.cells.add(cell);
    return ctx.out.cell(cell);
  }
  // A linear search: formulas have a few variables, and a Map per compile cost more.
  const i = ctx.variables.lastIndexOf(key);
  if (i !== -1) {
    use?.slots.add(i);
    ctx.refs++;
    return ctx.out.load(i);
  }
  if (key === 'infinity') return constant(Number.POSITIVE_INFINITY);
  return fail(ctx, 'unbound-variable', `variable ${key} is not bound`, node);
}

function unary(op: string, a: Piece, node: Node, ctx: Context): Piece {
  switch (op) {
    case '-':
      return a.constant !== undefined ? constant(-a.constant) : ctx.out.emit(NEG, a);
    case '+':
      return a;
    case '!':
      return a.constant !== undefined ? constant(gamma(a.constant + 1)) : ctx.out.emit(FACTORIAL, a);
    default:
      return fail(ctx, 'unexpanded-pm', `unexpanded ${op}`, node);
  }
}

function binary(op: string, a: Piece, b: Piece, out: ProgramBuilder): Piece {
  const x = a.constant;
  const y = b.constant;
  switch (op) {
    case '+':
      return x !== undefined && y !== undefined ? constant(x + y) : out.emit(ADD, a, b);
    case '-':
      return x !== undefined && y !== undefined ? constant(x - y) : out.emit(SUB, a, b);
    case '*':
      return x !== undefined && y !== undefined ? constant(x * y) : out.emit(MUL, a, b);
    default:
      return x !== undefined && y !== undefined ? constant(x / y) : out.emit(DIV, a, b);
  }
}

/**
 * Integrand evaluations one compiled definite integral may spend (Gauss–Kronrod: 15 for the first
 * panel, 30 per bisection). Smooth integrands converge in 15–135; what needs more is almost always divergent (∫_r^∞ E
 * dr with E constant) and costs this much at every probe of a root scan. Lowered from 3000: the 222
 * bundled and real answers score identically, the real ones with a third of the work.
 */
export const COMPILED_INTEGRAL_EVALS = 1005;

type Value = Piece | ((v: Float64Array) => number);

function integral(node: Node & { type: 'integral' }, ctx: Context): Value {
  if (node.lower === undefined || node.upper === undefined) {
    return fail(ctx, 'indefinite-integral', `indefinite integral over ${node.variable}`, node);
  }
  const lo = program(node.lower, ctx);
  const hi = program(node.upper, ctx);
  const body = scoped(node.variable, node.integrand, ctx);
  // A compiled integral is evaluated at every probe of a root scan: cap its work (a divergent
  // integral would otherwise spend the whole default budget each time).
  return (v: Float64Array): number => {
    const r = integrate((t) => body.eval(v, t), lo(v), hi(v), {
      maxEvals: COMPILED_INTEGRAL_EVALS,
      unitCost: body.cost,
    });
    return r.ok ? r.value : Number.NaN;
  };
}

function sum(node: Node & { type: 'sum' }, ctx: Context): Value {
  const lo = program(node.lower, ctx);
  const hi = program(node.upper, ctx);
  const body = scoped(node.index, node.body, ctx);
  return (v) => sumSeries(node.kind, (n) => body.eval(v, n), lo(v), hi(v), body.cost);
}

/** Compiles `node` to a program of its own (an integral's bound or body). */
function program(node: Node, ctx: Context): (v: Float64Array) => number {
  const outer = ctx.out;
  ctx.out = new ProgramBuilder();
  try {
    return programFunction(ctx.out.finish(compileNode(node, ctx)));
  } finally {
    ctx.out = outer;
  }
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
  ctx.bound ??= new Map();
  const outer = ctx.bound.get(name);
  ctx.bound.set(name, cell);
  const before = ctx.nodes;
  const f = program(body, ctx);
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
