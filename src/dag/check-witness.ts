import type { Diagnostic } from '../core/diagnostic.js';
import { stripMath } from '../core/strip-math.js';
import {
  formulaResidual,
  formulaVariables,
  prepareFormula,
  solveFormulaFor,
  symbolName,
} from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { splitFormula } from '../extract/split-formula.js';
import { problemPrepareOptions } from './problem-options.js';
import type { Problem } from './types.js';

/** Result of {@link checkWitness}: findings and, per witness, the values it determines. */
export interface WitnessReport {
  readonly diagnostics: Diagnostic[];
  /** Per witness assignment: canonical symbol → value, the given ones plus every solved unknown. */
  readonly solutions: Record<string, number>[];
}

/** Residual above which a formula with no unknown counts as violated. */
export const WITNESS_TOLERANCE = 1e-6;
/** Branches followed when an unknown has several positive roots. */
const MAX_BRANCHES = 16;

/** One formula of the walk: node position `node` (0-based) and one relation of its formula. */
interface Item {
  readonly node: number;
  readonly formula: PreparedFormula;
}

interface Branch {
  values: Record<string, number>;
  pending: number[];
}

interface Outcome {
  readonly values: Record<string, number>;
  readonly findings: Diagnostic[];
}

/**
 * Every node formula of a problem prepared for the witness walk, with the problem's constants: `$$`
 * stripped, lists and chains (`a = b = c`) split into single relations as answers are, each relation
 * prepared. Entry `i` holds node `i + 1`'s relations (failed preparations included, so they are reported).
 */
export function prepareWitnessFormulas(problem: Problem): PreparedFormula[][] {
  const options = problemPrepareOptions(problem);
  return problem.grading_standard.map((node) => {
    const { latex } = stripMath(node.formula);
    const split = splitFormula(latex);
    const texts = split.ok ? split.parts.filter((p) => p.relation && !p.unchecked).map((p) => p.latex) : [];
    return (texts.length > 0 ? texts : [latex]).map((text) => prepareFormula(text, options));
  });
}

/**
 * Checks a problem's `witness` assignments against its DAG. For each witness (keys mapped to
 * canonical names with `symbolName`), walks the nodes in order: a formula with exactly one unknown is
 * solved for it (several roots: the positive ones are kept; several positive roots are followed as
 * branches, up to 16, else `witness-ambiguous`); a formula with no unknown must hold (relative
 * residual ≤ 1e-6) else `witness-violated` — only the first violated formula of a witness is
 * reported (later ones usually inherit its wrong value), with the count of the others; a formula with
 * more unknowns is deferred and retried; what stays unresolved is `witness-underdetermined`.
 * `prepared[i]` is node `i + 1`'s formula, or its relations (see {@link prepareWitnessFormulas}).
 * A witness key that no prepared formula has as a variable (a symbol the constants map fixes, or one
 * no formula uses) is `witness-unused-key`; a relation that cannot be prepared is `witness-unevaluable`.
 */
export function checkWitness(
  problem: Problem,
  prepared: readonly (PreparedFormula | readonly PreparedFormula[])[],
): WitnessReport {
  const diagnostics: Diagnostic[] = [];
  const solutions: Record<string, number>[] = [];
  const items: Item[] = [];
  prepared.forEach((entry, node) => {
    const list: readonly PreparedFormula[] = Array.isArray(entry) ? entry : [entry as PreparedFormula];
    for (const formula of list) {
      if (formula.ok) items.push({ node, formula });
      else if (problem.witness !== undefined && problem.witness.length > 0) {
        diagnostics.push(
          warn(
            'witness-unevaluable',
            `cannot prepare ${formula.source} (${formula.diagnostics.map((d) => d.code).join(', ')}); not checked`,
            `problem ${problem.id} node ${problem.grading_standard[node]?.index ?? node + 1}`,
          ),
        );
      }
    }
  });
  const variables = new Set(items.flatMap((item) => formulaVariables(item.formula)));
  (problem.witness ?? []).forEach((witness, w) => {
    const where = `problem ${problem.id} witness ${w + 1}`;
    const values: Record<string, number> = {};
    for (const [key, value] of Object.entries(witness)) {
      const name = symbolName(key);
      if (name === undefined) {
        diagnostics.push({
          code: 'witness-bad-symbol',
          severity: 'error',
          message: `cannot name ${key}`,
          where,
        });
        continue;
      }
      if (!variables.has(name)) {
        diagnostics.push(
          warn(
            'witness-unused-key',
            `${key} = ${value} is no variable of any DAG formula (the constants map fixes it, or no formula uses it); the value is ignored`,
            where,
          ),
        );
      }
      values[name] = value;
    }
    const pending = items.map((_, i) => i);
    const outcome = walk({ values, pending }, problem, items, where, { branches: 1 });
    diagnostics.push(...firstViolation(outcome.findings));
    solutions.push(outcome.values);
  });
  return { diagnostics, solutions };
}

/** Keeps the first `witness-violated` finding (noting how many later formulas fail too). */
function firstViolation(findings: readonly Diagnostic[]): Diagnostic[] {
  const violated = findings.filter((d) => d.code === 'witness-violated');
  if (violated.length <= 1) return [...findings];
  const first = violated[0]!;
  const later = violated.length - 1;
  return findings
    .filter((d) => d.code !== 'witness-violated' || d === first)
    .map((d) =>
      d === first
        ? { ...d, message: `${d.message}; ${later} later formula(s) fail too, probably from this value` }
        : d,
    );
}

