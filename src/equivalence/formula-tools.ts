import { parseLatex } from '../latex/parse-latex.js';
import { compile } from '../numeric/index.js';
import { solvePrepared } from './solve-prepared.js';
import { stripMathDelimiters } from './strip-math.js';
import type { PreparedFormula } from './types.js';

const TOL = { relTol: 1e-9, absTol: 1e-12 };

/** Canonical variable names of a prepared formula (after constants substitution), sorted. */
export function formulaVariables(formula: PreparedFormula): string[] {
  return [...formula.variables];
}

/**
 * The real solutions of a prepared equation for `target` with the other variables fixed: the roots,
 * `'all'` when it holds for every value, `'undefined'` when it cannot be solved (not an equation,
 * not prepared, or evaluation failed everywhere).
 */
export function solveFormulaFor(
  formula: PreparedFormula,
  target: string,
  values: Readonly<Record<string, number>>,
  evalBudget = 100_000,
): number[] | 'all' | 'undefined' {
  if (!formula.ok || formula.kind !== 'equation') return 'undefined';
  const { set, truncated } = solvePrepared(formula, target, values, TOL, evalBudget);
  if (set.kind === 'all') return 'all';
  if (set.kind !== 'points' || truncated) return 'undefined';
  return [...set.values];
}

/**
 * The relative residual |l − r| / (|l| + |r|) of a prepared equation at a full assignment, the
 * smallest over its ± branches (0 when both sides are 0); NaN when it cannot be evaluated.
 */
export function formulaResidual(formula: PreparedFormula, values: Readonly<Record<string, number>>): number {
  if (!formula.ok || formula.kind !== 'equation') return Number.NaN;
  const names = formula.variables;
  const vector = new Float64Array(names.map((n) => values[n] ?? Number.NaN));
  let best = Number.NaN;
  for (const { lhs, rhs } of formula.branches) {
    const l = compile(lhs, names).fn(vector);
    const r = compile(rhs, names).fn(vector);
    const scale = Math.abs(l) + Math.abs(r);
    const residual = scale === 0 ? 0 : Math.abs(l - r) / scale;
    if (!Number.isNaN(residual) && !(residual >= best)) best = residual;
  }
  return best;
}

/** Canonical symbol name of a LaTeX symbol spelling (`\varepsilon_0` → `epsilon_{0}`), or undefined. */
export function symbolName(latex: string): string | undefined {
  const parsed = parseLatex(stripMathDelimiters(latex));
  if (!parsed.ok) return undefined;
  const tree = parsed.tree;
  if (tree.type === 'symbol') return tree.name;
  if (tree.type === 'apply') return tree.name;
  return undefined;
}
