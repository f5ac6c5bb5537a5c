import { join } from 'node:path';
import { placeholderNames } from '../dag/render-template.js';
import type { Problem } from '../dag/types.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { type AskOptions, askModel } from './ask-model.js';

/** The paraphrase prompt (after PRiSM's paraphrase rules, spec B2 step 5). */
export const PARAPHRASE_PROMPT: PromptTemplate = {
  version: 'prism-paraphrase-v1',
  preamble: [
    'Rewrite the physics problem text below in your own words: change the wording and the everyday',
    'context (a car may become a truck) but keep the physics, every quantity and every symbol.',
    'Every placeholder written {{name}} must appear unchanged, each at least once; add no new ones and',
    'write no numbers or units for them. Reply with the rewritten text only.',
  ].join('\n'),
  formatHeading: 'Text to rewrite is the problem above.',
};

/** Why a paraphrase is refused (a placeholder lost or invented), or undefined when it is kept. */
export function checkParaphrase(original: string, paraphrase: string): string | undefined {
  const want = new Set(placeholderNames(original));
  const got = new Set(placeholderNames(paraphrase));
  const lost = [...want].filter((n) => !got.has(n));
  const added = [...got].filter((n) => !want.has(n));
  if (paraphrase.trim() === '') return 'empty paraphrase';
  if (lost.length > 0) return `placeholders lost: ${lost.join(', ')}`;
  if (added.length > 0) return `placeholders invented: ${added.join(', ')}`;
  return undefined;
}

/**
 * Paraphrases the context template of every problem whose text shows parameters through the run
 * layer (`<dir>/paraphrase`); a paraphrase that loses or invents a placeholder is refused and the
 * original text kept (listed in `refused`). Returns the problems with the paraphrased templates.
 */
export async function paraphraseProblems(
  options: Omit<AskOptions, 'problems' | 'template'>,
  problems: readonly Problem[],
): Promise<{ problems: Problem[]; refused: { id: string; why: string }[] }> {
  const textual = problems.filter((p) => placeholderNames(p.template?.context ?? '').length > 0);
  const { texts } = await askModel({
    ...options,
    dir: join(options.dir, 'paraphrase'),
    problems: textual.map((p) => ({ ...p, context: p.template!.context, subquestions: [] })),
    template: PARAPHRASE_PROMPT,
  });
  const refused: { id: string; why: string }[] = [];
  const out = problems.map((p) => {
    const t = p.template;
    if (t === undefined || !textual.includes(p)) return p;
    const text = (texts.get(p.id) ?? '').trim();
    const why = checkParaphrase(t.context, text);
    if (why !== undefined) {
      refused.push({ id: p.id, why });
      return p;
    }
    return { ...p, template: { ...t, context: text } };
  });
  return { problems: out, refused };
}
