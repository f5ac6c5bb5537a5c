import type { DerivativeNode, Node } from '../core/tree.js';
import { symbolNode } from './build.js';
import { startsFactor } from './classify.js';
import { dMarkerAt, isDifferentialAt } from './differential.js';
import { parseLeftRight, parseParen } from './parse-delimited.js';
import { parseRun } from './parse-expression.js';
import { parseFactor } from './parse-factor.js';
import { argRange } from './parse-font.js';
import { parseGroupBody } from './parse-group-body.js';
import { subscriptText } from './parse-script.js';
import { subscripted } from './parse-symbol.js';
import { isIgnorable, type Parser } from './parser.js';

/**
 * `\frac{a}{b}` (also `\dfrac`, `\tfrac`, `\cfrac`, `\frac12`). When the denominator starts with a
 * differential (`dt`, `\mathrm{d}t`, `\partial x`) the fraction is a derivative: `\frac{dv}{dt}` is
 * the ratio of differentials, and `\frac{d}{dr}` / `\frac{\partial^2}{\partial x^2}` is an operator
 * applied to what follows (a parenthesised group or the implicit product after it).
 */
export function parseFrac(p: Parser): Node {
  const cmd = p.next();
  const num = argRange(p);
  p.pos = num.after;
  const den = argRange(p);
  p.pos = den.after;
  const span = { start: cmd.start, end: p.lastEnd() };
  const derivative = denominatorIsDifferential(p, den.start, den.end);
  if (derivative) p.diffContext++;
  const numerator = operatorOrder(p, num.start, num.end);
  if (derivative && numerator !== undefined) {
    const denominator = p.within(den.start, den.end, () => parseGroupBody(p, 'denominator'));
    p.diffContext--;
    p.pos = den.after;
    return applyOperator(p, numerator, denominator, span);
  }
  p.fracDepth++;
  let top: Node;
  let bottom: Node;
  try {
    top = p.within(num.start, num.end, () => parseGroupBody(p, 'numerator'));
    bottom = p.within(den.start, den.end, () => parseGroupBody(p, 'denominator'));
  } finally {
    p.fracDepth--;
  }
  if (derivative) p.diffContext--;
  p.pos = den.after;
  return { type: 'binary', op: '/', left: top, right: bottom, span };
}

function denominatorIsDifferential(p: Parser, start: number, end: number): boolean {
  const saved = p.limit;
  p.limit = end;
  const marker = dMarkerAt(p, start);
  p.diffContext++;
  const ok = marker !== undefined && isDifferentialAt(p, start);
  p.diffContext--;
  p.limit = saved;
  return ok;
}

/** When the numerator is only `d`, `d^2`, `\partial^2`, `\mathrm{d}`: its order and kind. */
function operatorOrder(
  p: Parser,
  start: number,
  end: number,
): { order: number; partial: boolean } | undefined {
  const saved = p.limit;
  p.limit = end;
  const marker = dMarkerAt(p, start);
  p.limit = saved;
  if (marker === undefined) return undefined;
  let k = marker.after;
  const skip = (): void => {
    while (k < end && isIgnorable(p.tokens[k]!)) k++;
  };
  skip();
  if (k === end) return { order: 1, partial: marker.partial };
  if (p.tokens[k]?.value !== '^') return undefined;
  k++;
  skip();
  let t = p.tokens[k];
  if (t?.value === '{') {
    k++;
    t = p.tokens[k];
    if (p.tokens[k + 1]?.value !== '}') return undefined;
    k++;
  }
  if (t?.kind !== 'num' || !/^\d$/.test(t.value)) return undefined;
  k++;
  skip();
  return k === end ? { order: Number(t.value), partial: marker.partial } : undefined;
}

/** `\frac{d^n}{dx^n}` applied to the following group or product, as nested derivative nodes. */
function applyOperator(
  p: Parser,
  op: { order: number; partial: boolean },
  denominator: Node,
  span: { start: number; end: number },
): Node {
  const variables: string[] = [];
  collect(denominator, variables);
  if (variables.length === 0)
    p.fail('unexpected-token', 'the denominator of a derivative names no variable', denominator.span);
  const t = p.peek();
  if (!startsFactor(p, t, false))
    p.fail('missing-operand', 'a derivative operator with nothing to apply to', span);
  const opens =
    (t.kind === 'char' && (t.value === '(' || t.value === '[')) || (t.kind === 'cmd' && t.value === 'left');
  const expr = opens ? parseFactor(p) : parseRun(p, true);
  const end = expr.span.end;
  if (variables.every((v) => v === variables[0])) {
    return derivative(expr, variables[0]!, Math.max(op.order, variables.length), op.partial, span.start, end);
  }
  let node = expr;
  for (let k = variables.length - 1; k >= 0; k--)
    node = derivative(node, variables[k]!, 1, op.partial, span.start, end);
  return node;
}

