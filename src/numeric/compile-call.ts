import type { Node } from '../core/tree.js';
import { type Context, compileNode, fail, type Piece } from './compile.js';
import { UNARY_FUNCTIONS } from './functions.js';
import { nthRoot } from './real-power.js';

/**
 * Compiles a call of a built-in function: one-argument functions from `UNARY_FUNCTIONS`;
 * `log_b x` (args `[x, b]`) as ln x / ln b; `sqrt[n]{x}` (args `[x, n]`) with odd roots of negative
 * numbers real; `max`/`min` over any number of arguments. Constant arguments are folded.
 */
export function compileCall(node: Node & { type: 'call' }, ctx: Context): Piece {
  const args = node.args.map((a) => compileNode(a, ctx));
  const allConstant = args.every((a) => a.constant !== undefined);
  const piece = build(node, args, ctx);
  if (allConstant && piece.constant === undefined) {
    const value = piece.ev(new Float64Array(0));
    return { ev: () => value, constant: value };
  }
  return piece;
}

function build(node: Node & { type: 'call' }, args: readonly Piece[], ctx: Context): Piece {
  const [a, b] = args;
  if (a === undefined) return fail(ctx, 'unknown-function', `${node.fn}() needs an argument`, node);
  const f = a.ev;
  if (node.fn === 'max' || node.fn === 'min') {
    const evs = args.map((p) => p.ev);
    const pick = node.fn === 'max' ? Math.max : Math.min;
    if (evs.length === 1) return a;
    if (evs.length === 2) {
      const g = b!.ev;
      return { ev: (v) => pick(f(v), g(v)) };
    }
    return { ev: (v) => pick(...evs.map((e) => e(v))) };
  }
  if (b !== undefined) {
    const g = b.ev;
    if (node.fn === 'log') return { ev: (v) => Math.log(f(v)) / Math.log(g(v)) };
    if (node.fn === 'sqrt') {
      const n = b.constant;
      if (n !== undefined) return { ev: (v) => nthRoot(f(v), n) };
      return { ev: (v) => nthRoot(f(v), g(v)) };
    }
    return fail(ctx, 'unknown-function', `${node.fn} takes one argument`, node);
  }
  const h = UNARY_FUNCTIONS[node.fn];
  if (h === undefined) return fail(ctx, 'unknown-function', `unknown function ${node.fn}`, node);
  return { ev: (v) => h(f(v)) };
}
