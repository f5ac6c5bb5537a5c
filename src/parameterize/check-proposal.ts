import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import { validateDataset } from '../dag/validate-dataset.js';
import { checkParameters } from '../instances/check-parameters.js';
import type { ParameterProposal } from './parse-proposal.js';

/** A proposal applied to its problem: the accepted problem, or the findings that reject it. */
export type ProposalCheck =
  | {
      readonly ok: true;
      /** The problem as loaded (text rendered with the parameters' own values). */
      readonly problem: Problem;
      /** The problem as it is written to a dataset file (text with its placeholders). */
      readonly raw: Readonly<Record<string, unknown>>;
      readonly warnings: readonly Diagnostic[];
    }
  | { readonly ok: false; readonly errors: readonly Diagnostic[] };

/**
 * Checks a proposal with the checks `prism validate` runs on a parameterized problem: the dataset
 * validator on the problem with the proposal applied (parameter shapes, every placeholder a
 * parameter, every parameter a DAG input whose value is the problem's own, in range, at its
 * figures), then the forward solve: the problem as written meets the constraints and 20 seeded
 * instances all solve. Any error rejects the proposal; its findings are the feedback.
 */
export function checkProposal(problem: Problem, proposal: ParameterProposal): ProposalCheck {
  const { template: _template, parameters: _p, constraints: _c, ...rest } = problem;
  const candidate = {
    ...rest,
    ...(proposal.context === undefined ? {} : { context: proposal.context }),
    parameters: proposal.parameters,
    ...(proposal.constraints.length === 0 ? {} : { constraints: proposal.constraints }),
  };
  const validated = validateDataset([candidate], `proposal for ${problem.id}`);
  const errors = validated.diagnostics.filter((d) => d.severity === 'error');
  const accepted = validated.problems[0];
  if (errors.length > 0 || accepted === undefined)
    return { ok: false, errors: errors.length > 0 ? errors : validated.diagnostics };
  const solved = checkParameters(accepted);
  const solveErrors = solved.filter((d) => d.severity === 'error');
  if (solveErrors.length > 0) return { ok: false, errors: solveErrors };
  return {
    ok: true,
    problem: accepted,
    raw: candidate,
    warnings: [...validated.diagnostics, ...solved].filter((d) => d.severity !== 'error'),
  };
}
