import { childNodes } from '../core/child-nodes.js';
import type { Node } from '../core/tree.js';

/**
 * How far apart two written values may be and still be the same answer, as an expert grader judges
 * it. A grader accepts a value computed with slightly different constants or rounded differently
 * (`1.54\times10^{3}` for `1.53\times10^{3}`, `48\,\mathrm{MeV}` for `0.047\,\mathrm{GeV}`, `2.71`
 * for `2.714`) and rejects a wrong one. The rule (see {@link relativeTolerance}): the larger of
 * - half a unit in the last written place of the less precise value (its rounding interval: never
 *   stricter than what is written),
 * - `ulps` units in that place, but at most `cap` relative (a one-figure value's unit is 10–100%),
 * - `floor` relative (constants such as g = 9.8 or 9.81, or 4 vs 3 significant figures of hc).
 * Only applies when at least one side is an inexact decimal; exact integers compare exactly.
 */
export interface NumericTolerance {
  /** Units in the last written place of the less precise value accepted. Default 1. */
  readonly ulps: number;
  /** Relative difference always accepted between inexact values. Default 0.01 (1%). */
  readonly floor: number;
  /** Largest relative difference the `ulps` allowance may reach. Default 0.025 (2.5%). */
  readonly cap: number;
}

/**
 * The default grader tolerance: one unit in the last place, floor 1%, that unit capped at 2.5%
 * (constants known to three figures and intermediates rounded to three move a result by well under
 * 2.5%; past it — `36` for `35`, a value 3% off — the difference is an error, not a rounding).
 */
export const DEFAULT_NUMERIC_TOLERANCE: NumericTolerance = { ulps: 1, floor: 0.01, cap: 0.025 };

/**
 * The relative tolerance for a value whose last written place is `unit` relative to the value
 * (`unit` = ulp / |value|, e.g. 0.01 / 2.71). 0 when the value is exact (`unit` ≤ 0).
 */
export function relativeTolerance(
  unit: number,
  tolerance: NumericTolerance = DEFAULT_NUMERIC_TOLERANCE,
): number {
  if (!(unit > 0)) return 0;
  return Math.max(0.5 * unit, Math.min(tolerance.ulps * unit, tolerance.cap), tolerance.floor);
}

/**
 * The relative unit in the last written place of the coarsest decimal written in a formula
 * (`5\times10^{-8}` → 0.2, `8.85` → 1.1e-3, `5.01e-8` → 2e-3), and how many inexact decimals it
 * writes. Plain integers (`2`, `100`) are exact and count 0, as do numbers that came from units or
 * constants tables (they carry a dimension).
 */
export function writtenDigits(node: Node): { readonly unit: number; readonly count: number } {
  let coarsest = 0;
  let count = 0;
  const visit = (n: Node): void => {
    if (n.type === 'number') {
      const unit = n.dim === undefined ? unitOf(n.raw) : 0;
      if (unit > 0) count++;
      coarsest = Math.max(coarsest, unit);
      return;
    }
    for (const child of childNodes(n)) visit(child);
  };
  visit(node);
  return { unit: coarsest, count };
}

/**
 * The relative unit of a formula's stated value: the unit of its one inexact decimal; 0 when it
 * writes none, or several (`4.9 + 1.22`: the unit of one term says little about the result, so the
 * other side's precision decides).
 */
export function literalUnit(node: Node): number {
  const { unit, count } = writtenDigits(node);
  return count === 1 ? unit : 0;
}

/**
 * The relative tolerance of a formula's written numbers under the grader rule
 * ({@link relativeTolerance} of {@link literalUnit}); 0 when every number is exact. Used to compare
 * formulas that only state a value (`\Delta W \approx 5\times10^{-8}\,\mathrm{J}` against
 * `\Delta W = 5.01\times10^{-8}\,\mathrm{J}`): the less precise side's tolerance applies.
 */
export function literalPrecision(
  node: Node,
  tolerance: NumericTolerance = DEFAULT_NUMERIC_TOLERANCE,
): number {
  const { unit, count } = writtenDigits(node);
  if (count > 1) return Math.max(0.5 * unit, unit > 0 ? tolerance.floor : 0);
  return relativeTolerance(unit, tolerance);
}

function unitOf(raw: string): number {
  const scientific = /^\s*([0-9]*\.?[0-9]+)\s*(?:\\times|\\cdot|×|·|[eE])/.exec(raw);
  const plain = /^\s*([0-9]*\.[0-9]+)\s*$/.exec(raw);
  const mantissa = scientific?.[1] ?? plain?.[1];
  if (mantissa === undefined) return 0;
  const value = Number(mantissa);
  if (!(value > 0)) return 0;
  const decimals = mantissa.includes('.') ? mantissa.length - mantissa.indexOf('.') - 1 : 0;
  return 10 ** -decimals / value;
}
