import type { Node } from '../core/tree.js';
import { symbolNode } from './build.js';
import { TEXT_COMMANDS } from './grammar/commands.js';
import { parseStatements } from './parse-statements.js';
import type { Parser } from './parser.js';

/**
 * The content of a group (`{…}`, `(…)`, `\left…\right`, a script, a fraction part): one formula, or
 * a list when it holds several. An empty group is a `missing-operand` error naming `what`.
 */
export function parseGroupBody(p: Parser, what: string): Node {
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
