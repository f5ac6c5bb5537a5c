import { stripDelimiters } from './answer-latex.js';
import type { ImportedProblem, ImportResult, SkippedItem } from './types.js';

/** PHYBench `tag` → our domains. */
const DOMAINS: Readonly<Record<string, string>> = {
  MECHANICS: 'mechanics',
  ELECTRICITY: 'electromagnetism',
  THERMODYNAMICS: 'thermodynamics-statistical',
  OPTICS: 'optics',
  MODERN: 'modern-physics',
  ADVANCED: 'advanced',
};

type Item = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * PHYBench full-solution problems → our format. Mapping: `content` → `context`, `solution` →
 * `solution`, `answer` (one symbolic expression or equation, delimiters stripped) → `final_answer`
 * with form algebraic, `tag` → `domain`; the source id and tag are kept in `meta`. Skipped: items
 * without content or answer.
 */
export function importPhyBench(items: readonly unknown[]): ImportResult {
  const problems: ImportedProblem[] = [];
  const skipped: SkippedItem[] = [];
  for (const [i, raw] of items.entries()) {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Item;
    const sourceId = String(item.id ?? `#${i + 1}`);
    const id = `phy-${sourceId}`;
    const content = str(item.content);
    const answer = str(item.answer);
    if (content === undefined || content.trim() === '') {
      skipped.push({ id, reason: 'no problem text' });
      continue;
    }
    if (answer === undefined || stripDelimiters(answer) === '') {
      skipped.push({ id, reason: 'no answer' });
      continue;
    }
    const tag = str(item.tag) ?? '';
    const solution = str(item.solution);
    problems.push({
      id,
      context: content,
      source: 'PHYBench',
      ...(DOMAINS[tag] === undefined ? {} : { domain: DOMAINS[tag] }),
      ...(solution === undefined ? {} : { solution }),
      final_answer: [stripDelimiters(answer)],
      final_answer_form: 'algebraic',
      grading_standard: [],
      meta: { source_id: sourceId, tag },
    });
  }
  return { format: 'phybench', problems, skipped, notes: [] };
}
