/**
 * A question that asks for a pure number measuring one quantity against another: "in units of $c$",
 * "as a multiple of $g$", "Find $v/c$", "the ratio $m/m_0$", "at what fraction of the initial mass",
 * "the ratio of the frequency of the damped oscillator to its natural frequency". An answer that
 * states the quantity as a multiple of the other (`v = 0.6c`, `m = m_0/e \approx 0.368\,m_0`) gives
 * the multiple as its value: {@link ratioCoefficient} reads it.
 */
import type { Node } from '../core/tree.js';
import { parseLatex } from '../latex/index.js';
import { freeVariables } from '../numeric/free-variables.js';

/** What a question measures its pure number against. */
export type AskedRatio =
  /** "in units of $c$", "as a multiple of $g$": any quantity, written as a multiple of the symbol. */
  | { readonly kind: 'unit'; readonly denominator: string }
  /** "Find $v/c$", "the ratio $m/m_0$": that symbol over that symbol. */
  | { readonly kind: 'ratio'; readonly numerator: string; readonly denominator: string }
  /**
   * In words, against a quantity's own initial, original or natural value ("fraction of the initial
   * mass"): the answer's symbol for that value carries a reference subscript (`m_0`, `\omega_i`) and the
   * quantity is the same letter (`m`, `m_f`, `\omega_d`).
   */
  | { readonly kind: 'reference' };

/** A sentence that asks: a question, or an instruction to find. */
const ASKING =
  /\?|\b(?:find|determine|calculate|compute|estimate|evaluate|give|express|what\s+(?:is|are|was|were))\b/i;

/** "in units of", "as a multiple of", "in multiples of", then a math span or one bare letter. */
const UNIT_PHRASE =
  /\b(?:in\s+units\s+of|as\s+(?:a\s+)?multiples?\s+of|in\s+multiples\s+of)\s+(?:\$([^$]{1,40})\$|\\\(([\s\S]{1,40}?)\\\)|([A-Za-z])(?![\w$]))/gi;

/** A math span of a sentence (`$…$`, `\(…\)`). */
const MATH_SPAN = /\$([^$]{1,60})\$|\\\(([\s\S]{1,60}?)\\\)/g;

/** Words just before a written ratio that ask for it: "the ratio", "Find", "What is". */
const ASKS_SPAN =
  /(?:\bratios?|\b(?:find|determine|calculate|compute|estimate|evaluate|give|what\s+(?:is|are))(?:\s+the\s+(?:value\s+of|ratio))?)\s*(?:\([a-z]\)\s*)?$/i;

/**
 * "fraction of the initial mass", "ratio of the frequency … to its natural frequency": a value
 * measured against its own value at a reference state.
 */
const REFERENCE_PHRASE =
  /\bfraction\s+of\s+(?:the|its)\s+(?:initial|original)\s+[a-z]|\bratio\s+of\s+(?:the|its)\s+[a-z][a-z\s-]{0,60}?\s+to\s+(?:the|its)\s+(?:initial|original|natural|undamped|unperturbed)\s+[a-z]/i;

/**
 * Words of change in the asking sentence: the fraction lost, burned, transferred or remaining is not
 * the quantity's value over its initial one (`K_f = 0.75\,K_i` does not answer "what fraction of the
 * initial energy is lost"), so words of change turn the reading off.
 */
const CHANGE =
  /\b(?:los[ets]|loss|remain|retain|left|transfer|convert|dissipat|decreas|increas|gain|chang|burn|eject|expel|spent|spend|consum|us(?:ed|e)\s+up|escap|absorb|emit|radiat|reflect|transmit|drop|fall|rise)/i;

/** The sentences of a text (at `.`, `?`, `!` followed by space, or a blank line). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.?!])\s+(?=[A-Z(\\$])|\n\s*\n/);
}

/** The name of a lone symbol (`m_{0}`, `c`), or undefined. */
function symbolOf(latex: string): string | undefined {
  const parsed = parseLatex(latex.trim());
  return parsed.ok && parsed.tree.type === 'symbol' ? parsed.tree.name : undefined;
}

/** A written ratio of two symbols (`v/c`, `\frac{m}{m_0}`): their names, or undefined. */
function ratioOf(latex: string): { numerator: string; denominator: string } | undefined {
  const parsed = parseLatex(latex.trim());
  if (!parsed.ok || parsed.tree.type !== 'binary' || parsed.tree.op !== '/') return undefined;
  const { left, right } = parsed.tree;
  if (left.type !== 'symbol' || right.type !== 'symbol' || left.name === right.name) return undefined;
  return { numerator: left.name, denominator: right.name };
}

