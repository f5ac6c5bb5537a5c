import { printTree } from '../core/print-tree.js';
import type { Node, SymbolNode } from '../core/tree.js';
import { binary, opaqueNode, respan, symbolNode } from './build.js';
import { parseEvaluationScripts } from './evaluation-bar.js';
import { type DelimiterKind, OPENERS } from './grammar/delimiters.js';
import { isOperatorFracAt, parseFrac } from './parse-frac.js';
import { parseGroupBody } from './parse-group-body.js';
import { subscriptText } from './parse-script.js';
import { parseStatements } from './parse-statements.js';
import { parseSymbolFactor } from './parse-symbol.js';
import { type Parser, show } from './parser.js';
import type { Token } from './token.js';

const PAREN_CLOSERS: Readonly<Record<string, readonly string[]>> = {
  '(': [')', ']'],
  '[': [']', ')'],
  '\\{': ['\\}', '\\rbrace'],
  '\\lbrace': ['\\}', '\\rbrace'],
  '\\langle': ['\\rangle'],
  '\\lfloor': ['\\rfloor'],
  '\\lceil': ['\\rceil'],
};

/** The delimiter key of a token: the character, or `\` + command name. */
export function delimiterKey(t: Token): string {
  return t.kind === 'cmd' ? `\\${t.value}` : t.value;
}

/** `( … )`, `[ … ]`, `\{ … \}`, `\langle … \rangle`, `\lfloor … \rfloor`, `\lceil … \rceil`. */
export function parseParen(p: Parser): Node {
  const open = p.next();
  const key = delimiterKey(open);
  const body = parseGroupBody(p, 'parentheses');
  const close = p.peek();
  if (!(PAREN_CLOSERS[key] ?? []).includes(delimiterKey(close))) {
    p.fail('unbalanced-delimiter', `'${show(open)}' is never closed`, p.spanOf(open));
  }
  p.next();
  return delimited(OPENERS[key] ?? 'group', body, { start: open.start, end: close.end });
}

/** A braced group `{ … }` used as a factor; `{}` before a script is a prescript (`{}^{16}\mathrm{O}`). */
export function parseBraceGroup(p: Parser): Node {
  const open = p.pos;
  const close = p.match[open]!;
  if (close < 0) p.fail('unbalanced-brace', 'this { is never closed');
  p.pos = open + 1;
  if (p.peek().kind === 'end' || p.pos === close) {
    p.pos = close + 1;
    if (p.isChar('^') || p.isChar('_')) return parsePrescript(p, p.tokens[open]!.start);
    return p.fail('missing-operand', 'empty group {}', {
      start: p.tokens[open]!.start,
      end: p.tokens[close]!.end,
    });
  }
  if (isOperatorFracAt(p, open + 1, close)) {
    // `{\frac{d^2}{dt^2}}(…)`: the braces wrap the operator alone; it applies to what follows them.
    const saved = p.transparent;
    p.transparent = close;
    p.pos = open + 1;
    const node = parseFrac(p);
    p.transparent = saved;
    if (p.pos <= close) p.pos = close + 1;
    return node;
  }
  const node = p.within(open + 1, close, () => parseGroupBody(p, 'group'));
  p.pos = close + 1;
  return node;
}

/** `\left<d> … \right<d>` with any pair of delimiters (`\left.` and `\right.` are invisible). */
export function parseLeftRight(p: Parser): Node {
  const left = p.next();
  const open = p.next();
  const kind = OPENERS[delimiterKey(open)];
  if (kind === undefined)
    p.fail('unexpected-token', `'${show(open)}' after \\left is not a delimiter`, p.spanOf(open));
  const items = parseStatements(p);
  const right = p.next();
  if (!(right.kind === 'cmd' && right.value === 'right')) {
    p.fail('unbalanced-delimiter', '\\left without \\right', p.spanOf(left));
  }
  const close = p.next();
  const span = { start: left.start, end: close.end };
  if (items.length === 0) {
    if (kind === 'none') return opaqueNode('at()', span);
    p.fail('missing-operand', 'empty \\left…\\right', span);
  }
  const body: Node =
    items.length === 1 ? items[0]! : { type: 'list', items, span: { start: open.end, end: right.start } };
  const closeKey = delimiterKey(close);
  if (kind === 'none' && (closeKey === '|' || closeKey === '\\vert')) {
    // `\left. mgh \right|_{h_1}^{h_2}`: an evaluation bar.
    if (p.isChar('_') || p.isChar('^')) return parseEvaluationScripts(p, body, left.start);
    return opaqueNode(`at(${printTree(body)})`, span);
  }
  if (delimiterKey(open) === '[' && closeKey === ']' && p.isChar('_') && body.type !== 'list') {
    // `\left[\tfrac12 kx^2\right]_0^A`: F(A) − F(0).
    return parseEvaluationScripts(p, { ...body, span }, left.start);
  }
  const effective: DelimiterKind = kind === 'none' ? (OPENERS[closeKey] ?? 'group') : kind;
  return delimited(effective === 'none' ? 'group' : effective, body, span);
}

