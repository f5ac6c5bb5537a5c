import type { Node } from '../core/tree.js';
import { freeVariables } from '../numeric/free-variables.js';
import { isStandardConstant } from './constants-fallback.js';
import { VALUE_SYMBOL } from './prepare-formula.js';
import type { PreparedFormula } from './types.js';

/**
 * Why a scaling relation (`\propto`, `\sim`) cannot stand for an equation, or undefined when it can.
 * It must carry a dependence — a variable on each side (`X \propto 1`, `N \sim 10^{23}` state none:
 * a value estimate says nothing an exact step says) — and the equation's whole dependence: every
 * variable of the equation must appear in it, except standard constants (c, ħ, G, ε₀, k_B …, which
 * belong to the factor). So `F \propto \frac{q_1 q_2}{r^2}` stands for Coulomb's law and
 * `E \sim kT` for `E = \frac{3}{2}kT`, but `T \propto L^{3/2}` does not stand for
 * `T = 2\pi\sqrt{L^3/(GM)}` (M is missing): a partial dependence holds for many laws, and a policy
 * that writes `X \propto v` for every variable v would collect them.
 */
export function missingDependence(scaled: PreparedFormula, equation: PreparedFormula): string | undefined {
  const tree = scaled.tree;
  if (tree?.type !== 'relation' || tree.args.length !== 2) return 'not a single scaling relation';
  const sides = tree.args.map((side: Node) => freeVariables(side).filter((v) => v !== VALUE_SYMBOL));
  if (sides.some((vars) => vars.length === 0)) return 'it carries no dependence (a side has no variable)';
  const named = new Set(scaled.variables);
  const missing = equation.variables.filter(
    (v) => v !== VALUE_SYMBOL && !v.startsWith('d{') && !named.has(v) && !isStandardConstant(v),
  );
  return missing.length === 0
    ? undefined
    : `it leaves out ${missing.join(', ')}, on which the equation depends`;
}
