import type { BinaryNode, Node, SymbolNode } from '../core/tree.js';

/** True for `\mathrm{e}` (an upright `e`): always Euler's number. */
export function isUprightE(node: Node): boolean {
  return node.type === 'symbol' && node.name === 'e' && node.upright === true && node.vector !== true;
}

/**
 * True for a power whose base is the symbol `e` and whose exponent is not a plain number literal:
 * `e^{-t/\tau}`, `e^{x}`, `e^{-1}` are exponentials (Euler's number), while `e^2` and `e^{3}` are
 * powers of the elementary charge (or of whatever `e` names).
 */
export function isEulerPower(node: Node): node is BinaryNode & { readonly left: SymbolNode } {
  return (
    node.type === 'binary' &&
    node.op === '^' &&
    node.left.type === 'symbol' &&
    node.left.name === 'e' &&
    node.left.vector !== true &&
    node.right.type !== 'number'
  );
}
