import { createPrng } from '../core/prng.js';
import { placeholderNames, renderTemplate } from '../dag/render-template.js';
import type { Problem } from '../dag/types.js';
import type { InstanceProblem } from '../instances/generate-instances.js';

/** An instance with some inputs masked (Task V). */
export interface MaskedInstance {
  readonly problem: Problem;
  /** Names of the masked parameters. */
  readonly masked: readonly string[];
  /** masked / parameters shown in the text. */
  readonly fraction: number;
}

/** How the text shows a masked input. */
export const MASK = '\\text{?}';

/**
 * Masks a quarter (rounded, at least one) of the inputs an instance's text shows — 20–30 % when the
 * problem shows 4 to 5 or 8 to 10 of them; the fraction is reported — chosen by a PRNG seeded with
 * `seed` and the instance id, each shown as `?` instead of its value. Undefined when the text shows
 * no input.
 */
export function maskInputs(
  original: Problem,
  instance: InstanceProblem,
  seed: string,
): MaskedInstance | undefined {
  const t = original.template;
  if (t === undefined) return undefined;
  const texts = [t.context, ...(t.subquestions ?? []).map((s) => s.subproblem)];
  const shown = [...new Set(texts.flatMap(placeholderNames))];
  if (shown.length === 0) return undefined;
  const count = Math.max(1, Math.round(shown.length * 0.25));
  const prng = createPrng(`${seed}/${instance.id}/mask`);
  const pool = [...shown];
  const masked: string[] = [];
  while (masked.length < count) masked.push(pool.splice(prng.int(pool.length), 1)[0]!);
  const hide = (text: string): string =>
    renderTemplate(
      masked.reduce((s, name) => s.replaceAll(`{{${name}}}`, MASK), text),
      original.parameters ?? [],
      instance.parameter_values,
    );
  const subquestions = instance.subquestions?.map((s) => {
    const raw = t.subquestions?.find((x) => x.letter === s.letter)?.subproblem;
    return raw === undefined ? s : { ...s, subproblem: hide(raw) };
  });
  return {
    problem: {
      ...instance,
      context: hide(t.context),
      ...(subquestions === undefined ? {} : { subquestions }),
    },
    masked,
    fraction: count / shown.length,
  };
}
