import type { Diagnostic } from '../core/diagnostic.js';
import { placeholderNames } from '../dag/render-template.js';
import type { Problem } from '../dag/types.js';
import { generateInstances, type InstanceProblem } from './generate-instances.js';
import { planInstances } from './plan-instances.js';

/** Per problem: how its instances were drawn. */
export interface InstanceReportRow {
  readonly id: string;
  readonly instances: number;
  readonly rejected_solve: number;
  readonly rejected_constraint: number;
  /** Whether its text shows any parameter (else only the computed answers vary: Task IV). */
  readonly textual: boolean;
}

/** Instances of a whole dataset with the report of how they were drawn. */
export interface DatasetInstances {
  readonly instances: InstanceProblem[];
  readonly rows: InstanceReportRow[];
  /** Problems without parameters (ids), left out. */
  readonly unparameterized: string[];
  readonly diagnostics: Diagnostic[];
}

/** Whether a problem's text shows at least one of its parameters. */
export function isTextual(problem: Problem): boolean {
  const t = problem.template;
  if (t === undefined) return false;
  const texts = [
    t.context,
    t.final_answer_instructions ?? '',
    ...(t.subquestions ?? []).map((s) => s.subproblem),
  ];
  return texts.some((x) => placeholderNames(x).length > 0);
}

/**
 * `n` instances of every parameterized problem (in dataset order), each problem drawn from its own
 * stream seeded by `seed` and its id, so adding a problem does not change the others' instances.
 * `textualOnly` keeps only problems whose text shows a parameter.
 */
export function datasetInstances(
  problems: readonly Problem[],
  options: { readonly n: number; readonly seed: string; readonly textualOnly?: boolean },
): DatasetInstances {
  const instances: InstanceProblem[] = [];
  const rows: InstanceReportRow[] = [];
  const unparameterized: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const problem of problems) {
    if (problem.parameters === undefined || problem.parameters.length === 0) {
      unparameterized.push(problem.id);
      continue;
    }
    const textual = isTextual(problem);
    if (options.textualOnly === true && !textual) continue;
    const generated = generateInstances(planInstances(problem), { n: options.n, seed: options.seed });
    instances.push(...generated.instances);
    diagnostics.push(...generated.diagnostics);
    rows.push({
      id: problem.id,
      instances: generated.instances.length,
      rejected_solve: generated.rejected['solve-failed'],
      rejected_constraint: generated.rejected.constraint,
      textual,
    });
  }
  return { instances, rows, unparameterized, diagnostics };
}
