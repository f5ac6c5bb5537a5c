import { printTree } from '../core/print-tree.js';
import type { ApplyNode, Node, SymbolNode } from '../core/tree.js';
import { rewriteBottomUp } from './map-children.js';

/**
 * The rule for a symbol applied to arguments (`x(t)`, `V(r)`, `f(x, y)`, `x(0)`):
 *
 * - when every argument is a plain symbol, the application is a *label* of the quantity and becomes
 *   the symbol itself: `x(t) = v t` means `x = v t`, and `V(r)` is the quantity `V`;
 * - otherwise (an argument is a number or an expression, as in `x(0)`, `v(2)`, `f(x, 0)`) it names
 *   a *different* quantity — the value at that point — and becomes one symbol whose name is the
 *   printed application (`x(0)`), so `x(0)` and `x` stay independent variables.
 *
 * An argument `t = 0` names the point by its value (`v(t=0)` is `v(0)`); a region such as `r<a`
 * keeps its text (`\phi(r<a)`, the quantity inside). The resulting symbol keeps the span of the
 * application.
 */
export function applyToSymbol(node: ApplyNode): SymbolNode {
  const label = node.args.every((arg) => arg.type === 'symbol');
  const name = label ? node.name : `${node.name}(${node.args.map(argumentText).join(',')})`;
  return { type: 'symbol', name, span: node.span };
}

/**
 * Replaces every `apply` node of a tree by its symbol, following {@link applyToSymbol}; a primed
 * name applied to one unprimed symbol is Lagrange's derivative: `U'(x)` is dU/dx, `x''(t)` is
 * d²x/dt² (while `x'(t')`, a quantity of the primed frame, stays a label).
 */
export function normalizeApply(tree: Node): Node {
  return rewriteBottomUp(tree, (node) =>
    node.type === 'apply' ? (primeDerivative(node) ?? applyToSymbol(node)) : node,
  );
}

function primeDerivative(node: ApplyNode): Node | undefined {
  const primes = /^(.+?)('+)$/.exec(node.name);
  const arg = node.args[0];
  if (primes === null || node.args.length !== 1 || arg?.type !== 'symbol' || arg.name.endsWith("'"))
    return undefined;
  const order = primes[2]!.length;
  const span = node.span;
  const of: SymbolNode = { type: 'symbol', name: primes[1]!, span };
  const num: Node = { type: 'differential', of, order, partial: false, span };
  const dx: Node = { type: 'differential', of: arg, order: 1, partial: false, span };
  const den: Node =
    order === 1
      ? dx
      : {
          type: 'binary',
          op: '^',
          left: dx,
          right: { type: 'number', value: order, raw: String(order), span },
          span,
        };
  return { type: 'binary', op: '/', left: num, right: den, span };
}

function argumentText(arg: Node): string {
  if (arg.type === 'relation' && arg.ops.length === 1 && arg.ops[0] === '=' && arg.args[0]!.type === 'symbol')
    return printTree(arg.args[1]!);
  return printTree(arg);
}