/**
 * What a question's pure number is measured against; undefined when it asks none of these ways, or
 * several different ones (an ambiguous question is read as written).
 */
export function askedRatio(question: string): AskedRatio | undefined {
  const found: AskedRatio[] = [];
  for (const sentence of sentences(question)) {
    if (!ASKING.test(sentence)) continue;
    for (const m of sentence.matchAll(UNIT_PHRASE)) {
      const name = symbolOf(m[1] ?? m[2] ?? m[3] ?? '');
      if (name !== undefined) found.push({ kind: 'unit', denominator: name });
    }
    for (const m of sentence.matchAll(MATH_SPAN)) {
      if (!ASKS_SPAN.test(sentence.slice(0, m.index))) continue;
      const ratio = ratioOf(m[1] ?? m[2] ?? '');
      if (ratio !== undefined) found.push({ kind: 'ratio', ...ratio });
    }
    if (REFERENCE_PHRASE.test(sentence) && !CHANGE.test(sentence)) found.push({ kind: 'reference' });
  }
  const [first, ...rest] = found;
  if (first === undefined) return undefined;
  const key = (r: AskedRatio) => JSON.stringify(r);
  return rest.every((r) => key(r) === key(first)) ? first : undefined;
}

/** Subscripts that mark a quantity's reference value: `m_0`, `m_i`, `m_{\text{initial}}`. */
const REFERENCE_SUBSCRIPT = /^(.+)_\{(?:0|i|initial|init)\}$/;

/** The letter a name decorates (`m` for `m_{f}` and `m`), for a name with at most one subscript. */
function baseOf(name: string): string {
  return /^(.+?)_\{[^{}]*\}$/.exec(name)?.[1] ?? name;
}

/**
 * The symbol an answer's multiple must be of, for a statement whose left side is the symbol
 * `quantity` (undefined: a bare expression) and whose right side writes the symbols `symbols`:
 * undefined when the statement does not answer the asked ratio that way.
 */
export function ratioDenominator(
  asked: AskedRatio,
  quantity: string | undefined,
  symbols: readonly string[],
): string | undefined {
  if (asked.kind === 'unit') return quantity === asked.denominator ? undefined : asked.denominator;
  if (quantity === undefined) return undefined;
  if (asked.kind === 'ratio') return quantity === asked.numerator ? asked.denominator : undefined;
  const references = symbols.filter((s) => REFERENCE_SUBSCRIPT.test(s));
  if (references.length !== 1) return undefined;
  const reference = references[0]!;
  const base = REFERENCE_SUBSCRIPT.exec(reference)![1]!;
  return quantity !== reference && !REFERENCE_SUBSCRIPT.test(quantity) && baseOf(quantity) === base
    ? reference
    : undefined;
}

/** Symbols a pure multiple may still write: Euler's number (`m_0/e`). */
const NUMBER_SYMBOLS = new Set(['e']);

/**
 * The multiple a statement gives the asked ratio: for `A = k\,B` (or a bare `k\,B` where the question
 * asks "in units of B") with `A` and `B` as {@link ratioDenominator} allows, the LaTeX of `k`, which
 * must be a pure number (`0.6`, `\frac{1}{e}`). `split` removes a factor from a product
 * (`withoutFactor` of the final-answer check); `print` writes a tree back as LaTeX.
 */
export function ratioCoefficient(
  asked: AskedRatio,
  latex: string,
  whole: boolean,
  split: (node: Node, name: string) => { power: number; rest?: Node } | undefined,
  print: (node: Node) => string | undefined,
): string | undefined {
  const parsed = parseLatex(latex);
  if (!parsed.ok) return undefined;
  const tree = parsed.tree;
  let quantity: string | undefined;
  let side: Node;
  if (tree.type === 'relation') {
    if (!whole || tree.args.length !== 2 || tree.ops[0] !== '=') return undefined;
    const [left, right] = tree.args as [Node, Node];
    if (left.type !== 'symbol') return undefined;
    quantity = left.name;
    side = right;
  } else {
    if (whole) return undefined;
    side = tree;
  }
  const symbols = freeVariables(side).filter((s) => !NUMBER_SYMBOLS.has(s));
  const denominator = ratioDenominator(asked, quantity, symbols);
  if (denominator === undefined || symbols.length !== 1 || symbols[0] !== denominator) return undefined;
  const factor = split(side, denominator);
  if (factor === undefined || factor.power !== 1 || factor.rest === undefined) return undefined;
  return print(factor.rest);
}
