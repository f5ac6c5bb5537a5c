import type { Node } from '../core/tree.js';
import { add, call, differential, div, mul, neg, num, pow, sub } from './build.js';
import { FUNCTION_DERIVATIVES } from './function-derivatives.js';
import { substitute } from './substitute.js';
import { charge } from './work-meter.js';

/** Work units charged per node differentiated (each builds a few nodes: ≈ 0.6 µs, as 12 units of solver work). */
const NODE_WORK = 12;

/** Thrown when the work meter is spent mid-derivative; caught by `expandDerivatives`. */
export const DERIVATIVE_WORK_SPENT: unique symbol = Symbol('derivative work spent');

/**
 * The symbolic derivative of `tree` with respect to the symbol `variable`, as a new tree (sum,
 * product, quotient, power and chain rules; every built-in function; Leibniz's rule for integrals;
 * term by term for sums).
 *
 * Total derivative (`partial = false`, the default): every other free quantity s depends on the
 * variable t through its differential, d/dt f = ∂f/∂t + Σ_s ∂f/∂s · d{s}/d{t}; d/dt of a
 * differential d{s} is d²{s}/d{t}, of d{t} it is 0 (so d/dt(d{x}/d{t}) = d²{x}/d{t}²). Partial
 * (`partial = true`): every other quantity is a constant. A part that has no symbolic derivative
 * (a factorial, an `apply`) is left as a `derivative` node; `compile` reports it as
 * `not-differentiable`.
 *
 * Charges the work meter per node differentiated; once it is spent, throws
 * {@link DERIVATIVE_WORK_SPENT} (expansion is exponential in the order: it cannot be bounded after
 * the fact).
 */
export function differentiate(tree: Node, variable: string, partial = false): Node {
  return new Differentiator(variable, partial).d(tree, new Set());
}

class Differentiator {
  private readonly dt: Node;

  constructor(
    private readonly variable: string,
    private readonly partial: boolean,
  ) {
    this.dt = differential({ type: 'symbol', name: variable, span: { start: 0, end: 0 } });
  }

  /** Derivative of `node`; `bound` holds integration/summation variables (constants here). */
  d(node: Node, bound: ReadonlySet<string>): Node {
    if (!charge(NODE_WORK)) throw DERIVATIVE_WORK_SPENT;
    const s = node.span;
    switch (node.type) {
      case 'number':
      case 'unit':
        return num(0, s);
      case 'symbol':
        if (node.name === this.variable && !bound.has(node.name)) return num(1, s);
        if (node.name === 'infinity' || bound.has(node.name) || this.partial) return num(0, s);
        return div(differential(node, 1, s), this.dt, s);
      case 'opaque':
        return this.partial ? num(0, s) : div(differential(node, 1, s), this.dt, s);
      case 'differential': {
        if (this.partial) return num(0, s);
        if (node.of.type === 'symbol' && node.of.name === this.variable) return num(0, s);
        return div({ ...node, order: node.order + 1 }, this.dt, s);
      }
      case 'unary':
        if (node.op === '!') return this.stuck(node);
        if (node.op === '-') return neg(this.d(node.arg, bound), s);
        if (node.op === '+') return this.d(node.arg, bound);
        return { ...node, arg: this.d(node.arg, bound) };
      case 'binary':
        return this.binary(node.op, node.left, node.right, bound, node);
      case 'call':
        return this.call(node, bound);
      case 'apply':
        return this.stuck(node);
      case 'relation':
        return { ...node, args: node.args.map((a) => this.d(a, bound)) };
      case 'list':
        return { ...node, items: node.items.map((a) => this.d(a, bound)) };
      case 'derivative': {
        let inner: Node = node.expr;
        for (let i = 0; i < node.order; i++) inner = differentiate(inner, node.variable, node.partial);
        return inner.type === 'derivative' ? this.stuck(node) : this.d(inner, bound);
      }
      case 'integral':
        return this.integral(node, bound);
      case 'sum': {
        if (node.kind === 'product') return this.stuck(node);
        return { ...node, body: this.d(node.body, new Set([...bound, node.index])) };
      }
    }
  }

  private binary(op: string, a: Node, b: Node, bound: ReadonlySet<string>, node: Node): Node {
    const s = node.span;
    const da = this.d(a, bound);
    const db = this.d(b, bound);
    switch (op) {
      case '+':
        return add(da, db, s);
      case '-':
        return sub(da, db, s);
      case '*':
        return add(mul(da, b, s), mul(a, db, s), s);
      case '/':
        if (isZero(db)) return div(da, b, s);
        return div(sub(mul(da, b, s), mul(a, db, s), s), pow(b, num(2), s), s);
      case '^': {
        if (isZero(db)) {
          const exponent = b.type === 'number' ? num(b.value - 1, s) : sub(b, num(1), s);
          return mul(mul(b, pow(a, exponent, s), s), da, s);
        }
        const lnA = call('ln', [a], s);
        if (isZero(da)) return mul(mul(node, lnA, s), db, s);
        return mul(node, add(mul(db, lnA, s), div(mul(b, da, s), a, s), s), s);
      }
      default:
        // ± and ∓ keep their operator: d(a ± b) = da ± db.
        return { type: 'binary', op: op as '±', left: da, right: db, span: s };
    }
  }

  private call(node: Node & { type: 'call' }, bound: ReadonlySet<string>): Node {
    const s = node.span;
    const [u, second] = node.args;
    if (u === undefined) return this.stuck(node);
    if (node.fn === 'log' && second !== undefined) {
      return this.d(div(call('ln', [u], s), call('ln', [second], s), s), bound);
    }
    if (node.fn === 'sqrt' && second !== undefined) {
      if (!isZero(this.d(second, bound))) return this.d(pow(u, div(num(1), second, s), s), bound);
      return mul(div(node, mul(second, u, s), s), this.d(u, bound), s);
    }
    if ((node.fn === 'max' || node.fn === 'min') && second !== undefined && node.args.length === 2) {
      const da = this.d(u, bound);
      const db = this.d(second, bound);
      const half = mul(num(0.5), add(da, db, s), s);
      const jump = mul(mul(num(0.5), call('sign', [sub(u, second, s)], s), s), sub(da, db, s), s);
      return node.fn === 'max' ? add(half, jump, s) : sub(half, jump, s);
    }
    if (node.args.length !== 1) return this.stuck(node);
    return mul(FUNCTION_DERIVATIVES[node.fn](u), this.d(u, bound), s);
  }

  private integral(node: Node & { type: 'integral' }, bound: ReadonlySet<string>): Node {
    const s = node.span;
    const inner = new Set([...bound, node.variable]);
    const dIntegrand = this.d(node.integrand, inner);
    const { lower, upper } = node;
    if (lower === undefined || upper === undefined) {
      if (node.variable === this.variable) return node.integrand;
      return { ...node, integrand: dIntegrand };
    }
    const atUpper = mul(substitute(node.integrand, node.variable, upper), this.d(upper, bound), s);
    const atLower = mul(substitute(node.integrand, node.variable, lower), this.d(lower, bound), s);
    const body: Node = isZero(dIntegrand) ? num(0, s) : { ...node, integrand: dIntegrand };
    return add(sub(atUpper, atLower, s), body, s);
  }

  private stuck(node: Node): Node {
    return {
      type: 'derivative',
      expr: node,
      variable: this.variable,
      order: 1,
      partial: this.partial,
      span: node.span,
    };
  }
}

function isZero(node: Node): boolean {
  return node.type === 'number' && node.value === 0;
}
