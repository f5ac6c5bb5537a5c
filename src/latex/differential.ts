import type { DifferentialNode, Node } from '../core/tree.js';
import { startsSymbol } from './classify.js';
import { TEXT_COMMANDS } from './grammar/commands.js';
import { UPRIGHT_FONTS } from './grammar/fonts.js';
import { parseLeftRight, parseParen } from './parse-delimited.js';
import { parseScriptArg } from './parse-script.js';
import { parseSymbolFactor } from './parse-symbol.js';
import { isIgnorable, type Parser } from './parser.js';

/** A differential marker at a token: `d`, `\partial`, `\mathrm{d}`, `\text{d}`, `\operatorname{d}`. */
export interface DMarker {
  readonly after: number;
  readonly partial: boolean;
  readonly upright: boolean;
}

function significant(p: Parser, k: number): number {
  while (k < p.limit && isIgnorable(p.tokens[k]!)) k++;
  return k;
}

/** The differential marker starting at token `k`, if any. */
export function dMarkerAt(p: Parser, k: number): DMarker | undefined {
  k = significant(p, k);
  const t = p.tokens[k];
  if (t === undefined || k >= p.limit) return undefined;
  if (t.kind === 'letter' && t.value === 'd') return { after: k + 1, partial: false, upright: false };
  if (t.kind !== 'cmd') return undefined;
  if (t.value === 'partial') return { after: k + 1, partial: true, upright: false };
  if ((TEXT_COMMANDS.has(t.value) || t.value === 'operatorname') && t.args?.[0]?.text.trim() === 'd') {
    return { after: k + 1, partial: false, upright: true };
  }
  if (UPRIGHT_FONTS.has(t.value)) {
    const open = significant(p, k + 1);
    // `\mathrm d x`: the font on the letter d without braces.
    const bare = p.tokens[open];
    if (bare?.kind === 'letter' && bare.value === 'd' && open < p.limit)
      return { after: open + 1, partial: false, upright: true };
    const close = p.match[open] ?? -1;
    if (close < 0 || p.tokens[open]?.value !== '{') return undefined;
    const inner = significant(p, open + 1);
    if (
      p.tokens[inner]?.kind === 'letter' &&
      p.tokens[inner]!.value === 'd' &&
      significant(p, inner + 1) === close
    ) {
      return { after: close + 1, partial: false, upright: true };
    }
  }
  return undefined;
}

/**
 * Where a `d` (or `\partial`, upright d) at token `k` starts a differential. The rule:
 * `\partial` and an upright d (`\mathrm{d}`) followed by a symbol always do; a plain `d` does when it
 * is followed by a symbol (optionally after an order `d^2x`) and either we are inside an integrand or
 * a derivative fraction (`\int … d x`, `\frac{d p}{d t}`), or it is written directly against the
 * symbol (`dv`, `d\theta`, `d\vec r`). So `F d`, `d = vt`, `d\sin\theta` and `2 d L` keep `d` a symbol.
 */
export function isDifferentialAt(p: Parser, k: number): boolean {
  const marker = dMarkerAt(p, k);
  if (marker === undefined) return false;
  let j = significant(p, marker.after);
  let ordered = false;
  if (p.tokens[j]?.kind === 'char' && p.tokens[j]!.value === '^' && j < p.limit) {
    const arg = significant(p, j + 1);
    const a = p.tokens[arg];
    if (a === undefined) return false;
    if (a.kind === 'num') j = significant(p, arg + 1);
    else if (a.value === '{' && p.match[arg]! > arg) j = significant(p, p.match[arg]! + 1);
    else return false;
    ordered = true;
  }
  const target = p.tokens[j];
  if (target === undefined || j >= p.limit) return false;
  const context = p.integral > 0 || p.diffContext > 0;
  const opens = target.value === '(' || (target.kind === 'cmd' && target.value === 'left');
  if (opens) return (context || marker.upright || marker.partial) && target.kind !== 'num';
  if (!startsSymbol(target)) return false;
  if (marker.upright || marker.partial || context) return true;
  return !ordered && !p.spacedAt(j) && (target.kind === 'letter' || target.kind === 'cmd');
}

/** Parses a differential at the cursor (the caller checked {@link isDifferentialAt}). */
export function parseDifferential(p: Parser): DifferentialNode {
  const start = p.peek().start;
  const marker = dMarkerAt(p, p.pos)!;
  p.pos = marker.after;
  let order = 1;
  if (p.isChar('^')) {
    p.next();
    const exp = parseScriptArg(p);
    if (exp.type !== 'number' || !Number.isInteger(exp.value) || exp.value < 1 || exp.value > 20) {
      p.fail('unexpected-token', 'the order of a differential must be a small positive integer', exp.span);
    }
    order = exp.value;
  }
  let of: Node;
  const t = p.peek();
  if (t.kind === 'char' && t.value === '(') of = parseParen(p);
  else if (t.kind === 'cmd' && t.value === 'left') of = parseLeftRight(p);
  else of = parseSymbolFactor(p);
  return { type: 'differential', of, order, partial: marker.partial, span: { start, end: of.span.end } };
}
