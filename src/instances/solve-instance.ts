import { checkWitness } from '../dag/check-witness.js';
import type { InstancePlan } from './plan-instances.js';
import { constraintHolds } from './prepare-constraint.js';

/** The outcome of solving a plan's DAG forward at one choice of parameter values. */
export type SolvedInstance =
  | {
      readonly ok: true;
      /** Canonical name → value: the inputs and every solved quantity. */
      readonly solution: Readonly<Record<string, number>>;
      /** Parameter symbol (as written) → SI value. */
      readonly si: Readonly<Record<string, number>>;
    }
  | {
      readonly ok: false;
      /** `solve-failed` (the walk found an error) or `constraint` (a constraint broke or cannot be evaluated). */
      readonly reason: 'solve-failed' | 'constraint';
      readonly message: string;
    };

/**
 * Solves the DAG forward with the parameters at `values` (by parameter name, in their units) and the
 * fixed witness entries, then checks the constraints on the solution. Pure and deterministic.
 */
export function solveInstance(plan: InstancePlan, values: Readonly<Record<string, number>>): SolvedInstance {
  const si: Record<string, number> = {};
  for (const { parameter, scale } of plan.parameters) si[parameter.symbol] = values[parameter.name]! * scale;
  // Constraints on the inputs alone are checked first: they keep the walk inside its domain.
  const inputs: Record<string, number> = {};
  for (const { parameter, name } of plan.parameters) inputs[name] = si[parameter.symbol]!;
  for (const c of plan.constraints) {
    if (constraintHolds(c, inputs) === false)
      return { ok: false, reason: 'constraint', message: `${c.source} fails` };
  }
  const problem = { ...plan.problem, constants: plan.constants, witness: [{ ...plan.fixed, ...si }] };
  const report = checkWitness(problem, plan.prepared);
  const failure = report.diagnostics.find((d) => d.severity === 'error');
  if (failure !== undefined)
    return { ok: false, reason: 'solve-failed', message: `${failure.code}: ${failure.message}` };
  const solution = report.solutions[0] ?? {};
  for (const c of plan.constraints) {
    const holds = constraintHolds(c, solution);
    if (holds !== true)
      return {
        ok: false,
        reason: 'constraint',
        message: `${c.source} ${holds === false ? 'fails' : 'cannot be evaluated'}`,
      };
  }
  return { ok: true, solution, si };
}
