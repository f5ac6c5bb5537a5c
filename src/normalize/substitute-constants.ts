import type { Span } from '../core/span.js';
import type { Node } from '../core/tree.js';
import { rewriteBottomUp } from './map-children.js';
import type { PreparedConstants } from './prepare-constants.js';
import { substituteSymbols } from './substitute-symbols.js';

/**
 * Replaces every free symbol of a formula that is a key of the prepared constants map by its value.
 * Symbols match by canonical name (a `\vec` decoration does not matter); the inserted value takes the
 * span of the symbol it replaces, so later diagnostics point into the formula. Symbols that the map
 * does not define are never touched: a bare `k`, `G`, `c`, `g` or `e` stays a variable.
 */
export function substituteConstants(tree: Node, constants: PreparedConstants): Node {
  if (constants.values.size === 0) return tree;
  return substituteSymbols(tree, (symbol) => {
    const value = constants.values.get(symbol.name);
    return value === undefined ? undefined : withSpan(value, symbol.span);
  });
}

/** A copy of `tree` in which every node carries `span`. */
export function withSpan(tree: Node, span: Span): Node {
  return rewriteBottomUp(tree, (node) => ({ ...node, span }));
}
