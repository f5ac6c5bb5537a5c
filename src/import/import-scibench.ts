import { numericAnswerLatex } from './numeric-answer-latex.js';
import type { ImportedProblem, ImportResult, SkippedItem } from './types.js';

/** SciBench physics subsets (`source`) → our domains. */
const DOMAINS: Readonly<Record<string, string>> = {
  fund: 'general',
  class: 'mechanics',
  thermo: 'thermodynamics-statistical',
  quan: 'quantum',
};

type Item = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * SciBench physics (`fund`, `class`, `thermo`, `quan` and their `_sol` files) → our format.
 * Mapping: `problem_text` → `context`; `answer_number` with `unit` → one numerical final answer
 * (figures as written); `solution` (in `_sol` files) → `solution`; `source` → `domain`; kept in
 * `meta`: `problemid`, `answer_latex`, `unit`, `comment`. Ids are `sb-<source>-<problemid>`
 * (a repeated id gets `-2`, `-3`). Skipped: items without text or a numeric answer.
 */
export function importSciBench(items: readonly unknown[]): ImportResult {
  const problems: ImportedProblem[] = [];
  const skipped: SkippedItem[] = [];
  const notes: SkippedItem[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of items.entries()) {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Item;
    const source = (str(item.source) ?? 'scibench').trim();
    const pid = (str(item.problemid) ?? `#${i + 1}`).trim().replace(/\s+/g, '_');
    let id = `sb-${source}-${pid}`;
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    if (count > 1) id = `${id}-${count}`;
    const text = str(item.problem_text);
    const number = (str(item.answer_number) ?? '').trim();
    if (text === undefined || text.trim() === '') {
      skipped.push({ id, reason: 'no problem text' });
      continue;
    }
    if (number === '' || !Number.isFinite(Number(number))) {
      skipped.push({ id, reason: `answer_number '${number}' is not a number` });
      continue;
    }
    const unit = str(item.unit);
    const answer = numericAnswerLatex(number, unit);
    if (answer.unitNote !== undefined) notes.push({ id, reason: answer.unitNote });
    const solution = str(item.solution);
    const unitText = (unit ?? '').replace(/\$/g, '').replace(/~/g, '').trim();
    problems.push({
      id,
      context: text.trim(),
      source: `SciBench ${source}`,
      ...(DOMAINS[source] === undefined ? {} : { domain: DOMAINS[source] }),
      ...(solution === undefined || solution.trim() === '' ? {} : { solution }),
      final_answer: [answer.latex],
      final_answer_form: 'numerical',
      ...(unitText === '' ? {} : { final_answer_instructions: `Give the value in ${unitText}.` }),
      ...(answer.significantFigures === undefined ? {} : { significant_figures: answer.significantFigures }),
      grading_standard: [],
      meta: {
        problemid: str(item.problemid)?.trim(),
        answer_latex: str(item.answer_latex)?.trim(),
        unit,
        ...(str(item.comment)?.trim() ? { comment: str(item.comment)?.trim() } : {}),
      },
    });
  }
  return { format: 'scibench', problems, skipped, notes };
}
