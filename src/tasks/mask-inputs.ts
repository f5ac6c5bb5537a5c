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

/** PRiSM §4's masking band: 20–30 % of the input variables, both ends included. */
export const MASK_BAND = { low: 0.2, high: 0.3 } as const;

/**
 * How many of `shown` inputs to mask so that the fraction lies in {@link MASK_BAND}: the count in
 * the band nearest to a quarter (ties: the larger), at least one. Undefined when no count can —
 * 1, 2, 3 and 6 shown inputs (1/3 = 33 %, 1/6 = 17 %, 2/6 = 33 %).
 */
export function maskCount(shown: number): number | undefined {
  const lo = Math.max(1, Math.ceil(MASK_BAND.low * shown - 1e-9));
  const hi = Math.floor(MASK_BAND.high * shown + 1e-9);
  if (lo > hi) return undefined;
  return Math.min(hi, Math.max(lo, Math.round(0.25 * shown)));
}

/** The input names a problem's template text shows (each once, in order of appearance). */
export function shownInputs(original: Problem): string[] {
  const t = original.template;
  if (t === undefined) return [];
  const texts = [t.context, ...(t.subquestions ?? []).map((s) => s.subproblem)];
  return [...new Set(texts.flatMap(placeholderNames))];
}

/**
 * Masks {@link maskCount} of the inputs an instance's text shows, chosen by a PRNG seeded with
 * `seed` and the instance id, each shown as `?` instead of its value. Undefined when the text shows
 * no input or no count puts the problem in the 20–30 % band (Task V lists those problems).
 */
export function maskInputs(
  original: Problem,
  instance: InstanceProblem,
  seed: string,
): MaskedInstance | undefined {
  const t = original.template;
  if (t === undefined) return undefined;
  const shown = shownInputs(original);
  const count = maskCount(shown.length);
  if (count === undefined) return undefined;
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
