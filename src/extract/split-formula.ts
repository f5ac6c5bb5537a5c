import type { Node } from '../core/tree.js';
import { parseLatex } from '../latex/index.js';

/** One piece of a parsed fragment: a single relation, or an expression without one. */
export interface FormulaPart {
  /** Start and end offsets of the piece in the parsed text. */
  readonly start: number;
  readonly end: number;
  readonly latex: string;
  readonly relation: boolean;
  /** Set for `\to`, `\mapsto`, `\in`, which are not checked (`\sim`, `\propto` are, up to a factor). */
  readonly unchecked?: true;
}

/** The pieces of one LaTeX fragment, or the parser's first error. */
export type SplitResult =
  | { readonly ok: true; readonly parts: FormulaPart[] }
  | { readonly ok: false; readonly message: string };

/**
 * Parses a fragment and splits it into single formulas: a list (`\Rightarrow`, `\quad`, commas,
 * rows) into its items, a chain `a = b = c` into `a = b`, `b = c` and `a = c`. Each part keeps its offsets in
 * `text` and its LaTeX slice, so it can be prepared on its own.
 */
export function splitFormula(text: string): SplitResult {
  const parsed = parseLatex(text);
  if (!parsed.ok) {
    const first = parsed.diagnostics[0];
    return { ok: false, message: first ? `${first.code}: ${first.message}` : 'does not parse' };
  }
  const parts: FormulaPart[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'list') {
      for (const item of node.items) visit(item);
      return;
    }
    if (node.type !== 'relation') {
      parts.push(part(text, node.span.start, node.span.end, false));
      return;
    }
    for (let k = 0; k < node.ops.length; k++) {
      const left = node.args[k]!;
      const right = node.args[k + 1]!;
      const op = node.ops[k];
      const p = part(text, left.span.start, right.span.end, true);
      parts.push(op === '~' ? { ...p, unchecked: true } : p);
    }
    // A chain of equalities also states its first side equal to each later one:
    // `W = E_{max} - E_{min} = 4t` says W = 4t, which is often the reference step.
    if (node.ops.length >= 2 && node.ops.every((op) => op === '=')) {
      const first = part(text, node.args[0]!.span.start, node.args[0]!.span.end, false);
      for (let k = 2; k < node.args.length; k++) {
        const right = node.args[k]!;
        const tail = part(text, right.span.start, right.span.end, false);
        parts.push({
          start: first.start,
          end: tail.end,
          latex: `${first.latex} = ${tail.latex}`,
          relation: true,
        });
      }
    }
  };
  visit(parsed.tree);
  return { ok: true, parts };
}

function part(text: string, start: number, end: number, relation: boolean): FormulaPart {
  const stop = closeBraces(text, start, end);
  return { start, end: stop, latex: text.slice(start, stop).trim(), relation };
}

/**
 * Extends `end` over the closing braces a span left out (a power `e^{-x}` whose span ends before
 * its `}`), so every part is balanced on its own.
 */
function closeBraces(text: string, start: number, end: number): number {
  let depth = 0;
  for (let k = start; k < end; k++) {
    const ch = text[k];
    if (ch === '\\') k++;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  let stop = end;
  while (depth > 0) {
    let k = stop;
    while (k < text.length && /\s/.test(text[k]!)) k++;
    if (text[k] !== '}') break;
    stop = k + 1;
    depth--;
  }
  return stop;
}
