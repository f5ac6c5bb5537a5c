import type { Problem } from '../dag/types.js';
import type { NodeCredit, RecordFormula } from '../score/types.js';

/** What {@link renderMatches} reads of a scored answer (a run's `records.jsonl` line). */
export interface MatchRecord {
  readonly step_score: number;
  readonly final_answer_correct: boolean | null;
  readonly matched: readonly number[];
  readonly achieved: readonly number[];
  readonly total_nodes: number;
  /** Present in the real scorer's records: every node's status and the answer formulas matching it. */
  readonly nodes?: readonly NodeCredit[];
  readonly formulas?: readonly RecordFormula[];
}

/** Bounds on the rendering (a long answer must not make a huge prompt). */
const MAX_LATEX = 240;
const MAX_UNMATCHED = 25;

const clip = (latex: string): string => {
  const t = latex
    .replace(/^\s*\$\$?|\$\$?\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length <= MAX_LATEX ? t : `${t.slice(0, MAX_LATEX)}…`;
};

/**
 * Our auto-grader's verdict on one answer, compactly, for the error classifier (spec C4's
 * `matches`): one line per reference node — `[i] ✓` matched (with the answer formulas that
 * matched it), `~` credited as an ancestor of a matched node, `✗` not reached — with its formula
 * and dependencies; then the answer formulas that matched no node (at most 25); then the step
 * score to 3 decimals and the final-answer verdict. Works from the matched/achieved indices alone
 * when a record carries no per-node detail.
 */
export function renderMatches(problem: Problem, record: MatchRecord): string {
  const matched = new Set(record.matched);
  const achieved = new Set(record.achieved);
  const byNode = new Map((record.nodes ?? []).map((n) => [n.index, n]));
  const formulas = record.formulas ?? [];
  const lines: string[] = [];
  if (problem.grading_standard.length === 0) {
    lines.push('The problem has no reference DAG: only the final answer was checked.');
  } else {
    lines.push(
      'Reference steps (✓ reproduced by the answer, ~ credited as a prerequisite of a reproduced step, ✗ not reached):',
    );
    for (const node of problem.grading_standard) {
      const mark = matched.has(node.index) ? '✓' : achieved.has(node.index) ? '~' : '✗';
      const deps = node.dependency.length === 0 ? '' : ` (from ${node.dependency.join(', ')})`;
      const final = node.is_final_answer === true ? ' [final answer]' : '';
      const by = (byNode.get(node.index)?.matched_by ?? [])
        .map((k) => formulas[k])
        .filter((f): f is RecordFormula => f !== undefined)
        .map((f) => `\`${clip(f.latex)}\``);
      const via = by.length === 0 ? '' : `  ← answer: ${by.join('; ')}`;
      lines.push(`[${node.index}] ${mark} $${clip(node.formula)}$${deps}${final}${via}`);
    }
  }
  if (formulas.length > 0) {
    const loose = formulas.filter((f) => f.matches.length === 0);
    if (loose.length === 0) lines.push('Every formula of the answer matched a reference step.');
    else {
      lines.push(`Answer formulas that match no reference step (${loose.length}):`);
      for (const f of loose.slice(0, MAX_UNMATCHED)) lines.push(`- \`${clip(f.latex)}\``);
      if (loose.length > MAX_UNMATCHED) lines.push(`- … and ${loose.length - MAX_UNMATCHED} more`);
    }
  }
  const verdict =
    record.final_answer_correct === null
      ? 'not checkable'
      : record.final_answer_correct
        ? 'correct'
        : 'incorrect';
  lines.push(
    `Score: ${record.step_score.toFixed(3)} (${record.achieved.length} of ${record.total_nodes} reference steps achieved); final answer: ${verdict}.`,
  );
  return lines.join('\n');
}
