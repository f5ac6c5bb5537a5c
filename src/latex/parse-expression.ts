import { printTree } from '../core/print-tree.js';
import type { BinaryOp, Node, RelOp, UnaryNode, UnitNode } from '../core/tree.js';
import { parseUnit } from '../physics/units.js';
import { binary, isNumeric, opaqueNode, spanOf } from './build.js';
import { isSeparator, relationOf, startsFactor, startsRelation } from './classify.js';
import { isBarAt, parseBar } from './evaluation-bar.js';
import { tryFoldScientific } from './fold-scientific.js';
import { parseFactor } from './parse-factor.js';
import { tryUnit } from './parse-unit.js';
import { type Parser, show } from './parser.js';

/** `a = b`, `a \le b < c`: an additive expression, or a relation chain of them. */
export function parseRelation(p: Parser): Node {
  const left = parseAdditive(p);
  if (!startsRelation(p, p.peek())) return left;
  const tail = parseChainTail(p);
  return { type: 'relation', ops: tail.ops, args: [left, ...tail.args], span: spanOf(left, tail) };
}

/** The `op b op c…` part of a chain (also used for rows that start with `&=`). */
export function parseChainTail(p: Parser): {
  ops: RelOp[];
  args: Node[];
  span: { start: number; end: number };
} {
  const ops: RelOp[] = [];
  const args: Node[] = [];
  const start = p.peek().start;
  while (startsRelation(p, p.peek())) {
    ops.push(takeRelation(p));
    if (skipRowBreaks(p) && startsRelation(p, p.peek())) {
      ops.pop();
      continue;
    }
    const t = p.peek();
    if (t.kind === 'end' || isSeparator(t))
      p.fail('missing-operand', 'a relation with nothing on its right side');
    args.push(parseAdditive(p));
  }
  return { ops, args, span: { start, end: args[args.length - 1]!.span.end } };
}

function takeRelation(p: Parser): RelOp {
  const t = p.next();
  const direct = relationOf(t);
  if (direct !== undefined) {
    if (t.kind === 'char' && (t.value === '<' || t.value === '>') && p.isChar('=')) {
      p.next();
      return t.value === '<' ? '<=' : '>=';
    }
    if (t.kind === 'char' && t.value === '=' && p.isChar(':')) p.next();
    return direct;
  }
  if (t.kind === 'char') {
    p.next();
    return t.value === '!' ? '!=' : '=';
  }
  if (t.value === 'not') {
    const inner = relationOf(p.next());
    return inner === '=' ? '!=' : inner === '<' ? '>=' : inner === '>' ? '<=' : '!=';
  }
  if (t.value === 'xrightarrow' || t.value === 'xleftarrow')
    p.fail('unexpected-token', `\\${t.value} is an arrow`);
  // \stackrel{over}{rel}, \overset{over}{rel}, \underset{under}{rel}
  skipGroup(p);
  const open = p.peek();
  if (open.kind === 'char' && open.value === '{') {
    const close = p.match[p.pos]!;
    const inner = p.tokens[p.pos + 1];
    const op = inner === undefined ? undefined : relationOf(inner);
    if (op === undefined) p.fail('unexpected-token', `\\${t.value} over something that is not a relation`);
    p.pos = close + 1;
    return op;
  }
  const op = relationOf(p.next());
  if (op === undefined) p.fail('unexpected-token', `\\${t.value} over something that is not a relation`);
  return op;
}

/** Skips one `{…}` group or one token. */
export function skipGroup(p: Parser): void {
  const t = p.peek();
  if (t.kind === 'char' && t.value === '{' && p.match[p.pos]! > p.pos) p.pos = p.match[p.pos]! + 1;
  else p.next();
}

const ADDITIVE: Readonly<Record<string, BinaryOp>> = { '+': '+', '-': '-', pm: '±', mp: '∓' };

function additiveOp(p: Parser): BinaryOp | undefined {
  const t = p.peek();
  if (t.kind === 'char' || t.kind === 'cmd') return ADDITIVE[t.value];
  return undefined;
}

/** Sums and differences (`+ - \pm \mp`), left-associative. */
export function parseAdditive(p: Parser): Node {
  let left = parseSigned(p);
  for (;;) {
    const op = additiveOp(p);
    if (op !== undefined) {
      p.next();
      skipRowBreaks(p);
      left = binary(op, left, parseSigned(p));
    } else if (isBarAt(p)) {
      // `\tfrac12 kx^2 \Big|_0^A`: the bar evaluates everything before it on this side.
      left = parseBar(p, left);
    } else return left;
  }
}

/** A term with optional leading signs (`-x`, `\pm\sqrt{…}`). */
export function parseSigned(p: Parser): Node {
  const op = additiveOp(p);
  if (op === undefined) return parseTerm(p);
  const t = p.next();
  p.enter();
  const arg = parseSigned(p);
  p.leave();
  const uop: UnaryNode['op'] = op === '±' ? '±' : op === '∓' ? '∓' : op === '+' ? '+' : '-';
  return { type: 'unary', op: uop, arg, span: { start: t.start, end: arg.span.end } };
}

const TIMES = new Set(['cdot', 'times', 'ast', 'bullet', 'centerdot']);