function derivative(
  expr: Node,
  variable: string,
  order: number,
  partial: boolean,
  start: number,
  end: number,
): DerivativeNode {
  return { type: 'derivative', expr, variable, order, partial, span: { start, end } };
}

/** The variables of a derivative's denominator: `dx^2` → [x, x], `\partial x \partial y` → [x, y]. */
function collect(node: Node, out: string[]): void {
  if (node.type === 'differential' && node.of.type === 'symbol') out.push(node.of.name);
  else if (node.type === 'binary' && node.op === '*') {
    collect(node.left, out);
    collect(node.right, out);
  } else if (node.type === 'binary' && node.op === '^' && node.right.type === 'number') {
    const before = out.length;
    collect(node.left, out);
    const added = out.slice(before);
    for (let k = 1; k < node.right.value && k < 20; k++) out.push(...added);
  }
}

/** `\sqrt{x}` → sqrt(x); `\sqrt[n]{x}` → sqrt(x, n). */
export function parseSqrt(p: Parser): Node {
  const cmd = p.next();
  // A Unicode `√` has no root index: `√[ a/b ]` is the root of the bracket (∛ and ∜ carry theirs).
  if (p.isChar('[') && cmd.end - cmd.start === 1 && p.tokens[p.pos]!.start > cmd.start) {
    const group = parseParen(p);
    return { type: 'call', fn: 'sqrt', args: [group], span: { start: cmd.start, end: p.lastEnd() } };
  }
  let index: Node | undefined;
  if (p.isChar('[')) {
    const open = p.pos;
    let k = open + 1;
    for (let depth = 0; k < p.limit; k++) {
      const t = p.tokens[k]!;
      if (t.value === '{' && t.kind === 'char') k = Math.max(k, p.match[k]!);
      else if (t.kind === 'char' && t.value === '[') depth++;
      else if (t.kind === 'char' && t.value === ']') {
        if (depth === 0) break;
        depth--;
      }
    }
    if (k >= p.limit) p.fail('unbalanced-delimiter', '\\sqrt[ is never closed', p.spanOf(p.tokens[open]!));
    index = p.within(open + 1, k, () => parseGroupBody(p, 'root index'));
    p.pos = k + 1;
  }
  if (p.isChar('(') || p.isCmd('left')) {
    // `√(k/m)` (Unicode, or `\sqrt(…)` as typed by hand): the parenthesised group is the radicand.
    const group = p.isChar('(') ? parseParen(p) : parseLeftRight(p);
    const args = index === undefined ? [group] : [group, index];
    return { type: 'call', fn: 'sqrt', args, span: { start: cmd.start, end: p.lastEnd() } };
  }
  const range = argRange(p);
  let radicand =
    range.end - range.start === 1 && p.tokens[range.start]!.value !== '{'
      ? p.within(range.start, range.end, () => parseFactor(p))
      : p.within(range.start, range.end, () => parseGroupBody(p, 'square root'));
  p.pos = range.after;
  // A Unicode `√` before a letter and its subscript (`√nₛ`, `√v₀`) is the root of the subscripted
  // symbol: TeX's `\sqrt n_s` would set the index on the root, which no plain-text writer means.
  while (cmd.end - cmd.start === 1 && radicand.type === 'symbol' && p.isChar('_')) {
    p.next();
    const sub = subscriptText(p);
    radicand = symbolNode(subscripted(radicand.name, sub), { start: radicand.span.start, end: p.lastEnd() });
  }
  const args = index === undefined ? [radicand] : [radicand, index];
  return { type: 'call', fn: 'sqrt', args, span: { start: cmd.start, end: p.lastEnd() } };
}

/**
 * True when the tokens `[start, end)` are exactly one `\frac{d^n}{dx^n}` derivative operator (as in
 * `{\frac{d^2}{dt^2}}\left(\sin\theta\right)`, where braces wrap the operator alone).
 */
export function isOperatorFracAt(p: Parser, start: number, end: number): boolean {
  const cmd = p.tokens[start];
  if (cmd?.kind !== 'cmd' || !['frac', 'dfrac', 'tfrac'].includes(cmd.value)) return false;
  const numOpen = start + 1;
  if (p.tokens[numOpen]?.value !== '{') return false;
  const denOpen = p.match[numOpen]! + 1;
  if (denOpen <= numOpen || p.tokens[denOpen]?.value !== '{') return false;
  const denClose = p.match[denOpen]!;
  if (denClose + 1 !== end) return false;
  const savedLimit = p.limit;
  const ok =
    denominatorIsDifferential(p, denOpen + 1, denClose) &&
    operatorOrder(p, numOpen + 1, denOpen - 1) !== undefined;
  p.limit = savedLimit;
  return ok;
}
