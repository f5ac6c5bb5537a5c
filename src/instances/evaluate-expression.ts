import type { PreparedFormula } from '../equivalence/types.js';
import { compile } from '../numeric/index.js';

/**
 * The value of a prepared bare expression (`prepareFormula('T_3/T_1')`) at an assignment of canonical
 * names, or undefined when it has several branches, an unassigned variable or no finite value.
 */
export function evaluateExpression(
  p: PreparedFormula,
  values: Readonly<Record<string, number>>,
): number | undefined {
  if (!p.ok || p.kind !== 'expression') return undefined;
  const [branch, ...more] = p.branches;
  if (branch === undefined || more.length > 0) return undefined;
  const names = [...p.variables];
  const value = compile(branch.rhs, names).fn(new Float64Array(names.map((n) => values[n] ?? Number.NaN)));
  return Number.isFinite(value) ? value : undefined;
}