/** Explicit products and quotients (`\cdot \times * / \div`); juxtaposition binds tighter. */
export function parseTerm(p: Parser): Node {
  let left = parseRun(p, false);
  for (;;) {
    // A row that starts with `\times`/`\cdot` continues the product of the row before.
    if (p.isCmd('\\')) {
      const after = p.peekAt(1);
      if (after.kind === 'cmd' && TIMES.has(after.value)) p.next();
    }
    const t = p.peek();
    const times = (t.kind === 'cmd' && TIMES.has(t.value)) || (t.kind === 'char' && t.value === '*');
    const divide = (t.kind === 'char' && t.value === '/') || (t.kind === 'cmd' && t.value === 'div');
    if (t.kind === 'cmd' && t.value === 'mid' && !isBarAt(p)) {
      // `P(A \mid B)`, `\{x \mid x > 0\}`: a conditional, kept as one opaque quantity.
      p.next();
      const right = parseRun(p, false);
      left = opaqueNode(`${printTree(left)}|${printTree(right)}`, spanOf(left, right));
      continue;
    }
    if (!times && !divide) return left;
    if (times) {
      const folded = tryFoldScientific(p, left);
      if (folded !== undefined) {
        left = parseRunFrom(p, folded, false);
        continue;
      }
    }
    p.next();
    skipRowBreaks(p);
    const next = p.peek();
    if (next.kind === 'end' || isSeparator(next))
      p.fail('missing-operand', `'${show(t)}' with nothing after it`);
    const right = additiveOp(p) !== undefined ? parseSigned(p) : parseRun(p, false);
    left = binary(times ? '*' : '/', left, right);
  }
}

/** An implicit product (juxtaposition) of factors: `2\pi r`, `m g h`, `5\,\mathrm{kg}`. */
export function parseRun(p: Parser, restricted: boolean): Node {
  return parseRunFrom(p, parseFactor(p), restricted);
}

/**
 * Continues an implicit product after `first`. After a number, a following unit (`\text{km/h}`,
 * `\mathrm{~m}`, `kg`) becomes `number * unit`.
 */
export function parseRunFrom(p: Parser, first: Node, restricted: boolean): Node {
  let left = first;
  // Tracked incrementally: re-checking a long left-deep product would be quadratic.
  let numeric = isNumeric(first);
  // A fraction with a number on top (`-\frac{13.6}{n^2}\,\text{eV}`) takes a unit macro after it,
  // as `\frac{13.6\,\text{eV}}{n^2}` does: the value per n², in eV. Macros only, never bare words.
  if (!numeric && numberOverSomething(first)) {
    const unit = tryUnit(p, false, false);
    if (unit !== undefined) return parseRunFrom(p, binary('*', first, unit), restricted);
  }
  for (;;) {
    if (numeric) {
      // Bare unit words (`5 kg`) only after a written numeral or a power of ten, never after
      // `\frac13` (`\frac13 ML^2`); bare letters (`2.5 m`) after a measured value (unit-parse.ts).
      // Inside a fraction a numeral's bare word is a product (`\frac{208\,kqQ}{23\,mL^3}`: m·L³).
      const written = (left.type === 'number' && p.fracDepth === 0) || isPowerOfTen(left);
      // A zero is a measured value too: nobody writes 0·m for a quantity (`d = 0 m`).
      const unit = tryUnit(
        p,
        written,
        isPowerOfTen(left) || (left.type === 'number' && (left.raw.includes('.') || left.value === 0)),
      );
      if (unit !== undefined) {
        left = binary('*', left, unit);
        numeric = false;
        // A compound quantity (`2\,\text{h}\;15\,\text{min}`, `1\,\text{m}\,20\,\text{cm}`): a
        // number with a unit of the same dimension right after is added, not multiplied.
        for (let more = compoundPart(p, unit); more !== undefined; more = compoundPart(p, unit))
          left = binary('+', left, more);
        continue;
      }
    }
    if (!startsFactor(p, p.peek(), restricted)) return left;
    // An explicit space ends an unparenthesised function argument: `v_0\cos\theta\, t` is
    // v_0·cos(θ)·t, while `\cos\omega_d t` stays cos(ω_d t).
    if (restricted && p.explicitSpaceBefore()) return left;
    const factor = parseFactor(p);
    numeric = numeric && isNumeric(factor);
    left = binary('*', left, factor, true);
  }
}

/** Skips `\\` line breaks after an operator (a formula continued on the next row); true if any. */
function skipRowBreaks(p: Parser): boolean {
  let skipped = false;
  while (p.isCmd('\\') || p.isCmd('newline') || p.isCmd('quad') || p.isCmd('qquad')) {
    p.next();
    skipped = true;
  }
  return skipped;
}

/**
 * After a quantity `number unit`: the next `number unit` when its unit has the dimension of `unit`
 * (and not a dimensionless one), else undefined with the cursor unmoved.
 */
function compoundPart(p: Parser, unit: UnitNode): Node | undefined {
  const t = p.peek();
  if (t.kind !== 'num') return undefined;
  const saved = p.pos;
  const number = parseFactor(p);
  const next = number.type === 'number' ? tryUnit(p, true, number.raw.includes('.')) : undefined;
  if (next !== undefined && sameDimension(unit.unit, next.unit)) return binary('*', number, next);
  p.pos = saved;
  return undefined;
}

function sameDimension(a: string, b: string): boolean {
  const x = parseUnit(a);
  const y = parseUnit(b);
  if (!x.ok || !y.ok || x.dim.every((k) => k === 0)) return false;
  return x.dim.every((k, i) => k === y.dim[i]);
}

/** `\frac{13.6}{n^2}`: a quotient whose numerator is a number (or a numeric expression). */
function numberOverSomething(node: Node): boolean {
  return node.type === 'binary' && node.op === '/' && isNumeric(node.left);
}

/** `10^{k}`: the tail of a value in scientific notation (`1.6\times10^{-19}`). */
function isPowerOfTen(node: Node): boolean {
  return node.type === 'binary' && node.op === '^' && node.left.type === 'number' && node.left.value === 10;
}
