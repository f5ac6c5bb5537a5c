import type { Node } from '../core/tree.js';
import { opaqueNode } from './build.js';
import { COLUMN_SPEC_ENVIRONMENTS, OPAQUE_ENVIRONMENTS } from './grammar/environments.js';
import { skipGroup } from './parse-expression.js';
import { parseStatements } from './parse-statements.js';
import type { Parser } from './parser.js';

/**
 * `\begin{name} … \end{name}`. Row environments (`aligned`, `align*`, `gather`, `split`, `array`,
 * `eqnarray`…, and unknown ones) parse their rows as formulas: one row gives that formula, several a
 * list; `&` is alignment and `&= c` continues the row above. `cases` and matrices are opaque
 * quantities keyed by their whitespace-collapsed source.
 */
export function parseEnvironment(p: Parser): Node {
  const begin = p.next();
  const name = begin.args?.[0]?.text.trim() ?? '';
  const end = findEnd(p, name);
  if (end < 0) p.fail('unbalanced-delimiter', `\\begin{${name}} without \\end{${name}}`, p.spanOf(begin));
  const endToken = p.tokens[end]!;
  const span = { start: begin.start, end: endToken.end };
  if (COLUMN_SPEC_ENVIRONMENTS.has(name) && p.isChar('{')) skipGroup(p);
  if (OPAQUE_ENVIRONMENTS.has(name)) {
    const inner = p.source.slice(begin.end, endToken.start).replace(/\s+/g, ' ').trim();
    p.pos = end + 1;
    return opaqueNode(`${name}:${inner}`, span);
  }
  const items = p.within(p.pos, end, () => parseStatements(p, true));
  p.pos = end + 1;
  if (items.length === 0) p.fail('empty-input', `empty \\begin{${name}}`, span);
  if (items.length === 1) return items[0]!;
  return { type: 'list', items, span };
}

function findEnd(p: Parser, name: string): number {
  let depth = 0;
  for (let k = p.pos; k < p.limit; k++) {
    const t = p.tokens[k]!;
    if (t.kind !== 'cmd' || (t.value !== 'begin' && t.value !== 'end')) continue;
    if (t.args?.[0]?.text.trim() !== name) continue;
    if (t.value === 'begin') depth++;
    else if (depth === 0) return k;
    else depth--;
  }
  return -1;
}
