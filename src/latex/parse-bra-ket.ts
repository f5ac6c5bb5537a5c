import { printTree } from '../core/print-tree.js';
import type { Node } from '../core/tree.js';
import { opaqueNode } from './build.js';
import { parseGroupBody } from './parse-group-body.js';
import type { Parser } from './parser.js';

const MAX_BRACKET_TOKENS = 400;

/** Tokens that separate the parts of a bra-ket: `|`, `\vert`, `\mid`. */
function isBar(p: Parser, k: number): boolean {
  const t = p.tokens[k]!;
  return (
    (t.kind === 'char' && t.value === '|') || (t.kind === 'cmd' && (t.value === 'vert' || t.value === 'mid'))
  );
}

function isCmdAt(p: Parser, k: number, name: string): boolean {
  const t = p.tokens[k];
  return t !== undefined && t.kind === 'cmd' && t.value === name;
}

/**
 * At `\langle`: a bracket of Dirac notation or an expectation value — `\langle n|H|m\rangle`,
 * `\langle\psi|\phi\rangle`, `\langle x^2\rangle`, or a bra `\langle\psi|` — as an opaque quantity
 * keyed by the canonical text of its parts (`<n|H|m>`), so identical brackets compare equal whatever
 * the spacing. Returns undefined (cursor unmoved) when no `\rangle` or bar closes it.
 */
export function tryBraKet(p: Parser): Node | undefined {
  const open = p.pos;
  const bars: number[] = [];
  let depth = 0;
  let close = -1;
  // Brackets are short: a bounded scan keeps a formula of many unclosed `\langle` linear.
  const stop = Math.min(p.limit, open + MAX_BRACKET_TOKENS);
  for (let k = open + 1; k < stop; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'char' && t.value === '{' && p.match[k]! > k) k = p.match[k]!;
    else if (isCmdAt(p, k, 'langle')) depth++;
    else if (isCmdAt(p, k, 'rangle')) {
      if (depth === 0) {
        close = k;
        break;
      }
      depth--;
    } else if (depth === 0 && isBar(p, k)) bars.push(k);
  }
  if (close < 0) {
    // A bra `\langle\psi|`: the first bar closes it.
    if (bars.length === 0) return undefined;
    return bracket(p, [open, bars[0]!], '<', '|');
  }
  return bracket(p, [open, ...bars, close], '<', '>');
}

/**
 * At `|`: a ket `|\psi\rangle`, `|n, l\rangle` when a `\rangle` comes before any other bar; returns
 * undefined (cursor unmoved) otherwise, so `|x|` stays an absolute value.
 */
export function tryKet(p: Parser): Node | undefined {
  const open = p.pos;
  const stop = Math.min(p.limit, open + MAX_BRACKET_TOKENS);
  for (let k = open + 1; k < stop; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'char' && t.value === '{' && p.match[k]! > k) k = p.match[k]!;
    else if (isCmdAt(p, k, 'rangle')) return k === open + 1 ? undefined : bracket(p, [open, k], '|', '>');
    else if (isBar(p, k) || isCmdAt(p, k, 'langle') || isCmdAt(p, k, 'right')) return undefined;
  }
  return undefined;
}

/** The opaque node of a bracket whose parts lie between the token indices `cuts`. */
function bracket(p: Parser, cuts: readonly number[], left: string, right: string): Node {
  const parts: string[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const from = cuts[k]! + 1;
    const to = cuts[k + 1]!;
    parts.push(from === to ? '' : printTree(p.within(from, to, () => parseGroupBody(p, 'bracket'))));
  }
  const last = cuts[cuts.length - 1]!;
  p.pos = last + 1;
  return opaqueNode(`${left}${parts.join('|')}${right}`, {
    start: p.tokens[cuts[0]!]!.start,
    end: p.tokens[last]!.end,
  });
}

/** `\ket{\psi}`, `\bra{\psi}`, `\braket{a|b}` (the physics/braket packages), as the brackets above. */
export function parseBraKetMacro(p: Parser): Node {
  const cmd = p.next();
  const open = p.pos;
  if (!p.isChar('{') || p.match[open]! < open) return p.fail('missing-operand', `\\${cmd.value} needs {…}`);
  const close = p.match[open]!;
  const cuts = [open];
  for (let k = open + 1; k < close; k++) {
    const t = p.tokens[k]!;
    if (t.kind === 'char' && t.value === '{' && p.match[k]! > k) k = p.match[k]!;
    else if (isBar(p, k)) cuts.push(k);
  }
  cuts.push(close);
  const [left, right] = cmd.value === 'ket' ? ['|', '>'] : cmd.value === 'bra' ? ['<', '|'] : ['<', '>'];
  const node = bracket(p, cuts, left, right);
  return { ...node, span: { start: cmd.start, end: node.span.end } };
}
