import { printTree } from '../core/print-tree.js';
import type { Node } from '../core/tree.js';
import { binary, opaqueNode, symbolNode } from './build.js';
import { isDifferentialAt, parseDifferential } from './differential.js';
import {
  DECORATIONS,
  STYLE_FONTS,
  UPRIGHT_FONTS,
  VECTOR_DECORATIONS,
  VECTOR_FONTS,
} from './grammar/fonts.js';
import { FUNCTIONS } from './grammar/functions.js';
import { parseFunction } from './parse-function.js';
import { parseGroupBody } from './parse-group-body.js';
import { parsePrimary } from './parse-primary.js';
import { subscriptText } from './parse-script.js';
import { isIgnorable, type Parser } from './parser.js';

/** The token range of a command's argument at the cursor: a `{…}` group or a single token. */
export function argRange(p: Parser): { start: number; end: number; after: number } {
  const t = p.peek();
  if (t.kind === 'end') p.fail('missing-operand', 'a command with no argument');
  if (t.kind === 'char' && t.value === '{') {
    const close = p.match[p.pos]!;
    return { start: p.pos + 1, end: close, after: close + 1 };
  }
  return { start: p.pos, end: p.pos + 1, after: p.pos + 1 };
}

/** The letters of a range when it holds only letters (and spacing): `\mathrm{~kg}` → `kg`. */
export function lettersOf(p: Parser, start: number, end: number): string | undefined {
  let word = '';
  for (let k = start; k < end; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'letter') word += t.value;
    else if (!isIgnorable(t)) return undefined;
  }
  return word === '' ? undefined : word;
}

/**
 * Font and decoration commands: `\mathbf{F}`/`\boldsymbol{F}`/`\vec F` → vector symbol `F`;
 * `\mathrm{e}` → upright `e`; `\mathrm{d}x` → differential; `\mathrm{CM}` → one symbol `CM`;
 * `\mathcal{E}` → `mathcal(E)`; `\hat{n}` → `hat(n)`.
 */
export function parseFont(p: Parser): Node {
  const cmd = p.next();
  const name = cmd.value;
  if (UPRIGHT_FONTS.has(name) && isDifferentialAt(p, p.pos - 1)) {
    p.pos--;
    return parseDifferential(p);
  }
  const range = argRange(p);
  const word = lettersOf(p, range.start, range.end);
  const span = { start: cmd.start, end: p.tokens[range.after - 1]?.end ?? cmd.end };
  const vector = VECTOR_FONTS.has(name) || VECTOR_DECORATIONS.has(name);
  const decoration = DECORATIONS[name];
  const style = STYLE_FONTS.has(name) ? name : undefined;
  if (word !== undefined) {
    p.pos = range.after;
    const fn = UPRIGHT_FONTS.has(name) ? FUNCTIONS[word] : undefined;
    if (fn !== undefined) {
      p.pos--;
      return parseFunction(p, fn);
    }
    const wrapped =
      decoration !== undefined ? `${decoration}(${word})` : style !== undefined ? `${style}(${word})` : word;
    return symbolNode(wrapped, span, vector, UPRIGHT_FONTS.has(name));
  }
  const inner = p.within(range.start, range.end, () =>
    range.end - range.start === 1 ? parsePrimary(p) : parseGroupBody(p, `\\${name} argument`),
  );
  p.pos = range.after;
  if (inner.type === 'symbol') {
    const innerName =
      decoration !== undefined
        ? `${decoration}(${inner.name})`
        : style !== undefined
          ? `${style}(${inner.name})`
          : inner.name;
    return symbolNode(
      innerName,
      span,
      vector || inner.vector === true,
      UPRIGHT_FONTS.has(name) || inner.upright === true,
    );
  }
  if (decoration !== undefined || style !== undefined) {
    return opaqueNode(`${decoration ?? style}(${printTree(inner)})`, span);
  }
  return inner;
}

/** `\text{…}`/`\operatorname{…}` as a factor: a word symbol (`\text{const}`), a function, or `\text{d}x`. */
export function parseTextWord(p: Parser): Node {
  const t = p.peek();
  if (isDifferentialAt(p, p.pos)) return parseDifferential(p);
  p.next();
  const raw = (t.args?.[0]?.text ?? '').trim();
  const fn = FUNCTIONS[raw.replace(/\s+/g, '')];
  if (t.value === 'operatorname' && fn !== undefined) {
    p.pos--;
    return parseFunctionNamed(p, fn);
  }
  const word = raw
    .replace(/\\[,;:! ]|~/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[.,;]$/, '')
    .trim();
  return symbolNode(word === '' ? 'text' : word, p.spanOf(t), false, true);
}

function parseFunctionNamed(p: Parser, fn: Parameters<typeof parseFunction>[1]): Node {
  return parseFunction(p, fn);
}

/**
 * `\dot x` → `d{x}/d{t}`, `\ddot x` → `d2{x}/d{t}^2`; a subscript or prime written after the
 * argument belongs to the dotted symbol (`\dot x_1` is the rate of `x_1`).
 */
export function parseDot(p: Parser): Node {
  const cmd = p.next();
  const order = cmd.value === 'ddot' ? 2 : 1;
  const range = argRange(p);
  let of = p.within(range.start, range.end, () =>
    range.end - range.start === 1 ? parsePrimary(p) : parseGroupBody(p, `\\${cmd.value} argument`),
  );
  p.pos = range.after;
  while (of.type === 'symbol' && (p.isChar('_') || p.isChar("'"))) {
    const t = p.next();
    const suffix = t.value === '_' ? `_{${subscriptText(p)}}` : "'";
    of = symbolNode(
      `${of.name}${suffix}`,
      { start: of.span.start, end: p.lastEnd() },
      of.vector === true,
      of.upright === true,
    );
  }
  const span = { start: cmd.start, end: p.lastEnd() };
  const t = symbolNode('t', span);
  const num: Node = { type: 'differential', of, order, partial: false, span };
  const dt: Node = { type: 'differential', of: t, order: 1, partial: false, span };
  const den = order === 1 ? dt : binary('^', dt, { type: 'number', value: order, raw: String(order), span });
  return { ...binary('/', num, den), span };
}
