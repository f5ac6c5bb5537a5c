import { printTree } from '../core/print-tree.js';
import type { Node, SymbolNode } from '../core/tree.js';
import { binary, opaqueNode, symbolNode, unitNode } from './build.js';
import { parseEvaluationScripts } from './evaluation-bar.js';
import { parseDelimitedAfterSymbol } from './parse-delimited.js';
import { parsePrimary } from './parse-primary.js';
import { parseScriptArg, subscriptText } from './parse-script.js';
import { isPrimeToken, primesAt, subscripted } from './parse-symbol.js';
import type { Parser } from './parser.js';

/** A primary with its postfix parts: subscripts, primes, powers, `x(t)` application, `n!`, `30^\circ`. */
export function parseFactor(p: Parser): Node {
  const t = p.peek();
  const grouped =
    t.kind === 'char'
      ? t.value === '(' || t.value === '[' || t.value === '{'
      : t.kind === 'cmd' && t.value === 'left';
  const primary = parsePrimary(p);
  // `[\tfrac12 kx^2]_0^A`: a bracket with bounds is evaluated between them.
  if (t.kind === 'char' && t.value === '[' && p.isChar('_') && primary.type !== 'list')
    return parseEvaluationScripts(p, primary, t.start);
  return parsePostfix(p, primary, !grouped);
}

/** Commands after which an astronomical mark ends its symbol's name: spacing, products, relations. */
const AFTER_MARK = new Set([
  'cdot',
  'times',
  'approx',
  'sim',
  'simeq',
  'le',
  'leq',
  'ge',
  'geq',
  'right',
  'quad',
  'qquad',
  ',',
  ';',
  ' ',
]);

/**
 * At `\odot` (the Sun) or `\oplus` (the Earth) written after a symbol without `_` (`L \odot`,
 * `M \oplus`, as OCR of `L_\odot` leaves it) and not before an operand: the symbol's subscript, as
 * astronomy writes it (between two operands it would be an operator no answer means).
 */
function astronomicalMark(p: Parser): boolean {
  const t = p.peek();
  if (t.kind !== 'cmd' || (t.value !== 'odot' && t.value !== 'oplus')) return false;
  const after = p.peekAt(1);
  if (after.kind === 'end') return true;
  if (after.kind === 'char') return !'([{\\'.includes(after.value);
  return after.kind === 'cmd' && AFTER_MARK.has(after.value);
}

/**
 * Applies subscripts (`v_{0}` → name `v_{0}`), primes (`x'`, `x^{\prime}`), powers, degrees
 * (`30^\circ` → `30 * [deg]`), factorials and symbol application (`V(r)` → apply) to `base`.
 */
