import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';
import { symbolName } from '../equivalence/index.js';
import { extractFormulas } from '../extract/extract-formulas.js';
import { parseLatex } from '../latex/index.js';
import { relationSides } from './answer-text.js';

/** Most formulas of a problem text read for definitions (a pathological text stays bounded). */
const MAX_FORMULAS = 200;

/** Words after which `a = b` is a condition (a place, a time, a case), not a definition. */
const CONDITION =
  /\b(?:at|when|whenever|for|if|until|till|once|after|before|as|while|unless|except|region|regions)$/i;
/** Words that introduce a definition ("Let $\omega = \sqrt{k/m}$", "define", "denote"). */
const INTRODUCED = /\b(?:let|define|defining|denote|denoting|introduce|write|set)\b[^.$]{0,40}$/i;

/**
 * The definitions a problem text gives of single symbols in terms of others, introduced as such
 * ("Let $\omega = \sqrt{k/m}$", "define $\Gamma = \gamma/2m$"): symbol name → `{symbol, value}`, used
 * like an answer's own definition where the expected answer does not write the symbol (an answer in
 * ω for a reference in k and m). Only a relation `X = …` whose right side names other quantities
 * (not a number: "Let $T = 300$ K" is a given value) and not X itself, introduced by "let", "define",
 * "denote" (not a condition: "at $x = L$"), and a symbol the text defines once.
 */
export function problemDefinitions(
  text: string,
): Map<string, { readonly symbol: string; readonly value: string }> {
  const found = new Map<string, { symbol: string; value: string } | null>();
  for (const f of extractFormulas(text).formulas.slice(0, MAX_FORMULAS)) {
    const sides = relationSides(f.latex);
    if (sides === undefined) continue;
    const name = symbolName(sides.lhs);
    if (name === undefined) continue;
    // A symbol the text relates more than once (a definition and a condition, two values) is not
    // defined by one of them.
    if (found.has(name)) {
      found.set(name, null);
      continue;
    }
    const before = text.slice(Math.max(0, f.offset - 60), f.offset).replace(/[$\\([\s]+$/, '');
    const value = sides.rhs.includes('{{') ? undefined : parseLatex(sides.rhs);
    const symbols = value?.ok === true && value.tree.type !== 'relation' ? symbolsOf(value.tree) : undefined;
    const defines =
      INTRODUCED.test(before) &&
      !CONDITION.test(before) &&
      symbols !== undefined &&
      [...symbols].some((v) => v !== 'pi' && v !== 'e') &&
      !symbols.has(name);
    found.set(name, defines ? { symbol: sides.lhs.trim(), value: sides.rhs.trim() } : null);
  }
  const out = new Map<string, { readonly symbol: string; readonly value: string }>();
  for (const [name, d] of found) if (d !== null) out.set(name, d);
  return out;
}

/** The symbol names a tree writes. */
function symbolsOf(tree: Node): Set<string> {
  const out = new Set<string>();
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'symbol') out.add(node.name);
    stack.push(...childNodes(node));
  }
  return out;
}
