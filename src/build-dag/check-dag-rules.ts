import type { Diagnostic } from '../core/diagnostic.js';
import type { DagNode, Problem } from '../dag/types.js';
import { validateDataset } from '../dag/validate-dataset.js';
import { type DraftProblem, problemFromDraft, solutionTexts } from './draft-problem.js';
import { mathTextKey } from './math-text-key.js';
import { solutionFormulaKeys } from './solution-formulas.js';
import { transitiveEdges } from './transitive-edges.js';

/** The outcome of the rule checks: the problem with its DAG when no error was found, and every finding. */
export interface DagRuleReport {
  readonly problem?: Problem;
  /** Findings that send the DAG back (severity error). */
  readonly errors: Diagnostic[];
  /** Findings reported but accepted (transitive edges). */
  readonly warnings: Diagnostic[];
}

/**
 * Our rule checks of a built DAG (spec C7, "rule-based checks come before LLM review"): the dataset
 * validator's schema and graph rules (indices 1..n, dependencies backwards, no cycles, a final
 * node, every node reaching one) on the problem as it would be written; every formula parses
 * (an error here, unlike in a dataset); the last node is a final answer; every formula is a
 * verbatim copy of a formula of the draft's solution(s); transitive edges are warnings.
 */
export function checkDagRules(
  original: Problem,
  draft: DraftProblem,
  nodes: readonly unknown[],
): DagRuleReport {
  const raw = { ...problemFromDraft(original, draft, []), grading_standard: nodes };
  const where = `problem ${original.id}`;
  const validated = validateDataset([raw]);
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const d of validated.diagnostics) {
    if (d.code === 'dag-formula-unparseable')
      errors.push({ ...d, code: 'build-formula-unparseable', severity: 'error' });
    else if (d.severity === 'error') errors.push(d);
    else warnings.push(d);
  }
  const problem = validated.problems[0];
  // The verbatim and last-node rules are checked even on a broken graph, so one redo can fix all.
  const dag = problem?.grading_standard ?? readableNodes(nodes);
  const last = dag[dag.length - 1];
  if (last !== undefined && last.is_final_answer !== true)
    errors.push({
      code: 'build-last-not-final',
      severity: 'error',
      message: `the last node (${last.index}) is not marked is_final_answer`,
      where,
    });
  const keys = solutionFormulaKeys(solutionTexts(draft));
  for (const node of dag) {
    if (!keys.has(mathTextKey(node.formula)))
      errors.push({
        code: 'build-formula-not-verbatim',
        severity: 'error',
        message: `${node.formula} is not copied verbatim from the solution (no formula of the solution reads so)`,
        where: `${where} node ${node.index}`,
      });
  }
  if (problem !== undefined && errors.length === 0)
    for (const e of transitiveEdges(dag))
      warnings.push({
        code: 'build-transitive-edge',
        severity: 'warning',
        message: `dependency ${e.from} of node ${e.to} is transitive (already an ancestor through node ${e.via})`,
        where: `${where} node ${e.to}`,
      });
  return problem !== undefined && errors.length === 0
    ? { problem: problemFromDraft(original, draft, dag), errors, warnings }
    : { errors, warnings };
}

/** The entries of an unvalidated DAG that have a numeric index and a formula (the rest is reported by the validator). */
function readableNodes(nodes: readonly unknown[]): DagNode[] {
  return nodes.flatMap((n) => {
    const o = n as Record<string, unknown>;
    if (typeof o !== 'object' || o === null || typeof o.index !== 'number' || typeof o.formula !== 'string')
      return [];
    return [
      {
        index: o.index,
        formula: o.formula,
        dependency: [],
        ...(o.is_final_answer === true ? { is_final_answer: true } : {}),
      },
    ];
  });
}