export function parsePostfix(p: Parser, base: Node, allowApply = true): Node {
  let node = base;
  let powered = false;
  for (;;) {
    const t = p.peek();
    if (t.kind === 'char' && t.value === '_') {
      p.next();
      const sub = subscriptText(p);
      if (node.type === 'symbol' && !powered) node = rename(node, subscripted(node.name, sub), p.lastEnd());
      else node = opaqueNode(`${printTree(node)}_{${sub}}`, { start: node.span.start, end: p.lastEnd() });
      continue;
    }
    if (node.type === 'symbol' && !powered && astronomicalMark(p)) {
      p.next();
      node = rename(node, subscripted(node.name, t.value), t.end);
      continue;
    }
    if (t.kind === 'char' && t.value === "'") {
      p.next();
      if (node.type === 'symbol' && !powered) node = rename(node, `${node.name}'`, t.end);
      else node = opaqueNode(`${printTree(node)}'`, { start: node.span.start, end: t.end });
      continue;
    }
    if (t.kind === 'char' && t.value === '^' && (node.type !== 'symbol' || powered)) {
      const start = node.span.start;
      const primes = primesAt(p);
      if (primes > 0) {
        node = opaqueNode(`${printTree(node)}${"'".repeat(primes)}`, { start, end: p.lastEnd() });
        continue;
      }
    }
    if (t.kind === 'char' && t.value === '{' && p.match[p.pos] === p.pos + 1) {
      const after = p.tokens[p.pos + 2];
      if (after?.kind === 'char' && (after.value === '^' || after.value === '_')) {
        p.pos += 2;
        continue;
      }
    }
    if (t.kind === 'char' && t.value === '^') {
      p.next();
      node = parseSuperscript(p, node, powered);
      powered = node.type !== 'symbol';
      continue;
    }
    if (t.kind === 'char' && t.value === '!') {
      const n = p.peekAt(1);
      if (n.kind === 'char' && n.value === '=' && !n.space) return node;
      p.next();
      node = { type: 'unary', op: '!', arg: node, span: { start: node.span.start, end: t.end } };
      continue;
    }
    if (allowApply && node.type === 'symbol' && !powered && node.name !== 'pi' && opensParen(p)) {
      const spaced = p.explicitSpaceBefore();
      const saved = p.pos;
      const applied = parseDelimitedAfterSymbol(p, node);
      if (applied.type === 'binary' && spaced) {
        // `\sin\theta\,(6-x)`: an explicit space before a group that is a factor, not an
        // argument list, ends the symbol here, so a function's argument stops at the space as it
        // does before a letter (`\sin x\,y`); the run that continues multiplies the group in.
        p.pos = saved;
        return node;
      }
      if (applied.type === 'binary') {
        // `a(b+c)^2`: not an application, so the postfix belongs to the group.
        return binary('*', applied.left, parsePostfix(p, applied.right), true);
      }
      node = applied;
      powered = true;
      continue;
    }
    return node;
  }
}

function opensParen(p: Parser): boolean {
  const t = p.peek();
  if (t.kind === 'char') return t.value === '(';
  if (t.kind === 'cmd' && t.value === 'left') {
    const d = p.peekAt(1);
    return d.kind === 'char' && d.value === '(';
  }
  return false;
}

function rename(node: SymbolNode, name: string, end: number): SymbolNode {
  return {
    ...symbolNode(name, { start: node.span.start, end }, node.vector === true, node.upright === true),
  };
}

const MARK_SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '*': '*',
  ast: '*',
  star: '*',
  dagger: 'dagger',
  ddagger: 'ddagger',
};

/** After `^`: a prime, a degree sign, a mark (`x^*`), or a power. */
function parseSuperscript(p: Parser, node: Node, powered: boolean): Node {
  const open = p.peek();
  const braced = open.kind === 'char' && open.value === '{';
  const first = braced ? p.tokens[p.pos + 1] : open;
  if (first !== undefined && first.kind === 'cmd' && (first.value === 'circ' || first.value === 'degree')) {
    const close = braced ? p.match[p.pos]! : p.pos;
    if (!braced || close === p.pos + 2) {
      p.pos = close + 1;
      return degrees(p, node, open.start);
    }
  }
  if (first !== undefined && isPrimeToken(first) && node.type === 'symbol' && !powered) {
    let name = node.name;
    let k = braced ? p.pos + 1 : p.pos;
    while (p.tokens[k] !== undefined && isPrimeToken(p.tokens[k]!)) {
      name += "'";
      k++;
    }
    const primed = rename(node, name, p.tokens[k - 1]!.end);
    if (!braced) {
      p.pos = k;
      return primed;
    }
    const close = p.match[p.pos]!;
    if (k === close) {
      p.pos = close + 1;
      return primed;
    }
    const exponent = p.within(k, close, () => parseScriptArgBody(p));
    p.pos = close + 1;
    return binary('^', primed, exponent);
  }
  const charge = node.type === 'symbol' && !powered ? chargeMark(p, braced) : undefined;
  if (charge !== undefined) {
    const renamed = rename(node as SymbolNode, `${(node as SymbolNode).name}^{${charge.text}}`, charge.end);
    p.pos = charge.next;
    return renamed;
  }
  const mark = first === undefined ? undefined : MARK_SUPERSCRIPTS[first.value];
  if (mark !== undefined && node.type === 'symbol' && !powered && (!braced || p.match[p.pos] === p.pos + 2)) {
    const end = braced ? p.match[p.pos]! : p.pos;
    const renamed = rename(node, `${node.name}^{${mark}}`, p.tokens[end]!.end);
    p.pos = end + 1;
    return renamed;
  }
  const exponent = parseScriptArg(p);
  return binary('^', node, exponent);
}