/** `|x|` (or `\lvert x \rvert`) and `\|x\|`: absolute value / norm. */
export function parseAbs(p: Parser, kind: 'abs' | 'norm'): Node {
  const open = p.next();
  if (kind === 'abs') p.absDepth++;
  else p.normDepth++;
  const body = parseGroupBody(p, 'absolute value');
  if (kind === 'abs') p.absDepth--;
  else p.normDepth--;
  const close = p.next();
  const ok = kind === 'abs' ? ['|', '\\vert', '\\rvert'] : ['\\|', '\\Vert', '\\rVert'];
  if (!ok.includes(delimiterKey(close)))
    p.fail('unbalanced-delimiter', `'${show(open)}' is never closed`, p.spanOf(open));
  return delimited(kind, body, { start: open.start, end: close.end });
}

function delimited(kind: DelimiterKind, body: Node, span: { start: number; end: number }): Node {
  switch (kind) {
    case 'abs':
    case 'norm':
      return { type: 'call', fn: 'abs', args: [body], span };
    case 'floor':
    case 'ceil':
      return { type: 'call', fn: kind, args: [body], span };
    case 'angle':
      return opaqueNode(`<${printTree(body)}>`, span);
    default:
      // `body` is the group's fresh result, referenced nowhere else.
      return body.type === 'list' || body.type === 'relation' ? body : respan(body, span);
  }
}

/**
 * After a symbol, `(…)`: an application (a label) `x(t)`, `V(r)`, `f(x, y)`, `\varphi(R_1)`, `x(0)`,
 * `v(-1)` when every argument is a symbol or an integer written as plain digits, or a region or point
 * `\phi(r<a)`, `v(t=0)` (a relation between such terms or decimal numbers); otherwise the product
 * of the symbol and the group. So a measured value is a factor: `q(3.0\times10^{4})`, `m(2.5)`,
 * `m(3\times10^8)^2` and `a(b+c)` are products (a point of evaluation is an index such as 0, 1, 2,
 * not a decimal or a power of ten). A group followed by a power is a factor too: `\ell(3)^{1/2}`.
 */
export function parseDelimitedAfterSymbol(p: Parser, symbol: SymbolNode): Node {
  const group = p.isCmd('left') ? parseLeftRight(p) : parseParen(p);
  // The closing bracket ends the label (a list's own span stops at its last item: `f(x, y`).
  const end = p.lastEnd();
  const args = group.type === 'list' ? group.items : [group];
  const point = (a: Node): boolean => a.type === 'symbol' || (a.type === 'number' && /^\d+$/.test(a.raw));
  const signed = (a: Node): boolean => point(a) || (a.type === 'unary' && a.op === '-' && point(a.arg));
  // A region `\phi(r<a)`, `E(0 \le r \le R)` or a point `v(t=0)`: a relation between symbols and
  // numbers names the quantity there (a relation is never a factor of a product).
  const region = (a: Node): boolean =>
    a.type === 'relation' &&
    a.ops.every((op) => op === '=' || op === '<' || op === '>' || op === '<=' || op === '>=') &&
    a.args.every((x) => signed(x) || x.type === 'number');
  const simple = args.every((a) => signed(a) || region(a));
  // A power on the group reads as a factor raised to it: `\ell\left(3\right)^{1/2}`, `t\,(F)^{1/2}`
  // are products (a power of a labelled value is written on a bracket or with `^2` after `|…|`).
  const powered = p.isChar('^');
  if (simple && !powered)
    return {
      type: 'apply',
      name: symbol.name,
      args,
      span: { start: symbol.span.start, end },
    };
  return binary('*', symbol, group, true);
}

/** `{}^{16}\mathrm{O}`: a prescript (isotope, nuclide) makes one symbol named `^{16}O`. */
function parsePrescript(p: Parser, start: number): Node {
  let prefix = '';
  while (p.isChar('^') || p.isChar('_')) {
    const mark = p.next().value;
    prefix += `${mark}{${subscriptText(p)}}`;
  }
  const inner = parseSymbolFactor(p);
  if (inner.type !== 'symbol')
    return p.fail('unexpected-token', 'a prescript before something that is not a symbol', inner.span);
  return symbolNode(
    `${prefix}${inner.name}`,
    { start, end: inner.span.end },
    inner.vector === true,
    inner.upright === true,
  );
}
