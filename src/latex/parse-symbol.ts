import type { Node } from '../core/tree.js';
import { symbolNode } from './build.js';
import { parsePrimary } from './parse-primary.js';
import { subscriptText } from './parse-script.js';
import type { Parser } from './parser.js';

/**
 * A symbol with its subscripts and primes but no power (`v_{0}`, `r'`, `\vec r`): the operand of a
 * differential `d…`, of `\Delta`/`\delta`, and of `\dot`.
 */
export function parseSymbolFactor(p: Parser): Node {
  let node = parsePrimary(p);
  for (;;) {
    if (node.type !== 'symbol') return node;
    const t = p.peek();
    if (t.kind === 'char' && t.value === '_') {
      p.next();
      const sub = subscriptText(p);
      node = symbolNode(
        `${node.name}_{${sub}}`,
        { start: node.span.start, end: p.lastEnd() },
        node.vector === true,
        node.upright === true,
      );
      continue;
    }
    if (t.kind === 'char' && t.value === "'") {
      p.next();
      node = symbolNode(
        `${node.name}'`,
        { start: node.span.start, end: t.end },
        node.vector === true,
        node.upright === true,
      );
      continue;
    }
    return node;
  }
}
