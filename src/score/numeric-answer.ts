import { formulaVariables, VALUE_SYMBOL } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { compile } from '../numeric/index.js';

/**
 * The numeric value of a prepared bare expression (units already converted to SI by preparation),
 * or undefined when it has free variables or no single value.
 */
export function expressionValue(p: PreparedFormula): number | undefined {
  if (!p.ok || p.kind !== 'expression') return undefined;
  const vars = formulaVariables(p);
  if (vars.length !== 1 || vars[0] !== VALUE_SYMBOL) return undefined;
  // A ± expression has several branches and so no single value.
  const [branch, ...more] = p.branches;
  if (branch === undefined || more.length > 0) return undefined;
  const value = compile(branch.rhs, []).fn(new Float64Array(0));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Whether `value` agrees with `expected` to the problem's precision. With `significantFigures` s,
 * the tolerance is half a unit in the last significant place of `expected`
 * (0.5 · 10^(⌊log10|expected|⌋ − s + 1)), so 4.7e-8 and 5.4e-8 both pass for 5e-8 at one figure.
 * Without it, 1% relative (the precision answers usually quote; three figures would be 0.5%).
 * A tiny relative slack absorbs unit-conversion rounding.
 */
export function withinPrecision(value: number, expected: number, significantFigures?: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(expected)) return false;
  const diff = Math.abs(value - expected);
  if (expected === 0) return diff <= 1e-12;
  const slack = 1e-9 * Math.abs(expected);
  if (significantFigures === undefined) return diff <= 0.01 * Math.abs(expected) + slack;
  const place = Math.floor(Math.log10(Math.abs(expected))) - significantFigures + 1;
  return diff <= 0.5 * 10 ** place + slack;
}
