import type { Node } from '../core/tree.js';
import { symbolNode } from './build.js';
import { parsePrimary } from './parse-primary.js';
import { subscriptText } from './parse-script.js';
import type { Parser } from './parser.js';
import type { Token } from './token.js';

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
        subscripted(node.name, sub),
        { start: node.span.start, end: p.lastEnd() },
        node.vector === true,
        node.upright === true,
      );
      continue;
    }
    const primes = primesAt(p);
    if (primes > 0) {
      node = symbolNode(
        `${node.name}${"'".repeat(primes)}`,
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

/**
 * At `^`: when the superscript holds only primes (`^\prime`, `^{\prime\prime}`), consumes it and
 * returns their number; otherwise returns 0 and leaves the cursor.
 */
export function primesAt(p: Parser): number {
  if (!p.isChar('^')) return 0;
  let k = p.pos + 1;
  const open = p.tokens[k];
  const braced = open?.kind === 'char' && open.value === '{';
  const close = braced ? p.match[k]! : -1;
  if (braced) k++;
  let count = 0;
  while (p.tokens[k] !== undefined && isPrimeToken(p.tokens[k]!) && (braced || count === 0)) {
    count++;
    k++;
  }
  if (count === 0 || (braced && k !== close)) return 0;
  p.pos = braced ? close + 1 : k;
  return count;
}

/**
 * A symbol name with a subscript added. Primes written before the subscript move after it, so
 * `v'_1`, `v_1'` and `v^{\prime}_{1}` are all `v_{1}'`.
 */
export function subscripted(name: string, sub: string): string {
  const primed = /^([^_]*?)('+)$/.exec(name);
  return primed === null ? `${name}_{${sub}}` : `${primed[1]}_{${sub}}${primed[2]}`;
}

/** `\prime`, or a `'` written inside a superscript (`v^{'}`, `v_{2}^{'2}`, as some solutions do). */
export function isPrimeToken(t: Token): boolean {
  return (t.kind === 'cmd' && t.value === 'prime') || (t.kind === 'char' && t.value === "'");
}
