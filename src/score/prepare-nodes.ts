import type { Diagnostic } from '../core/diagnostic.js';
import { stripMath } from '../core/strip-math.js';
import { problemPrepareOptions } from '../dag/problem-options.js';
import type { Problem } from '../dag/types.js';
import { prepareFormula } from '../equivalence/index.js';
import type { PreparedFormula } from '../equivalence/types.js';
import { splitFormula } from '../extract/split-formula.js';

/** A reference node ready for matching: its formula split into single relations, each prepared. */
export interface PreparedNode {
  readonly index: number;
  /** A node matches when any part matches (a chain node `a = b = c` has two parts). */
  readonly parts: readonly PreparedFormula[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Prepares every node of a problem once, with the problem's constants: strips `$$`, splits lists
 * and chains into single relations (as answers are split), and prepares each relation.
 */
export function prepareNodes(problem: Problem): PreparedNode[] {
  const options = problemPrepareOptions(problem);
  return problem.grading_standard.map((node) => {
    const where = `problem ${problem.id} node ${node.index}`;
    const { latex } = stripMath(node.formula);
    const split = splitFormula(latex);
    const texts = split.ok
      ? split.parts.filter((p) => p.relation && !p.unchecked).map((p) => p.latex)
      : [latex];
    const parts = (texts.length > 0 ? texts : [latex]).map((text) => prepareFormula(text, options));
    const failed = parts.filter((p) => !p.ok);
    const diagnostics: Diagnostic[] =
      failed.length === 0
        ? []
        : [
            {
              code: 'node-unprepared',
              severity: 'warning',
              message: `cannot prepare ${failed[0]!.source}: ${failed[0]!.diagnostics.map((d) => d.code).join(', ')}`,
              where,
            },
          ];
    return { index: node.index, parts: parts.filter((p) => p.ok), diagnostics };
  });
}
