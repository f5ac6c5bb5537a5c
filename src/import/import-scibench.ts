import { BARE_UNIT_LETTERS } from '../physics/units.js';
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
 * (figures as written; a unit that is the problem's own symbol, `$L$`, makes it a multiple of it); `solution` (in `_sol` files) → `solution`; `source` → `domain`; kept in
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
    // A unit that is the problem's own symbol (`$L$`): the value is a multiple of that quantity.
    const symbol = unitSymbol(unit, text);
    const bare = symbol === undefined ? undefined : numericAnswerLatex(number, undefined);
    const answer =
      bare === undefined ? numericAnswerLatex(number, unit) : { ...bare, latex: `${bare.latex}\\,${symbol}` };
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

/** Letters that are units as much as symbols (SI letters, the hour, the elementary charge): never read as the problem's symbol. */
const UNIT_LIKE: ReadonlySet<string> = new Set([...BARE_UNIT_LETTERS, 'h', 'e']);

/**
 * A unit that is a symbol of the problem (unit `$L$` where the text holds particles "at separation
 * $L$"): the answer is a multiple of that quantity (`2.72\,L`, "in units of L"), not litres. Only a
 * single Latin letter that is no unit letter as well, written alone in the text's math.
 */
function unitSymbol(unit: string | undefined, text: string): string | undefined {
  const letter = (unit ?? '').replace(/[$~\s]/g, '');
  if (!/^[A-Za-z]$/.test(letter) || UNIT_LIKE.has(letter)) return undefined;
  return new RegExp(`\\$\\s*${letter}\\s*\\$`).test(text) ? letter : undefined;
}
