import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';

/**
 * The relative precision of the coarsest decimal written in a formula: half a unit in the last
 * written place over the value (`5\times10^{-8}` → 0.1, `8.85` → 5.6e-4, `5.01e-8` → 1e-3). Plain
 * integers (`2`, `100`) are exact and count 0, as do numbers that came from units or constants
 * tables (they carry a dimension). Used to compare formulas that only state a value
 * (`\Delta W \approx 5\times10^{-8}\,\mathrm{J}` against `\Delta W = 5.01\times10^{-8}\,\mathrm{J}`).
 */
export function literalPrecision(node: Node): number {
  let coarsest = 0;
  const visit = (n: Node): void => {
    if (n.type === 'number') {
      if (n.dim === undefined) coarsest = Math.max(coarsest, precisionOf(n.raw));
      return;
    }
    for (const child of childNodes(n)) visit(child);
  };
  visit(node);
  return coarsest;
}

function precisionOf(raw: string): number {
  const scientific = /^\s*([0-9]*\.?[0-9]+)\s*(?:\\times|\\cdot|×|·|[eE])/.exec(raw);
  const plain = /^\s*([0-9]*\.[0-9]+)\s*$/.exec(raw);
  const mantissa = scientific?.[1] ?? plain?.[1];
  if (mantissa === undefined) return 0;
  const value = Number(mantissa);
  if (!(value > 0)) return 0;
  const decimals = mantissa.includes('.') ? mantissa.length - mantissa.indexOf('.') - 1 : 0;
  return (0.5 * 10 ** -decimals) / value;
}
