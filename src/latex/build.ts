import type { Span } from '../core/span.js';
import type {
  BinaryNode,
  BinaryOp,
  Node,
  NumberNode,
  OpaqueNode,
  SymbolNode,
  UnitNode,
} from '../core/tree.js';

/** The span from the start of `a` to the end of `b`. */
export function spanOf(a: { span: Span }, b: { span: Span }): Span {
  return { start: Math.min(a.span.start, b.span.start), end: Math.max(a.span.end, b.span.end) };
}

/** A binary node spanning both operands; `implicit` marks juxtaposition. */
export function binary(op: BinaryOp, left: Node, right: Node, implicit = false): BinaryNode {
  const span = spanOf(left, right);
  return implicit
    ? { type: 'binary', op, left, right, implicit: true, span }
    : { type: 'binary', op, left, right, span };
}

/** A number node. */
export function numberNode(value: number, raw: string, span: Span): NumberNode {
  return { type: 'number', value, raw, span };
}

/** A symbol node with optional `vector` / `upright` flags (absent rather than false). */
export function symbolNode(name: string, span: Span, vector = false, upright = false): SymbolNode {
  if (vector && upright) return { type: 'symbol', name, vector: true, upright: true, span };
  if (vector) return { type: 'symbol', name, vector: true, span };
  if (upright) return { type: 'symbol', name, upright: true, span };
  return { type: 'symbol', name, span };
}

/** A unit node. */
export function unitNode(unit: string, span: Span): UnitNode {
  return { type: 'unit', unit, span };
}

/** An opaque node. */
export function opaqueNode(key: string, span: Span): OpaqueNode {
  return { type: 'opaque', key, span };
}

/** The same node with another span (nodes are immutable). */
export function withSpan<T extends Node>(node: T, span: Span): T {
  return { ...node, span };
}

/**
 * The node with another span, set in place: only for a node the parser has just built and that
 * nothing else references yet (a group's body), where {@link withSpan}'s copy is wasted work on a
 * hot path. Same fields in the same order as the copy would have.
 */
export function respan<T extends Node>(node: T, span: Span): T {
  (node as { span: Span }).span = span;
  return node;
}

/** True for a number, or arithmetic of numbers only (`10^{-2}`, `(10^3-10^2)`), which units may follow. */
export function isNumeric(node: Node): boolean {
  if (node.type === 'number') return true;
  if (node.type === 'unary') return node.op !== '!' && isNumeric(node.arg);
  if (node.type === 'binary') return isNumeric(node.left) && isNumeric(node.right);
  // π and functions of numbers are numbers too: `\frac{\pi}{3}\,\text{rad}`, `\sqrt{2}\,\mathrm{m}`.
  if (node.type === 'symbol') return node.name === 'pi';
  if (node.type === 'call') return node.args.every(isNumeric);
  return false;
}

/** The binomial coefficient `\binom{n}{k}` = n! / (k! (n−k)!), evaluated through the gamma function. */
export function binomialNode(n: Node, k: Node, span: Span): Node {
  const fact = (arg: Node): Node => ({ type: 'unary', op: '!', arg, span });
  const rest: Node = { type: 'binary', op: '-', left: n, right: k, span };
  const den: Node = { type: 'binary', op: '*', left: fact(k), right: fact(rest), span };
  return { type: 'binary', op: '/', left: fact(n), right: den, span };
}
