import type { Node } from '../core/tree.js';
import { respan } from './build.js';
import { parseGroupBody } from './parse-group-body.js';
import { parsePrimary } from './parse-primary.js';
import type { Parser } from './parser.js';
import { argText, scriptText } from './script-text.js';

/**
 * The argument of `^` (or of a bound `_`): a braced group parsed as an expression, or one token
 * (`x^2`, `e^\frac{a}{b}`, `x^-1` as written by hand). With `inRange`, parses the current range.
 */
export function parseScriptArg(p: Parser, inRange = false): Node {
  if (inRange) return parseGroupBody(p, 'script');
  const t = p.peek();
  if (t.kind === 'char' && t.value === '{') {
    const open = p.pos;
    const close = p.match[open]!;
    const node = p.within(open + 1, close, () => parseGroupBody(p, 'script'));
    p.pos = close + 1;
    // The braces belong to the script: `x = a^{2}` must slice back to itself, closing brace included.
    return respan(node, { start: p.tokens[open]!.start, end: p.tokens[close]!.end });
  }
  if (t.kind === 'char' && (t.value === '-' || t.value === '+')) {
    p.next();
    const arg = parsePrimary(p);
    return t.value === '+'
      ? arg
      : { type: 'unary', op: '-', arg, span: { start: t.start, end: arg.span.end } };
  }
  if (t.kind === 'end') p.fail('missing-operand', 'a script with nothing after it');
  return parsePrimary(p);
}

/** The canonical text of a subscript after `_` (see {@link scriptText}); advances past it. */
export function subscriptText(p: Parser): string {
  const t = p.peek();
  if (t.kind === 'char' && t.value === '{') {
    const close = p.match[p.pos]!;
    const text = scriptText(p, p.pos + 1, close);
    p.pos = close + 1;
    return text;
  }
  if (t.kind === 'end') p.fail('missing-operand', 'a subscript with nothing after it');
  const [text, next] = argText(p, p.pos, p.limit);
  p.pos = next;
  return text;
}
