import type { Node } from '../core/tree.js';
import { UNARY_FUNCTIONS } from './functions.js';
import {
  constant,
  LOG_BASE,
  MAX,
  MIN,
  NTH_ROOT,
  type Piece,
  type ProgramBuilder,
  UNARY_OPS,
} from './program.js';
import { nthRoot } from './real-power.js';

/**
 * Compiles a call of a built-in function on its compiled arguments: one-argument functions from
 * `UNARY_FUNCTIONS`; `log_b x` (args `[x, b]`) as ln x / ln b; `sqrt[n]{x}` (args `[x, n]`) with
 * odd roots of negative numbers real; `max`/`min` over any number of arguments. Constant arguments
 * are folded. `fail` records a diagnostic and gives a NaN constant.
 */
export function compileCall(
  node: Node & { type: 'call' },
  args: readonly Piece[],
  out: ProgramBuilder,
  fail: (message: string) => Piece,
): Piece {
  const [a, b] = args;
  if (a === undefined) return fail(`${node.fn}() needs an argument`);
  const values = args.every((p) => p.constant !== undefined) ? args.map((p) => p.constant!) : undefined;
  if (node.fn === 'max' || node.fn === 'min') {
    if (args.length === 1) return a;
    if (values !== undefined) return constant(node.fn === 'max' ? Math.max(...values) : Math.min(...values));
    // Math.max over many arguments is the same as pairwise, left to right (NaN wins, +0 > −0).
    const op = node.fn === 'max' ? MAX : MIN;
    let acc = out.emit(op, a, b);
    for (let i = 2; i < args.length; i++) acc = out.emit(op, acc, args[i]!);
    return acc;
  }
  if (b !== undefined) {
    if (node.fn === 'log')
      return values !== undefined
        ? constant(Math.log(values[0]!) / Math.log(values[1]!))
        : out.emit(LOG_BASE, a, b);
    if (node.fn === 'sqrt')
      return values !== undefined ? constant(nthRoot(values[0]!, values[1]!)) : out.emit(NTH_ROOT, a, b);
    return fail(`${node.fn} takes one argument`);
  }
  const op = UNARY_OPS[node.fn];
  const h = UNARY_FUNCTIONS[node.fn];
  if (op === undefined || h === undefined) return fail(`unknown function ${node.fn}`);
  return values !== undefined ? constant(h(values[0]!)) : out.emit(op, a);
}
