import type { Span } from '../core/span.js';
import type { FunctionName, Node } from '../core/tree.js';

/**
 * Small tree constructors for trees the numeric core synthesises (derivatives). They fold the
 * trivial cases (`0 + a`, `1 * a`, `a ^ 1`, number ∘ number) so derivatives stay compact. Synthesised
 * nodes carry the span of the node they were derived from.
 */

/** The span given to synthesised nodes without a better one. */
export const NO_SPAN: Span = { start: 0, end: 0 };

/** A number node (the value must be finite). */
export function num(value: number, span: Span = NO_SPAN): Node {
  return { type: 'number', value, raw: String(value), span };
}

function numberValue(node: Node): number | undefined {
  return node.type === 'number' ? node.value : undefined;
}

function folded(value: number, span: Span): Node | undefined {
  return Number.isFinite(value) ? num(value, span) : undefined;
}

/** `a + b`, folding zeros and numbers. */
export function add(a: Node, b: Node, span: Span = NO_SPAN): Node {
  const x = numberValue(a);
  const y = numberValue(b);
  if (x === 0) return b;
  if (y === 0) return a;
  if (x !== undefined && y !== undefined) return folded(x + y, span) ?? bin('+', a, b, span);
  return bin('+', a, b, span);
}

/** `a - b`, folding zeros and numbers. */
export function sub(a: Node, b: Node, span: Span = NO_SPAN): Node {
  const x = numberValue(a);
  const y = numberValue(b);
  if (y === 0) return a;
  if (x === 0) return neg(b, span);
  if (x !== undefined && y !== undefined) return folded(x - y, span) ?? bin('-', a, b, span);
  return bin('-', a, b, span);
}

/** `a * b`, folding zeros, ones and numbers. */
export function mul(a: Node, b: Node, span: Span = NO_SPAN): Node {
  const x = numberValue(a);
  const y = numberValue(b);
  if (x === 0 || y === 0) return num(0, span);
  if (x === 1) return b;
  if (y === 1) return a;
  if (x === -1) return neg(b, span);
  if (y === -1) return neg(a, span);
  if (x !== undefined && y !== undefined) return folded(x * y, span) ?? bin('*', a, b, span);
  return bin('*', a, b, span);
}

/** `a / b`, folding `0 / b`, `a / 1` and numbers. */
export function div(a: Node, b: Node, span: Span = NO_SPAN): Node {
  const x = numberValue(a);
  const y = numberValue(b);
  if (x === 0 && y !== 0) return num(0, span);
  if (y === 1) return a;
  if (x !== undefined && y !== undefined && y !== 0) return folded(x / y, span) ?? bin('/', a, b, span);
  return bin('/', a, b, span);
}

/** `a ^ b`, folding `a ^ 1` and `a ^ 0`. */
export function pow(a: Node, b: Node, span: Span = NO_SPAN): Node {
  const y = numberValue(b);
  if (y === 1) return a;
  if (y === 0) return num(1, span);
  return bin('^', a, b, span);
}

/** `-a`, folding numbers and double negation. */
export function neg(a: Node, span: Span = NO_SPAN): Node {
  if (a.type === 'number') return num(a.value === 0 ? 0 : -a.value, span);
  if (a.type === 'unary' && a.op === '-') return a.arg;
  return { type: 'unary', op: '-', arg: a, span };
}

/** A call of a built-in function. */
export function call(fn: FunctionName, args: readonly Node[], span: Span = NO_SPAN): Node {
  return { type: 'call', fn, args, span };
}

/** A differential `d{of}` (or `∂{of}`) of the given order. */
export function differential(of: Node, order = 1, span: Span = NO_SPAN): Node {
  return { type: 'differential', of, order, partial: false, span };
}

function bin(op: '+' | '-' | '*' | '/' | '^', left: Node, right: Node, span: Span): Node {
  return { type: 'binary', op, left, right, span };
}
