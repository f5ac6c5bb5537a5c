import type { BinaryOp, FunctionName, Node, RelOp, SymbolNode, UnaryNode } from '../../src/core/tree.js';

/** Tree builders for tests that must not depend on the LaTeX parser. Spans are all `[0, 0)`. */
const span = { start: 0, end: 0 };

export const num = (value: number, raw = String(value)): Node => ({ type: 'number', value, raw, span });
export const sym = (name: string, extra: { vector?: true; upright?: true } = {}): SymbolNode => ({
  type: 'symbol',
  name,
  ...extra,
  span,
});
export const bin = (op: BinaryOp, left: Node, right: Node): Node => ({
  type: 'binary',
  op,
  left,
  right,
  span,
});
export const add = (a: Node, b: Node): Node => bin('+', a, b);
export const sub = (a: Node, b: Node): Node => bin('-', a, b);
export const mul = (a: Node, b: Node): Node => bin('*', a, b);
export const div = (a: Node, b: Node): Node => bin('/', a, b);
export const pow = (a: Node, b: Node): Node => bin('^', a, b);
export const un = (op: UnaryNode['op'], arg: Node): Node => ({ type: 'unary', op, arg, span });
export const rel = (op: RelOp, a: Node, b: Node): Node => ({
  type: 'relation',
  ops: [op],
  args: [a, b],
  span,
});
export const eq = (a: Node, b: Node): Node => rel('=', a, b);
export const unit = (text: string): Node => ({ type: 'unit', unit: text, span });
export const apply = (name: string, ...args: Node[]): Node => ({ type: 'apply', name, args, span });
export const call = (fn: FunctionName, ...args: Node[]): Node => ({ type: 'call', fn, args, span });
export const list = (...items: Node[]): Node => ({ type: 'list', items, span });

/**
 * A small evaluator for checking normalized trees by value in tests (numbers, symbols from `env`,
 * arithmetic, `sqrt`, `exp`, `sin`, `cos`); throws on anything else so a test cannot pass by accident.
 */
export function evaluate(node: Node, env: Readonly<Record<string, number>> = {}): number {
  const ev = (n: Node): number => evaluate(n, env);
  switch (node.type) {
    case 'number':
      return node.value;
    case 'symbol': {
      const v = env[node.name];
      if (v === undefined) throw new Error(`free symbol ${node.name}`);
      return v;
    }
    case 'unary':
      if (node.op === '-') return -ev(node.arg);
      if (node.op === '+') return ev(node.arg);
      break;
    case 'binary': {
      const [l, r] = [ev(node.left), ev(node.right)];
      if (node.op === '+') return l + r;
      if (node.op === '-') return l - r;
      if (node.op === '*') return l * r;
      if (node.op === '/') return l / r;
      if (node.op === '^') return l ** r;
      break;
    }
    case 'call': {
      const a = ev(node.args[0]!);
      if (node.fn === 'sqrt') return Math.sqrt(a);
      if (node.fn === 'exp') return Math.exp(a);
      if (node.fn === 'sin') return Math.sin(a);
      if (node.fn === 'cos') return Math.cos(a);
      break;
    }
    default:
      break;
  }
  throw new Error(`cannot evaluate ${node.type}`);
}

/** Relative closeness for floating-point checks. */
export function close(a: number, b: number, rel = 1e-9): boolean {
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));
}
