import type { Node } from '../core/tree.js';
import { binary, binomialNode, symbolNode } from './build.js';
import { TEXT_COMMANDS } from './grammar/commands.js';
import { parseStatements } from './parse-statements.js';
import type { Parser } from './parser.js';

/**
 * The content of a group (`{…}`, `(…)`, `\left…\right`, a script, a fraction part): one formula, or
 * a list when it holds several. An empty group is a `missing-operand` error naming `what`.
 */
export function parseGroupBody(p: Parser, what: string): Node {
  const infix = infixFractionAt(p);
  if (infix !== undefined) {
    const end = p.limit;
    const startToken = p.peek();
    const top = p.within(p.pos, infix, () => parseGroupBody(p, 'numerator'));
    const bottom = p.within(infix + 1, end, () => parseGroupBody(p, 'denominator'));
    p.pos = end;
    const span = { start: startToken.start, end: bottom.span.end };
    if (p.tokens[infix]!.value === 'over') return { ...binary('/', top, bottom), span };
    return binomialNode(top, bottom, span);
  }
  const first = p.pos;
  const start = p.peek().start;
  const items = parseStatements(p);
  if (items.length === 0) {
    const words = p.tokens
      .slice(first, p.pos)
      .filter((t) => t.kind === 'cmd' && TEXT_COMMANDS.has(t.value))
      .map((t) => (t.args?.[0]?.text ?? '').trim())
      .filter((w) => w !== '');
    const end = p.lastEnd();
    if (words.length > 0)
      return symbolNode(words.join(' ').replace(/\s+/g, ' '), { start, end }, false, true);
    p.fail('missing-operand', `empty ${what}`, { start, end: p.peek().start });
  }
  if (items.length === 1) return items[0]!;
  return {
    type: 'list',
    items,
    span: { start: items[0]!.span.start, end: items[items.length - 1]!.span.end },
  };
}

/**
 * TeX's infix fractions: `{a \over b}` is `a/b` and `{n \choose k}` the binomial coefficient, over the
 * whole group. The index of an `\over`/`\choose` at the group's own level in the current range.
 */
function infixFractionAt(p: Parser): number | undefined {
  if (p.limit >= p.tokens.length) return undefined;
  for (let k = p.pos; k < p.limit; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'char' && t.value === '{' && p.match[k]! > k) k = p.match[k]!;
    else if (t.kind === 'cmd' && (t.value === 'over' || t.value === 'choose')) return k;
  }
  return undefined;
}
