import type { Node } from '../core/tree.js';
import { parseLatex } from '../latex/index.js';
import { rememberJoined, rememberPart } from '../latex/parse-latex.js';

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
      for (let k = 0; k < node.items.length; k++) {
        const members = setMembers(node.items, k, text);
        const item = node.items[k]!;
        // An expression after a word of place or condition (`\\text{located at } R^2/a`) states no value.
        if (
          k > 0 &&
          item.type !== 'relation' &&
          QUALIFIED.test(text.slice(node.items[k - 1]!.span.end, item.span.start))
        )
          continue;
        if (members === 0) visit(item);
        else {
          const items = node.items.slice(k, k + 1 + members);
          parts.push(...setParts(text, items));
          // A last member that a chain continues (`R = \frac{38}{41}r \text{ or } 2(\dots) \approx 0.927\,r`)
          // states its own relations too.
          const tail = items.at(-1)!;
          if (tail.type === 'relation') visit(tail);
          k += members;
        }
      }
      return;
    }
    if (node.type !== 'relation') {
      const p = part(text, node.span.start, node.span.end, false);
      if (p.end === node.span.end) rememberPart(text, parsed, node);
      parts.push(p);
      return;
    }
    for (let k = 0; k < node.ops.length; k++) {
      const left = node.args[k]!;
      const right = node.args[k + 1]!;
      const op = node.ops[k]!;
      const p = part(text, left.span.start, right.span.end, true);
      // The link's own parse is read off the row's (each part is prepared next, which parses it).
      if (p.end === right.span.end)
        rememberPart(
          text,
          parsed,
          node.ops.length === 1
            ? node
            : {
                type: 'relation',
                ops: [op],
                args: [left, right],
                span: { start: left.span.start, end: right.span.end },
              },
        );
      parts.push(op === '~' ? { ...p, unchecked: true } : p);
    }
    // Each side too: the checks after matching read a statement's sides on their own.
    for (const side of node.args) rememberPart(text, parsed, side);
    // A chain of equalities also states its first side equal to each later one:
    // `W = E_{max} - E_{min} = 4t` says W = 4t, which is often the reference step.
    if (node.ops.length >= 2 && node.ops.every((op) => op === '=')) {
      const first = part(text, node.args[0]!.span.start, node.args[0]!.span.end, false);
      for (let k = 2; k < node.args.length; k++) {
        const right = node.args[k]!;
        const tail = part(text, right.span.start, right.span.end, false);
        if (first.end === node.args[0]!.span.end && tail.end === right.span.end)
          rememberJoined(text, parsed, node.args[0]!, right);
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

/**
 * How many items after `items[k]` continue a set of values it starts: `x = 0, a, -a` and
 * `E = -13.6, -3.40, -1.51\,\mathrm{eV}` give one quantity several values; each later item that is
 * an expression (not a relation, not an ellipsis `\dots`) is a member. 0 when `items[k]` is not an
 * equation `lhs = value` followed by such items.
 */
function setMembers(items: readonly Node[], k: number, text: string): number {
  const head = items[k]!;
  if (head.type !== 'relation' || head.ops.length !== 1 || head.ops[0] !== '=') return 0;
  let n = 0;
  while (k + 1 + n < items.length) {
    const item = items[k + 1 + n]!;
    // A value an approximation continues (`…, 2\left(\frac{38}{41}r\right) \approx 0.927\,r`) ends the
    // set as its last member; any other relation (`x = 1, y = 2`, `K_0 = …,\ m v_0 b = m v r`) is
    // another statement.
    if (item.type === 'relation') {
      const first = item.args[0]!;
      const second = item.args[1];
      const approx =
        second !== undefined && /\\approx|\\simeq|≈|≃/.test(text.slice(first.span.end, second.span.start));
      // …or one offered after "or" (`v = \sqrt{2gh} \text{ or } \sqrt{gh} = 3.1`).
      const offered = /\bor\b/.test(text.slice(items[k + n]!.span.end, item.span.start));
      if (
        (approx || offered) &&
        first.type !== 'symbol' &&
        first.type !== 'relation' &&
        first.type !== 'list'
      )
        n++;
      break;
    }
    if (item.type === 'opaque' || item.type === 'list') break;
    // Words before it other than "or"/"and" (`…, \quad\text{located at } R^2/a`, `\text{for } n`) make it
    // the place or condition of the statement, not another value of its quantity.
    if (QUALIFIED.test(text.slice(items[k + n]!.span.end, item.span.start))) break;
    n++;
  }
  return n;
}

/** `\text{…}` holding a word other than "or"/"and" (`\text{located at }`, `\text{ for }`). */
const QUALIFIED =
  /\\(?:text|mathrm|textrm|mbox)\s*\{\s*(?:located|placed|situated|positioned|at|from|for|when|where|with|if|in|on|along|inside|outside|above|below|after|before|during)\b[^{}]*\}\s*$/i;

/** A number written alone (`-13.6`, `2.5\times10^{3}`), and what follows it (a unit). */
const LEADING_NUMBER =
  /^([-+]?\s*\d+(?:\.\d*)?(?:\s*(?:\\times|\\cdot)\s*10\^\{?\s*[-+]?\d+\s*\}?)?)([\s\S]*)$/;

/** How a unit written after a number starts: a space, a spacing command or a unit macro. */
const UNIT_START = /^(?:\s+|\\[,;:! ]|~|\\(?:mathrm|text|rm|si|unit|operatorname)\b)\S/;

/**
 * The members of a set `lhs = a, b, c` as relations `lhs = a`, `lhs = b`, `lhs = c` (each spans from
 * the left side to its member). A unit written once after the last member (`-13.6, -3.40,
 * -1.51\,\mathrm{eV}`) belongs to every member written as a bare number.
 */
function setParts(text: string, items: readonly Node[]): FormulaPart[] {
  const head = items[0] as Node & { readonly args: readonly Node[] };
  const lhs = part(text, head.args[0]!.span.start, head.args[0]!.span.end, false);
  const values = [head.args[1]!, ...items.slice(1)].map((n) => {
    const v = n.type === 'relation' ? n.args[0]! : n;
    return part(text, v.span.start, v.span.end, false);
  });
  const last = LEADING_NUMBER.exec(values.at(-1)!.latex);
  // A unit is set off from its number (`\,\mathrm{eV}`, `\ \text{m}`, ` m/s`); `-2a` is a product.
  const unit = last !== null && UNIT_START.test(last[2]!) ? last[2]! : '';
  const bare = (latex: string) => {
    const m = LEADING_NUMBER.exec(latex);
    return m !== null && m[2]!.trim() === '';
  };
  return values.map((v) => ({
    start: lhs.start,
    end: v.end,
    latex: `${lhs.latex} = ${unit !== '' && bare(v.latex) ? `${v.latex}${unit}` : v.latex}`,
    relation: true,
  }));
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