function walk(
  branch: Branch,
  problem: Problem,
  items: readonly Item[],
  where: string,
  budget: { branches: number },
): Outcome {
  const values = { ...branch.values };
  let pending = [...branch.pending];
  const findings: Diagnostic[] = [];
  let progress = true;
  while (progress && pending.length > 0) {
    progress = false;
    const deferred: number[] = [];
    for (let k = 0; k < pending.length; k++) {
      const i = pending[k]!;
      const { formula, node } = items[i]!;
      const nodeWhere = `${where} node ${problem.grading_standard[node]?.index ?? node + 1}`;
      const unknowns = formulaVariables(formula).filter((v) => !(v in values));
      if (unknowns.length > 1) {
        deferred.push(i);
        continue;
      }
      progress = true;
      if (unknowns.length === 0) {
        const residual = formulaResidual(formula, values);
        if (Number.isNaN(residual)) {
          findings.push(warn('witness-unevaluable', `cannot evaluate ${formula.source}`, nodeWhere));
        } else if (residual > WITNESS_TOLERANCE && !holdsWithinRounding(formula, values)) {
          findings.push(violation(formula, values, residual, nodeWhere));
        }
        continue;
      }
      const target = unknowns[0]!;
      const roots = solveFormulaFor(formula, target, values);
      if (roots === 'all') continue;
      if (roots === 'undefined' || roots.length === 0) {
        findings.push(
          error('witness-unsolvable', `no real ${target} satisfies ${formula.source}`, nodeWhere),
        );
        continue;
      }
      const positive = roots.filter((r) => r > 0);
      const chosen = positive.length > 0 ? positive : roots;
      if (chosen.length === 1) {
        values[target] = chosen[0]!;
        continue;
      }
      // Several candidate roots: follow each branch and keep the first consistent one.
      const rest = [...deferred, ...pending.slice(k + 1)];
      if (budget.branches + chosen.length - 1 > MAX_BRANCHES) {
        findings.push(
          error(
            'witness-ambiguous',
            `${target} has roots ${chosen.join(', ')} in ${formula.source}`,
            nodeWhere,
          ),
        );
        continue;
      }
      budget.branches += chosen.length - 1;
      const outcomes = chosen.map((root) =>
        walk({ values: { ...values, [target]: root }, pending: rest }, problem, items, where, budget),
      );
      // Prefer the branch that breaks no formula, then the one with the fewest errors.
      const cost = (o: Outcome): number =>
        o.findings.reduce(
          (sum, d) =>
            sum +
            (d.code === 'witness-violated' || d.code === 'witness-unsolvable'
              ? 1000
              : d.severity === 'error'
                ? 1
                : 0),
          0,
        );
      const best = outcomes.reduce((a, b) => (cost(b) < cost(a) ? b : a));
      return { values: best.values, findings: [...findings, ...best.findings] };
    }
    pending = deferred;
  }
  if (pending.length > 0) {
    const names = [
      ...new Set(pending.map((i) => problem.grading_standard[items[i]!.node]?.index ?? items[i]!.node + 1)),
    ];
    const unknown = [
      ...new Set(pending.flatMap((i) => formulaVariables(items[i]!.formula).filter((v) => !(v in values)))),
    ];
    findings.push(
      error(
        'witness-underdetermined',
        `nodes ${names.join(', ')} keep unknowns ${unknown.join(', ')} after solving forward`,
        where,
      ),
    );
  }
  return { values, findings };
}

/**
 * Whether a formula whose sides' relative residual fails the test still holds up to a relative change
 * of one of its quantities below the tolerance (backward error): `v_f = (v_0 - R\omega_0)/2` with
 * v_0 ≈ Rω_0 has sides near zero made of rounding, so their relative residual is ~1 although R is
 * right to 1e-16. Solving for each quantity in turn and finding the value held (to WITNESS_TOLERANCE)
 * shows the formula holds; a violated one gives a root off by the violation.
 */
function holdsWithinRounding(formula: PreparedFormula, values: Readonly<Record<string, number>>): boolean {
  for (const v of formulaVariables(formula)) {
    const given = values[v];
    if (given === undefined || given === 0) continue;
    const others = { ...values };
    delete others[v];
    const roots = solveFormulaFor(formula, v, others);
    if (Array.isArray(roots) && roots.some((r) => Math.abs(r - given) <= WITNESS_TOLERANCE * Math.abs(given)))
      return true;
  }
  return false;
}

function violation(
  formula: PreparedFormula,
  values: Readonly<Record<string, number>>,
  residual: number,
  where: string,
): Diagnostic {
  const vars = formulaVariables(formula);
  // Name both values: what the formula gives for one of its quantities vs what the witness holds.
  for (const v of vars) {
    const others = { ...values };
    delete others[v];
    const roots = solveFormulaFor(formula, v, others);
    if (Array.isArray(roots) && roots.length > 0) {
      const given = values[v]!;
      const nearest = roots.reduce((a, b) => (Math.abs(b - given) < Math.abs(a - given) ? b : a));
      return error(
        'witness-violated',
        `${formula.source} gives ${v} = ${nearest}, but the witness (or a value solved from it earlier) has ${v} = ${given} (relative residual ${residual.toExponential(2)})`,
        where,
      );
    }
  }
  const used = vars.map((v) => `${v}=${values[v]}`).join(', ');
  return error(
    'witness-violated',
    `${formula.source} does not hold at ${used} (relative residual ${residual.toExponential(2)})`,
    where,
  );
}

function error(code: string, message: string, where: string): Diagnostic {
  return { code, severity: 'error', message, where };
}

function warn(code: string, message: string, where: string): Diagnostic {
  return { code, severity: 'warning', message, where };
}
