import type { Node } from '../core/tree.js';
import { binary } from './build.js';
import { parseSigned } from './parse-expression.js';
import type { Parser } from './parser.js';

/** True when the rightmost factor of `node` (or of its numerator) is a differential. */
export function endsWithDifferential(node: Node): boolean {
  if (node.type === 'differential') return true;
  if (node.type === 'binary' && node.op === '*') return endsWithDifferential(node.right);
  if (node.type === 'binary' && node.op === '/') return containsDifferential(node.left);
  if (node.type === 'unary') return endsWithDifferential(node.arg);
  if (node.type === 'binary' && node.op === '^') return endsWithDifferential(node.left);
  return false;
}

function containsDifferential(node: Node): boolean {
  if (node.type === 'differential') return true;
  if (node.type === 'binary' && node.op === '*')
    return containsDifferential(node.left) || containsDifferential(node.right);
  return false;
}

const ADD: Readonly<Record<string, '+' | '-' | '±' | '∓'>> = { '+': '+', '-': '-', pm: '±', mp: '∓' };

/** The integrand: terms joined by `+`/`-` up to (and including) the term that ends with `dx`. */
export function parseAdditiveUntilDifferential(p: Parser): Node {
  let left = parseSigned(p);
  while (!endsWithDifferential(left)) {
    const t = p.peek();
    const op = t.kind === 'char' || t.kind === 'cmd' ? ADD[t.value] : undefined;
    if (op === undefined) break;
    p.next();
    left = binary(op, left, parseSigned(p));
  }
  return left;
}
