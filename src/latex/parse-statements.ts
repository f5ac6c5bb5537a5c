import type { Node, RelationNode } from '../core/tree.js';
import { emptyGroupEnd, isSeparator, startsRelation } from './classify.js';
import { parseChainTail, parseRelation } from './parse-expression.js';
import { type Parser, show } from './parser.js';
import type { Token } from './token.js';

/**
 * Parses the formulas of a block (or of a group) up to the end of the current range or a closing
 * delimiter: formulas separated by `,` `;` `\quad` `\Rightarrow` `\\` `\text{and}`…; a formula that
 * starts with a relation (`&= c` in an aligned row) continues the previous one's chain; labels such
 * as `(1)` between formulas are dropped.
 */
export function parseStatements(p: Parser, allowLabels = false): Node[] {
  const items: Node[] = [];
  for (;;) {
    const t = p.peek();
    if (t.kind === 'end' || isCloser(p, t)) return items;
    if (isSeparator(t) || isColon(p, t)) {
      // `\text{where } x \text{ is the compression}`: a lone symbol described in prose is not a formula.
      const last = items[items.length - 1];
      if (last?.type === 'symbol' && describes(t)) items.pop();
      p.next();
      continue;
    }
    if (skipEmptyGroup(p)) continue;
    if (allowLabels && skipLabel(p)) continue;
    if (startsRelation(p, t)) {
      const tail = parseChainTail(p);
      const last = items.pop();
      if (last === undefined || last.type === 'list') {
        if (last !== undefined) items.push(last);
        p.warn('dangling-relation', `a relation with no left side; kept its right side`, tail.span);
        const rest = tail.args.length === 1 ? tail.args[0]! : relation(tail.ops.slice(1), tail.args);
        items.push(rest);
      } else {
        items.push(merge(last, tail));
      }
    } else {
      items.push(parseRelation(p));
    }
    while (skipEmptyGroup(p));
    const after = p.peek();
    // Braced formulas side by side (`{x=a\sin\theta}\ {y=b\cos\theta}`, cells of a converted array).
    const nextCell =
      after.kind === 'char' && after.value === '{' && items[items.length - 1]?.type === 'relation';
    if (
      after.kind !== 'end' &&
      !nextCell &&
      !isSeparator(after) &&
      !isCloser(p, after) &&
      !isColon(p, after)
    ) {
      p.fail('unexpected-token', `unexpected '${show(after)}'`, p.spanOf(after));
    }
  }
}

/** A prose text that describes the symbol before it: `\text{ is the compression}`, `\text{ denotes …}`. */
function describes(t: Token): boolean {
  if (t.kind !== 'cmd' || t.value === 'intertext') return false;
  const text = (t.args?.[0]?.text ?? '').trim().toLowerCase();
  return /^(is|are|denotes?|represents?|stands for|being|the)\b/.test(text) && /\s/.test(text);
}

/** The tokens that end a group: `)`, `]`, `\right`, `\}`, `\end`, and `|`/`\|` inside `|…|`/`\|…\|`. */
export function isCloser(p: Parser, t: Token): boolean {
  if (t.kind === 'char') return t.value === ')' || t.value === ']' || (t.value === '|' && p.absDepth > 0);
  if (t.kind !== 'cmd') return false;
  const n = t.value;
  return (
    n === 'right' ||
    n === '}' ||
    n === 'end' ||
    n === 'rangle' ||
    n === 'rvert' ||
    n === 'rVert' ||
    n === 'rfloor' ||
    n === 'rceil' ||
    (n === '|' && p.normDepth > 0) ||
    (n === 'vert' && p.absDepth > 0)
  );
}

function relation(ops: RelationNode['ops'], args: readonly Node[]): Node {
  const first = args[0]!;
  const last = args[args.length - 1]!;
  return { type: 'relation', ops, args, span: { start: first.span.start, end: last.span.end } };
}

function merge(last: Node, tail: { ops: RelationNode['ops']; args: readonly Node[] }): Node {
  if (last.type === 'relation') return relation([...last.ops, ...tail.ops], [...last.args, ...tail.args]);
  return relation(tail.ops, [last, ...tail.args]);
}

/** Skips an equation label `(1)`, `(C1.4)`, `[5]` standing alone between formulas. */
function skipLabel(p: Parser): boolean {
  const t = p.peek();
  if (t.kind !== 'char' || (t.value !== '(' && t.value !== '[')) return false;
  const close = t.value === '(' ? ')' : ']';
  let k = p.pos + 1;
  let sawAlnum = false;
  for (; k < p.limit && k < p.pos + 10; k++) {
    const u = p.tokens[k]!;
    if (u.kind === 'char' && u.value === close) break;
    if (u.kind === 'num' || u.kind === 'letter') sawAlnum = true;
    else if (!(u.kind === 'char' && (u.value === '.' || u.value === '-' || u.value === "'"))) return false;
  }
  const closing = p.tokens[k];
  if (!sawAlnum || closing === undefined || k >= p.limit || closing.value !== close) return false;
  const saved = p.pos;
  p.pos = k + 1;
  const after = p.peek();
  if (after.kind === 'end' || isSeparator(after)) {
    const onlyLetters = p.tokens.slice(saved + 1, k).every((u) => u.kind === 'letter');
    if (!onlyLetters || k - saved - 1 <= 2) return true;
  }
  p.pos = saved;
  return false;
}

/** A `:` that is not part of `:=` separates formulas (`… = 0: \quad (s = 1, 2)`). */
function isColon(p: Parser, t: Token): boolean {
  if (t.kind !== 'char' || t.value !== ':') return false;
  const n = p.peekAt(1);
  return !(n.kind === 'char' && n.value === '=');
}

/** Skips an empty group standing between formulas (see {@link emptyGroupEnd}). */
function skipEmptyGroup(p: Parser): boolean {
  const t = p.peek();
  const close = emptyGroupEnd(p, t);
  if (close === undefined) return false;
  p.pos = close + 1;
  return true;
}
