import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Node, NumberNode, SymbolNode } from '../core/tree.js';
import { isEulerPower, isUprightE } from './euler.js';
import { mapChildren } from './map-children.js';

/** Options of {@link substituteMathConstants}. */
export interface MathConstantOptions {
  /** Treat the symbol `i` as the imaginary unit (reported as `complex-unsupported`). Default false. */
  readonly imaginaryUnit?: boolean;
}

/** The tree with math constants replaced, and diagnostics. */
export interface MathConstantResult {
  readonly tree: Node;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Replaces the math constants of a formula (run after the constants map, so a map that defines
 * `\pi` or `e` wins):
 * - the symbol `pi` becomes π;
 * - `e` becomes Euler's number only when written upright (`\mathrm{e}`) or as the base of a power
 *   whose exponent is not a plain number literal (`e^{-t/\tau}`, `e^{x}`, `e^{-1}`); `e^2` stays
 *   the symbol `e` (the elementary charge squared, if the map says so);
 * - `i` is a plain symbol unless `imaginaryUnit` is set; then each occurrence gives an error
 *   `complex-unsupported` (the checker is real-valued) and stays a symbol;
 * - `infinity` stays (the numeric core handles it).
 */
export function substituteMathConstants(tree: Node, options: MathConstantOptions = {}): MathConstantResult {
  const diagnostics: Diagnostic[] = [];
  const walk = (node: Node): Node => {
    if (node.type === 'symbol') {
      if (node.vector === true) return node;
      if (node.name === 'pi') return mathNumber(Math.PI, 'pi', node);
      if (isUprightE(node)) return mathNumber(Math.E, 'e', node);
      if (node.name === 'i' && options.imaginaryUnit === true) {
        diagnostics.push(
          diagnostic(
            'complex-unsupported',
            'error',
            'the imaginary unit i is not supported: values are real',
            node.span,
          ),
        );
      }
      return node;
    }
    if (isEulerPower(node))
      return { ...node, left: mathNumber(Math.E, 'e', node.left), right: walk(node.right) };
    return mapChildren(node, walk);
  };
  return { tree: walk(tree), diagnostics };
}

function mathNumber(value: number, raw: string, at: SymbolNode): NumberNode {
  return { type: 'number', value, raw, span: at.span };
}
