import { splitAnswerList } from './answer-latex.js';
import { numericAnswerLatex } from './numeric-answer-latex.js';
import type { ImportedProblem, ImportResult, SkippedItem } from './types.js';
import { withAnswers } from './with-answers.js';

/** OlympiadBench `subfield` → our domains (the paper's seven where one fits). */
const DOMAINS: Readonly<Record<string, string>> = {
  Mechanics: 'mechanics',
  Electromagnetism: 'electromagnetism',
  Thermodynamics: 'thermodynamics-statistical',
  Optics: 'optics',
  'Modern Physics': 'modern-physics',
};

const FORMS: Readonly<Record<string, 'algebraic' | 'numerical'>> = {
  Numerical: 'numerical',
  Expression: 'algebraic',
  Equation: 'algebraic',
};

type Item = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * OlympiadBench physics (`English_Olympiad_Physics.json`, the first public release) → our format.
 * Mapping: `question` → `context`; `solution` (list) → `solution`; `final_answer` (list, split when
 * one string lists several `$…$`) → `final_answer`; `answer_type` Numerical → numerical (value and
 * `unit` joined, figures as written), Expression/Equation → algebraic; mixed types → one
 * sub-question per answer; `subfield` → `domain`. Kept in `meta`: the source id, `error` (an
 * absolute tolerance per answer, in its unit: the final-answer check lets it narrow its own), `unit`,
 * `answer_type`, `source`, image links (remote; not fetched), and `alternative_answers` when the source
 * lists several answers to a question it marks as having one (`is_multiple_answer: false`): one answer
 * in several forms, any of which answers it. Skipped: proofs (`Theorem_Proving`),
 * answers marked `Need_human_evaluate`, items with no final answer.
 */
export function importOlympiadBench(items: readonly unknown[]): ImportResult {
  const problems: ImportedProblem[] = [];
  const skipped: SkippedItem[] = [];
  const notes: SkippedItem[] = [];
  for (const [i, raw] of items.entries()) {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Item;
    const sourceId = String(item.id ?? `#${i + 1}`);
    const id = `ob-${sourceId}`;
    const skip = (reason: string): void => {
      skipped.push({ id, reason });
    };
    const question = str(item.question);
    if (question === undefined || question.trim() === '') {
      skip('no question text');
      continue;
    }
    if (item.label === 'Theorem_Proving') {
      skip('a proof (Theorem_Proving): no final answer to check');
      continue;
    }
    const types = (str(item.answer_type) ?? '').split(',').map((t) => t.trim());
    if (types.includes('Need_human_evaluate')) {
      skip('answer_type Need_human_evaluate: the source grades it by hand');
      continue;
    }
    const answers = (Array.isArray(item.final_answer) ? item.final_answer : [])
      .filter((a): a is string => typeof a === 'string' && a.trim() !== '')
      .flatMap((a) => splitAnswerList(a, item.is_multiple_answer === true));
    if (answers.length === 0) {
      skip('no final answer');
      continue;
    }
    const forms = types.map((t) => FORMS[t]);
    if (forms.some((f) => f === undefined)) {
      skip(`unknown answer_type '${str(item.answer_type)}'`);
      continue;
    }
    const formOf = (k: number): 'algebraic' | 'numerical' =>
      (forms.length === answers.length ? forms[k] : forms[0]) ?? 'algebraic';
    const unit = str(item.unit);
    const convert = (answer: string, k: number): { latex: string; figures?: number } => {
      if (formOf(k) !== 'numerical') return { latex: answer };
      const n = numericAnswerLatex(answer, unit);
      if (n.unitNote !== undefined) notes.push({ id, reason: n.unitNote });
      return n.significantFigures === undefined
        ? { latex: n.latex }
        : { latex: n.latex, figures: n.significantFigures };
    };
    const converted = answers.map(convert);
    const links = [...question.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0]);
    // Several answers to a question the source marks as having one (`is_multiple_answer: false`) are
    // that answer in several forms (an exact one and its approximation, two equal expressions).
    const alternatives = item.is_multiple_answer === false && answers.length > 1 && types.length === 1;
    const meta: Record<string, unknown> = {
      source_id: sourceId,
      ...(alternatives ? { alternative_answers: true } : {}),
      answer_type: item.answer_type,
      ...(item.error === null || item.error === undefined ? {} : { error: item.error }),
      ...(unit === undefined ? {} : { unit }),
      ...(links.length > 0 ? { remote_images: links } : {}),
      ...(item.support_auto_scoring === undefined ? {} : { support_auto_scoring: item.support_auto_scoring }),
    };
    if (links.length > 0)
      notes.push({ id, reason: `${links.length} remote image link(s) kept in meta, not fetched` });
    const solution = Array.isArray(item.solution)
      ? item.solution.filter((s) => typeof s === 'string').join('\n\n')
      : str(item.solution);
    const base = {
      id,
      context: question,
      source: `OlympiadBench ${str(item.source) ?? ''}`.trim(),
      ...(DOMAINS[str(item.subfield) ?? ''] === undefined
        ? {}
        : { domain: DOMAINS[str(item.subfield) ?? ''] }),
      ...(solution === undefined ? {} : { solution }),
      ...(unit !== undefined && formOf(0) === 'numerical'
        ? { final_answer_instructions: `Give the value in ${unit.replace(/\$/g, '').trim()}.` }
        : {}),
      grading_standard: [] as never[],
      meta,
    };
    problems.push(
      withAnswers(
        base,
        converted.map((c, k) => ({ ...c, form: formOf(k) })),
      ),
    );
  }
  return { format: 'olympiadbench', problems, skipped, notes };
}
