import type { Node, NumberNode } from '../core/tree.js';
import { numberNode } from './build.js';
import type { Parser } from './parser.js';

/**
 * At `\times` or `\cdot` after a number: folds `1.08\times10^{45}`, `1.08\cdot 10^{-3}`,
 * `3 \times 10^{8}` into one number node whose `raw` is the source text. Leaves the cursor unmoved
 * and returns `undefined` when the pattern does not match.
 */
export function tryFoldScientific(p: Parser, left: Node): NumberNode | undefined {
  if (left.type !== 'number' || /[eE]/.test(left.raw)) return undefined;
  const saved = p.pos;
  p.next();
  const ten = p.next();
  const caret = p.next();
  if (ten.kind !== 'num' || ten.value !== '10' || caret.kind !== 'char' || caret.value !== '^') {
    p.pos = saved;
    return undefined;
  }
  let exponent = '';
  let end = caret.end;
  const t = p.next();
  if (t.kind === 'num' && /^\d+$/.test(t.value)) {
    exponent = t.value;
    end = t.end;
  } else if (t.kind === 'char' && t.value === '{') {
    let u = p.next();
    while (!(u.kind === 'char' && u.value === '}')) {
      if (u.kind === 'num' && /^\d+$/.test(u.value)) exponent += u.value;
      else if (u.kind === 'char' && (u.value === '-' || u.value === '+')) exponent += u.value;
      else {
        p.pos = saved;
        return undefined;
      }
      u = p.next();
    }
    end = u.end;
  } else if (t.kind === 'char' && t.value === '-') {
    const d = p.next();
    if (d.kind !== 'num' || !/^\d+$/.test(d.value)) {
      p.pos = saved;
      return undefined;
    }
    exponent = `-${d.value}`;
    end = d.end;
  } else {
    p.pos = saved;
    return undefined;
  }
  if (!/^[-+]?\d+$/.test(exponent)) {
    p.pos = saved;
    return undefined;
  }
  const value = Number(`${left.raw}e${exponent}`);
  if (!Number.isFinite(value)) {
    p.pos = saved;
    return undefined;
  }
  const span = { start: left.span.start, end };
  return numberNode(value, p.source.slice(span.start, span.end), span);
}
