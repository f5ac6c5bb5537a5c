import type { Node } from '../core/tree.js';
import { cancelledText, canonicalText } from '../normalize/index.js';
import type { PreparedFormula } from './types.js';

/**
 * Whether two identities (formulas that hold whatever the values, e.g. `\int_0^\infty
 * \frac{R\,dR}{(R^2+z^2)^{3/2}} = \frac{1}{|z|}`) state the same step, in physical mode. Algorithm 1
 * finds any two identities equivalent — every trial gives "all" on both sides — and no evaluation can
 * tell them apart (every side of every identity is, as a function, equal to its other side), so an
 * identity carries no information but its own written form. Here two identities agree only when they
 * are the same identity as written, after normalization: per ±-branch, `lhs − rhs` has the same
 * canonical text (sums and products in any order, the sides either way round, a term moved across
 * `=`) or `lhs / rhs` has, with factors that cancel removed (a factor moved across `=`, both sides
 * times the same factor: `a\int_0^\infty e^{-ax}dx = 1` is `\int_0^\infty e^{-ax}dx = \frac1a`), and
 * neither is a tautology (both sides the same canonical text: `x = x`, `a + b = b + a`). So
 * `\sin^2 x + \cos^2 x = 1` never stands for `\sin 2x = 2\sin x\cos x`, nor `a(b+c) = ab+ac` for
 * `(a+b)c = ac+bc`. Negative powers are read as reciprocals first (`e^{-x}` is `\frac{1}{e^x}`).
 * The price is that other rewrites of the same identity (a factor moved inside an integral, a term
 * and a factor moved at once) are not recognised either. Strict mode keeps the paper's reading (any
 * two identities are equivalent).
 */
export function identitiesAgree(a: PreparedFormula, b: PreparedFormula): boolean {
  const sa = sidesOf(a);
  const sb = sidesOf(b);
  if (tautology(sa) || tautology(sb)) return false;
  return differenceKey(sa) === differenceKey(sb) || ratioKey(sa) === ratioKey(sb);
}

type Sides = readonly { readonly lhs: Node; readonly rhs: Node }[];

/** The branches' sides with negative powers written as reciprocals (`e^{-x}` as `\frac{1}{e^{x}}`). */
function sidesOf(f: PreparedFormula): Sides {
  return f.branches.map(({ lhs, rhs }) => ({ lhs: reciprocals(lhs), rhs: reciprocals(rhs) }));
}

/** `b^{-u}` → `1 / b^{u}` through arithmetic and function calls (not inside integrals or sums). */
function reciprocals(node: Node): Node {
  switch (node.type) {
    case 'binary': {
      const left = reciprocals(node.left);
      const right = reciprocals(node.right);
      if (node.op === '^' && right.type === 'unary' && right.op === '-') {
        const power: Node = { type: 'binary', op: '^', left, right: right.arg, span: node.span };
        return {
          type: 'binary',
          op: '/',
          left: { type: 'number', value: 1, raw: '1', span: node.span },
          right: power,
          span: node.span,
        };
      }
      return left === node.left && right === node.right ? node : { ...node, left, right };
    }
    case 'unary': {
      const arg = reciprocals(node.arg);
      return arg === node.arg ? node : { ...node, arg };
    }
    case 'call':
      return { ...node, args: node.args.map(reciprocals) };
    default:
      return node;
  }
}

/** Both sides the same canonical text, or the same once cancelling factors are removed (`x\frac{y}{x} = y`). */
function tautology(sides: Sides): boolean {
  return sides.every(
    ({ lhs, rhs }) => canonicalText(lhs) === canonicalText(rhs) || cancelledText(ratio(lhs, rhs)) === '1',
  );
}

/** The branches' `lhs − rhs` texts, each in the sign that sorts first, sorted and joined. */
function differenceKey(sides: Sides): string {
  const keys = sides.map(({ lhs, rhs }) => {
    // Either sign: the text that sorts first (strings, so no Math.min).
    return [canonicalText(difference(lhs, rhs)), canonicalText(difference(rhs, lhs))].sort()[0]!;
  });
  return [...new Set(keys)].sort().join('\u0000');
}

/** `left − right`, without a side that is 0 (`X − Y = 0` is the identity `X = Y`). */
function difference(left: Node, right: Node): Node {
  if (isZero(right)) return left;
  if (isZero(left)) return { type: 'unary', op: '-', arg: right, span: right.span };
  return { type: 'binary', op: '-', left, right, span: left.span };
}

const isZero = (node: Node) => node.type === 'number' && node.value === 0;

/** The branches' `lhs / rhs` texts with cancelling factors removed, each way round, sorted and joined. */
function ratioKey(sides: Sides): string {
  const keys = sides.map(({ lhs, rhs }) => {
    return [cancelledText(ratio(lhs, rhs)), cancelledText(ratio(rhs, lhs))].sort()[0]!;
  });
  return [...new Set(keys)].sort().join('\u0000');
}

/** `top / bottom` as one product of their factors, without factors that are the number 1. */
function ratio(top: Node, bottom: Node): Node {
  const over: Node[] = [];
  const under: Node[] = [];
  factors(top, false, over, under);
  factors(bottom, true, over, under);
  const product = (nodes: Node[]): Node =>
    nodes.reduce<Node | undefined>(
      (acc, n) => (acc === undefined ? n : { type: 'binary', op: '*', left: acc, right: n, span: top.span }),
      undefined,
    ) ?? { type: 'number', value: 1, raw: '1', span: top.span };
  return under.length === 0
    ? product(over)
    : { type: 'binary', op: '/', left: product(over), right: product(under), span: top.span };
}

function factors(node: Node, inverted: boolean, over: Node[], under: Node[]): void {
  if (node.type === 'binary' && (node.op === '*' || node.op === '/')) {
    factors(node.left, inverted, over, under);
    factors(node.right, node.op === '/' ? !inverted : inverted, over, under);
  } else if (!(node.type === 'number' && node.value === 1)) {
    (inverted ? under : over).push(node);
  }
}
