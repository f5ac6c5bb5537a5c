import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import { generateInstances } from './generate-instances.js';
import { planInstances } from './plan-instances.js';
import { solveInstance } from './solve-instance.js';

/** Instances {@link checkParameters} samples per problem. */
export const VALIDATION_SAMPLES = 20;

/**
 * The PRiSM checks of a problem with parameters: the plan's findings (each parameter an input of
 * the DAG with the problem's own value, in range, at its figures), the problem as written being one
 * valid instance (it solves and meets every constraint: `parameter-constraint-violated`), and
 * `samples` seeded instances that all solve forward — a draw whose walk fails, or an instance not
 * found within the attempt budget, is `parameter-instance-failed`. Draws a constraint rejects are fine.
 */
export function checkParameters(problem: Problem, samples = VALIDATION_SAMPLES): Diagnostic[] {
  if (problem.parameters === undefined || problem.parameters.length === 0) return [];
  const where = `problem ${problem.id}`;
  const plan = planInstances(problem);
  const out: Diagnostic[] = [...plan.diagnostics];
  if (!plan.ok) return out;
  const own = Object.fromEntries(problem.parameters.map((p) => [p.name, p.value]));
  const base = solveInstance(plan, own);
  if (!base.ok) {
    const code = base.reason === 'constraint' ? 'parameter-constraint-violated' : 'parameter-instance-failed';
    out.push({ code, severity: 'error', message: `the problem as written: ${base.message}`, where });
  }
  const generated = generateInstances(plan, { n: samples, seed: 'prism-validate' });
  const failed = generated.rejected['solve-failed'];
  if (failed > 0 || generated.diagnostics.length > 0) {
    out.push({
      code: 'parameter-instance-failed',
      severity: 'error',
      message: `${failed} sampled draw(s) did not solve, ${generated.instances.length}/${samples} instances made (${generated.examples[0] ?? generated.diagnostics[0]?.message ?? ''})`,
      where,
    });
  }
  return out;
}
