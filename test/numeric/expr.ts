import type { FunctionName, Node } from '../../src/core/tree.js';

/**
 * A tiny infix reader for numeric tests (not the LaTeX parser): numbers, names (`q_1`, `theta`,
 * `A_0`), `+ - * / ^`, unary minus, parentheses, calls `sin(x)`, `log(x, b)`, `sqrt(x, n)`, postfix
 * `!`, and `d{v}` for a differential. `^` is right-associative and binds tighter than unary minus.
 */
export function expr(text: string): Node {
  const tokens =
    text.match(/\d+(?:\.\d+)?(?:e[-+]?\d+)?|d\{[A-Za-z_0-9]+\}|[A-Za-z_][A-Za-z_0-9']*|[-+*/^(),!]/g) ?? [];
  let i = 0;
  const span = { start: 0, end: 0 };
  const peek = (): string | undefined => tokens[i];
  const take = (expected?: string): string => {
    const t = tokens[i++];
    if (t === undefined || (expected !== undefined && t !== expected))
      throw new Error(`expr: expected ${expected} in ${text}`);
    return t;
  };
  const bin = (op: '+' | '-' | '*' | '/' | '^', left: Node, right: Node): Node => ({
    type: 'binary',
    op,
    left,
    right,
    span,
  });
  const sum = (): Node => {
    let left = product();
    while (peek() === '+' || peek() === '-') left = bin(take() as '+', left, product());
    return left;
  };
  const product = (): Node => {
    let left = unary();
    while (peek() === '*' || peek() === '/') left = bin(take() as '*', left, unary());
    return left;
  };
  const unary = (): Node => {
    if (peek() === '-') {
      take();
      return { type: 'unary', op: '-', arg: unary(), span };
    }
    return power();
  };
  const power = (): Node => {
    let base = postfix();
    if (peek() === '^') {
      take();
      base = bin('^', base, unary());
    }
    return base;
  };
  const postfix = (): Node => {
    let a = atom();
    while (peek() === '!') {
      take();
      a = { type: 'unary', op: '!', arg: a, span };
    }
    return a;
  };
  const atom = (): Node => {
    const t = take();
    if (t === '(') {
      const e = sum();
      take(')');
      return e;
    }
    if (/^\d/.test(t)) return { type: 'number', value: Number(t), raw: t, span };
    if (t.startsWith('d{'))
      return {
        type: 'differential',
        of: { type: 'symbol', name: t.slice(2, -1), span },
        order: 1,
        partial: false,
        span,
      };
    if (peek() === '(' && FUNCTIONS.has(t)) {
      take('(');
      const args = [sum()];
      while (peek() === ',') {
        take();
        args.push(sum());
      }
      take(')');
      return { type: 'call', fn: t as FunctionName, args, span };
    }
    return { type: 'symbol', name: t, span };
  };
  const out = sum();
  if (i !== tokens.length) throw new Error(`expr: trailing input in ${text}`);
  return out;
}

const FUNCTIONS = new Set<string>([
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'arccot',
  'sinh',
  'cosh',
  'tanh',
  'coth',
  'sech',
  'csch',
  'arsinh',
  'arcosh',
  'artanh',
  'exp',
  'ln',
  'log',
  'lg',
  'sqrt',
  'abs',
  'floor',
  'ceil',
  'sign',
  'max',
  'min',
]);

/** `a = b` split into its sides. */
export function equation(text: string): { lhs: Node; rhs: Node } {
  const [l, r] = text.split('=');
  if (l === undefined || r === undefined) throw new Error(`equation: no = in ${text}`);
  return { lhs: expr(l), rhs: expr(r) };
}

/** The span used by hand-built test trees. */
export const span0 = { start: 0, end: 0 };
