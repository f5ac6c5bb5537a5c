import { join } from 'node:path';
import { placeholderNames, renderTemplate } from '../dag/render-template.js';
import type { Problem } from '../dag/types.js';
import type { InstanceProblem } from '../instances/generate-instances.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { type AskOptions, askModel } from './ask-model.js';

/** The paraphrase prompt (after PRiSM's paraphrase rules, spec B2 step 5). */
export const PARAPHRASE_PROMPT: PromptTemplate = {
  version: 'prism-paraphrase-v2',
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
 * Paraphrases the context template once per variation (PRiSM Task I varies the text with the
 * values): every instance whose problem's text shows parameters gets its own paraphrase request
 * through the run layer (`<dir>/paraphrase`, one problem per instance id, told which of the
 * variations it is so the rewrites differ even at temperature 0), by whichever model `options`
 * binds (the paraphrasing role). A paraphrase that loses or invents a placeholder is refused and
 * that instance keeps the original text (listed in `refused`); an accepted one is rendered with the
 * instance's own values.
 */
export async function paraphraseInstances(
  options: Omit<AskOptions, 'problems' | 'template'>,
  originals: readonly Problem[],
  instances: readonly InstanceProblem[],
): Promise<{ instances: InstanceProblem[]; refused: { id: string; why: string }[] }> {
  const byId = new Map(originals.map((p) => [p.id, p]));
  const count = new Map<string, number>();
  for (const inst of instances) count.set(inst.instance_of, (count.get(inst.instance_of) ?? 0) + 1);
  const seen = new Map<string, number>();
  const asks: Problem[] = [];
  for (const inst of instances) {
    const original = byId.get(inst.instance_of);
    const context = original?.template?.context ?? '';
    if (placeholderNames(context).length === 0) continue;
    const k = (seen.get(inst.instance_of) ?? 0) + 1;
    seen.set(inst.instance_of, k);
    asks.push({
      ...original!,
      id: inst.id,
      context,
      subquestions: [],
      final_answer_instructions: `This is rewrite ${k} of ${count.get(inst.instance_of)}: choose wording and a setting different from the other rewrites.`,
    });
  }
  const { texts } = await askModel({
    ...options,
    dir: join(options.dir, 'paraphrase'),
    problems: asks,
    template: PARAPHRASE_PROMPT,
  });
  const asked = new Set(asks.map((a) => a.id));
  const refused: { id: string; why: string }[] = [];
  const out = instances.map((inst) => {
    if (!asked.has(inst.id)) return inst;
    const original = byId.get(inst.instance_of)!;
    const text = (texts.get(inst.id) ?? '').trim();
    const why = checkParaphrase(original.template!.context, text);
    if (why !== undefined) {
      refused.push({ id: inst.id, why });
      return inst;
    }
    return { ...inst, context: renderTemplate(text, original.parameters ?? [], inst.parameter_values) };
  });
  return { instances: out, refused };
}
