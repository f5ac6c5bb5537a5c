import type { Prng } from '../core/prng.js';
import { roundFigures } from '../dag/render-template.js';
import type { Parameter } from '../dag/types.js';

/**
 * One draw of every parameter (by name, in its unit): a uniform choice from `values`, else uniform in
 * [min, max] rounded to the parameter's figures (or to an integer), kept inside the range.
 */
export function sampleParameters(parameters: readonly Parameter[], prng: Prng): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parameters) {
    if (p.values !== undefined && (p.min === undefined || prng.next() < 0.5)) {
      out[p.name] = p.values[prng.int(p.values.length)]!;
      continue;
    }
    const lo = p.min ?? p.value;
    const hi = p.max ?? p.value;
    const v =
      p.integer === true
        ? Math.ceil(lo) + prng.int(Math.floor(hi) - Math.ceil(lo) + 1)
        : roundFigures(prng.uniform(lo, hi), p.figures ?? 3);
    out[p.name] = Math.min(hi, Math.max(lo, v));
  }
  return out;
}
