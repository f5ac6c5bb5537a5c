import type { Diagnostic } from '../core/diagnostic.js';
import { stripMath } from '../core/strip-math.js';
import { parseLatex } from '../latex/index.js';
import type { Problem } from './types.js';
import { located, validateGraph } from './validate-graph.js';
import { rawProblemId, shapeProblem } from './validate-problem.js';

/** Validated problems and every finding; problems with an error finding are skipped. */
export interface ValidatedDataset {
  readonly problems: Problem[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Untrusted JSON (an array of problems, or one problem object) → validated problems. Checks each
 * item's shape, its DAG (indices 1..n, dependencies, cycles, final-answer reachability), that every
 * node formula parses (a formula that does not is a warning: the problem loads and that node is
 * unmatchable), and duplicate ids. A bad problem is reported and skipped; the others load.
 * `where` prefixes every diagnostic location (e.g. a file name).
 */
export function validateDataset(json: unknown, where?: string): ValidatedDataset {
  const prefix = where === undefined || where === '' ? '' : `${where}: `;
  const items = Array.isArray(json) ? json : typeof json === 'object' && json !== null ? [json] : undefined;
  if (items === undefined) {
    return {
      problems: [],
      diagnostics: [located('dataset-not-array', 'expected a JSON array of problems', `${prefix}dataset`)],
    };
  }
  const problems: Problem[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const id = rawProblemId(item);
    const at = id === undefined ? `${prefix}item ${i + 1}` : `${prefix}problem ${id}`;
    if (id !== undefined && seen.has(id)) {
      diagnostics.push(
        located('problem-duplicate-id', `problem id ${id} appears again (item ${i + 1}); skipped`, at),
      );
      return;
    }
    if (id !== undefined) seen.add(id);
    const shaped = shapeProblem(item, at);
    const found = [...shaped.diagnostics];
    // A node dropped for its shape would make the graph checks report its absence as dangling
    // edges and unreachable finals: the shape error is the finding, and the problem is skipped.
    if (shaped.problem !== undefined && !shaped.diagnostics.some((d) => d.severity === 'error')) {
      found.push(...validateGraph(shaped.problem.grading_standard, at));
      found.push(...checkFormulas(shaped.problem, at));
    }
    diagnostics.push(...found);
    if (shaped.problem !== undefined && !found.some((d) => d.severity === 'error'))
      problems.push(shaped.problem);
  });
  return { problems, diagnostics };
}

function checkFormulas(problem: Problem, at: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const node of problem.grading_standard) {
    const { latex, offset } = stripMath(node.formula);
    const result = parseLatex(latex);
    if (result.ok) continue;
    const first = result.diagnostics.find((d) => d.severity === 'error') ?? result.diagnostics[0];
    const span = first?.span;
    const base: Diagnostic = {
      code: 'dag-formula-unparseable',
      // Not an error: one unreadable reference formula must not drop the problem from scoring.
      severity: 'warning',
      message: `formula does not parse${first ? ` (${first.code}: ${first.message})` : ''}: ${latex.slice(0, 80)}`,
      where: `${at} node ${node.index}`,
    };
    out.push(span ? { ...base, span: { start: span.start + offset, end: span.end + offset } } : base);
  }
  return out;
}
