import { printTree } from '../core/print-tree.js';
import type { Node } from '../core/tree.js';
import { opaqueNode } from './build.js';
import { startsFactor } from './classify.js';
import { parseRun } from './parse-expression.js';
import { parseFactor } from './parse-factor.js';
import { parseGroupBody } from './parse-group-body.js';
import { parseScriptArg } from './parse-script.js';
import type { Parser } from './parser.js';
import { scriptText } from './script-text.js';

/** Bounds written after a big operator: `_{…}` as a token range and `^{…}` parsed. */
interface Bounds {
  sub?: { start: number; end: number };
  upper?: Node;
}

function parseBounds(p: Parser): Bounds {
  const bounds: Bounds = {};
  for (let k = 0; k < 2; k++) {
    if (p.isChar('_')) {
      p.next();
      const t = p.peek();
      if (t.kind === 'char' && t.value === '{') {
        bounds.sub = { start: p.pos + 1, end: p.match[p.pos]! };
        p.pos = p.match[p.pos]! + 1;
      } else {
        bounds.sub = { start: p.pos, end: p.pos + 1 };
        p.next();
      }
    } else if (p.isChar('^')) {
      p.next();
      bounds.upper = parseScriptArg(p);
    }
  }
  return bounds;
}

function body(p: Parser, what: string, start: number): Node {
  if (!startsFactor(p, p.peek(), false))
    p.fail('missing-operand', `${what} with nothing to apply to`, { start, end: p.peek().start });
  return parseRun(p, false);
}

/**
 * `\sum_{n=1}^{N} body` and `\prod…` → a sum node; the body is the implicit product after it. Without
 * an `index = lower` subscript or an upper bound (`\sum_i x_i`) it is an opaque quantity.
 */
export function parseSum(p: Parser): Node {
  const cmd = p.next();
  const bounds = parseBounds(p);
  const summand = body(p, `\\${cmd.value}`, cmd.start);
  const span = { start: cmd.start, end: summand.span.end };
  const kind = cmd.value === 'prod' ? 'product' : 'sum';
  const sub = bounds.sub;
  if (sub !== undefined && bounds.upper !== undefined) {
    let eq = -1;
    for (let k = sub.start; k < sub.end; k++) {
      if (p.tokens[k]!.kind === 'char' && p.tokens[k]!.value === '=') {
        eq = k;
        break;
      }
    }
    if (eq > sub.start) {
      const index = scriptText(p, sub.start, eq);
      const saved = p.pos;
      const lower = p.within(eq + 1, sub.end, () => parseGroupBody(p, 'lower bound'));
      p.pos = saved;
      return { type: 'sum', kind, body: summand, index, lower, upper: bounds.upper, span };
    }
  }
  const subText = sub === undefined ? '' : `_{${scriptText(p, sub.start, sub.end)}}`;
  const supText = bounds.upper === undefined ? '' : `^{${printTree(bounds.upper)}}`;
  return opaqueNode(`${kind}${subText}${supText}(${printTree(summand)})`, span);
}

/** `\lim_{x \to 0} f(x)` → an opaque quantity keyed by its canonical text. */
export function parseLimit(p: Parser): Node {
  const cmd = p.next();
  const bounds = parseBounds(p);
  const arg = body(p, '\\lim', cmd.start);
  const sub = bounds.sub === undefined ? '' : `_{${scriptText(p, bounds.sub.start, bounds.sub.end)}}`;
  return opaqueNode(`${cmd.value}${sub}(${printTree(arg)})`, { start: cmd.start, end: arg.span.end });
}

/**
 * `\nabla\cdot X` → `{div(X)}`, `\nabla\times X` → `{curl(X)}`, `\nabla^2 X` → `{laplacian(X)}`,
 * `\nabla X` → `{grad(X)}`: opaque quantities; X is the one factor after the operator.
 */
export function parseNabla(p: Parser): Node {
  const cmd = p.next();
  let op = 'grad';
  if (p.isCmd('cdot')) {
    p.next();
    op = 'div';
  } else if (p.isCmd('times')) {
    p.next();
    op = 'curl';
  } else if (p.isChar('^')) {
    p.next();
    const exp = parseScriptArg(p);
    op = exp.type === 'number' && exp.value === 2 ? 'laplacian' : `nabla^${printTree(exp)}`;
  }
  if (!startsFactor(p, p.peek(), false))
    p.fail('missing-operand', '\\nabla with nothing to apply to', p.spanOf(cmd));
  const arg = parseFactor(p);
  return opaqueNode(`${op}(${printTree(arg)})`, { start: cmd.start, end: arg.span.end });
}