/**
 * An ion's charge written as a superscript (`H_2^+`, `\mathrm{Fe}^{3+}`, `O^{2-}`, Unicode `H₂⁺`): the
 * sign alone, or digits and a sign, braced — or a bare sign that ends the operand (`H_2^+ = …`, not
 * `e^-x`). Part of the symbol's name, not a power. Undefined (cursor unmoved) otherwise.
 */
function chargeMark(p: Parser, braced: boolean): { text: string; end: number; next: number } | undefined {
  const sign = (k: number) => {
    const t = p.tokens[k];
    return t !== undefined && t.kind === 'char' && (t.value === '+' || t.value === '-');
  };
  if (braced) {
    const close = p.match[p.pos]!;
    let k = p.pos + 1;
    let digits = '';
    while (k < close && p.tokens[k]!.kind === 'num' && /^\d$/.test(p.tokens[k]!.value))
      digits += p.tokens[k++]!.value;
    if (k !== close - 1 || !sign(k)) return undefined;
    return { text: `${digits}${p.tokens[k]!.value}`, end: p.tokens[close]!.end, next: close + 1 };
  }
  if (!sign(p.pos)) return undefined;
  const after = p.tokens[p.pos + 1];
  const ends =
    after === undefined ||
    p.pos + 1 >= p.limit ||
    after.kind === 'end' ||
    (after.kind === 'char' && /^[=<>),;\]}+-]$/.test(after.value)) ||
    (after.kind === 'cmd' &&
      /^(?:approx|simeq|right|quad|qquad|to|rightarrow|le|ge|leq|geq|neq)$/.test(after.value));
  if (!ends) return undefined;
  return { text: p.tokens[p.pos]!.value, end: p.tokens[p.pos]!.end, next: p.pos + 1 };
}

function parseScriptArgBody(p: Parser): Node {
  return parseScriptArg(p, true);
}

/** `30^\circ` → `30 * [deg]`; `25^\circ C` / `25^{\circ}\mathrm{C}` → `25 * [°C]`. */
function degrees(p: Parser, node: Node, start: number): Node {
  const t = p.peek();
  const adjacentLetter = t.kind === 'letter' && (t.value === 'C' || t.value === 'F');
  const text =
    t.kind === 'cmd' && t.args === undefined && /^(mathrm|text|rm)$/.test(t.value)
      ? fontLetter(p)
      : undefined;
  const rawText = t.kind === 'cmd' && t.args !== undefined ? t.args[0]?.text.trim() : undefined;
  const scale = adjacentLetter
    ? t.value
    : (text ?? (rawText === 'C' || rawText === 'F' ? rawText : undefined));
  if (scale !== undefined) {
    if (adjacentLetter) p.next();
    else if (text !== undefined) p.pos = p.match[p.pos + 1]! + 1;
    else p.next();
    // An offset unit: normalization converts a stated temperature to kelvin (see offset-temperatures).
    return binary('*', node, unitNode(`°${scale}`, { start, end: p.lastEnd() }));
  }
  return binary('*', node, unitNode('deg', { start, end: p.lastEnd() }));
}

function fontLetter(p: Parser): string | undefined {
  const open = p.tokens[p.pos + 1];
  if (open === undefined || open.value !== '{') return undefined;
  const close = p.match[p.pos + 1]!;
  const inner = p.tokens.slice(p.pos + 2, close).filter((u) => u.kind === 'letter');
  const only = inner.length === 1 ? inner[0]!.value : undefined;
  return only === 'C' || only === 'F' ? only : undefined;
}
