import { printTree } from '../core/print-tree.js';
import type { DifferentialNode, Node } from '../core/tree.js';
import { binary, opaqueNode } from './build.js';
import { parseAdditiveUntilDifferential } from './parse-integrand.js';
import { parseScriptArg } from './parse-script.js';
import type { Parser } from './parser.js';

interface Head {
  readonly kind: string;
  readonly start: number;
  lower?: Node;
  upper?: Node;
}

/**
 * `\int_a^b f\,dx` → integral node (variable from the trailing differential, which may sit in a
 * numerator: `\int \frac{R\,dR}{…}`); `\int f\,dx` is indefinite. Directly nested integrals take the
 * trailing differentials innermost first (`\int\int f\,dx\,dy`). Region integrals (`\int_V`),
 * `\oint`, `\iint`, `\iiint` and integrals without a differential are opaque quantities.
 */
export function parseIntegral(p: Parser): Node {
  const heads: Head[] = [];
  while (
    heads.length < 8 &&
    p.peek().kind === 'cmd' &&
    /^(int|iint|iiint|oint|oiint|intop|smallint)$/.test(p.peek().value)
  ) {
    const cmd = p.next();
    const head: Head = {
      kind: cmd.value === 'intop' || cmd.value === 'smallint' ? 'int' : cmd.value,
      start: cmd.start,
    };
    for (let k = 0; k < 2; k++) {
      if (p.isChar('_')) {
        p.next();
        head.lower = parseScriptArg(p);
      } else if (p.isChar('^')) {
        p.next();
        head.upper = parseScriptArg(p);
      }
    }
    heads.push(head);
  }
  p.integral++;
  const integrand = parseAdditiveUntilDifferential(p);
  p.integral--;
  let rest: Node | undefined = integrand;
  const variables: DifferentialNode[] = [];
  for (let k = 0; k < heads.length && rest !== undefined; k++) {
    const found = extractDifferential(rest);
    if (found === undefined) break;
    variables.push(found.diff);
    rest = found.rest;
  }
  const first = heads[0]!;
  const span = { start: first.start, end: integrand.span.end };
  const simple = heads.every((h) => h.kind === 'int' && (h.lower === undefined) === (h.upper === undefined));
  const named = variables.every((d) => d.of.type === 'symbol' && d.order === 1);
  if (!simple || variables.length < heads.length || !named) {
    if (variables.length < heads.length)
      p.warn('missing-differential', 'an integral without a trailing differential', span);
    const bounds = heads.map(
      (h) =>
        `${h.kind}${h.lower ? `_{${printTree(h.lower)}}` : ''}${h.upper ? `^{${printTree(h.upper)}}` : ''}`,
    );
    return opaqueNode(`${bounds.join('')}(${printTree(integrand)})`, span);
  }
  let node: Node = rest ?? { type: 'number', value: 1, raw: '1', span };
  for (let k = heads.length - 1; k >= 0; k--) {
    const h = heads[k]!;
    const diff = variables[k]!;
    const variable = diff.of.type === 'symbol' ? diff.of.name : '';
    node =
      h.lower !== undefined && h.upper !== undefined
        ? {
            type: 'integral',
            integrand: node,
            variable,
            lower: h.lower,
            upper: h.upper,
            span: { start: h.start, end: span.end },
          }
        : { type: 'integral', integrand: node, variable, span: { start: h.start, end: span.end } };
  }
  return node;
}

/** Removes the rightmost differential factor of a product (or of a numerator); `rest` undefined if none is left. */
export function extractDifferential(
  node: Node,
): { rest: Node | undefined; diff: DifferentialNode } | undefined {
  if (node.type === 'differential') return { rest: undefined, diff: node };
  if (node.type === 'binary' && node.op === '*') {
    const right = extractDifferential(node.right);
    if (right !== undefined)
      return {
        rest:
          right.rest === undefined ? node.left : binary('*', node.left, right.rest, node.implicit === true),
        diff: right.diff,
      };
    const left = extractDifferential(node.left);
    if (left !== undefined)
      return {
        rest:
          left.rest === undefined ? node.right : binary('*', left.rest, node.right, node.implicit === true),
        diff: left.diff,
      };
    return undefined;
  }
  if (node.type === 'binary' && node.op === '/') {
    const top = extractDifferential(node.left);
    if (top === undefined) return undefined;
    const one: Node = { type: 'number', value: 1, raw: '1', span: node.left.span };
    return { rest: binary('/', top.rest ?? one, node.right), diff: top.diff };
  }
  if (node.type === 'binary' && (node.op === '+' || node.op === '-')) {
    const right = extractDifferential(node.right);
    if (right === undefined || right.rest === undefined) return undefined;
    return { rest: binary(node.op, node.left, right.rest), diff: right.diff };
  }
  if (node.type === 'unary' && node.op === '-') {
    const inner = extractDifferential(node.arg);
    if (inner === undefined) return undefined;
    const one: Node = { type: 'number', value: 1, raw: '1', span: node.span };
    return { rest: { type: 'unary', op: '-', arg: inner.rest ?? one, span: node.span }, diff: inner.diff };
  }
  return undefined;
}
