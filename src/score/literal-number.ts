/**
 * Numbers as answers and problem texts write them (`4.3`, `-1.2\times10^{3}`, `6.2×10¹¹`, `2e-3`):
 * the one pattern and the one reader of their value that the score layer's text readers share.
 */
import { SUPERSCRIPTS } from '../latex/grammar/unicode.js';

/** A number as answers write it, with an optional power of ten: `4.3`, `-1.2\times10^{3}`, `6.2×10¹¹`, `2e-3`. */
export const NUMBER_TEXT =
  '[-−]?\\d+(?:\\.\\d+)?(?:\\s*(?:\\\\times|×|\\\\cdot|·)\\s*10\\s*(?:\\^\\s*\\{\\s*[-−]?\\d+\\s*\\}|\\^\\s*[-−]?\\d+|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|[eE][-−+]?\\d+)?';

const AT_START = new RegExp(`^${NUMBER_TEXT}`);

/** The number a literal writes (`1.2\times10^{3}` is 1200), or undefined. */
export function literalNumber(text: string): number | undefined {
  const t = text.replace(/[−]/g, '-');
  const m =
    /^(-?\d+(?:\.\d+)?)(?:\s*(?:\\times|×|\\cdot|·)\s*10\s*(?:\^\s*\{?\s*(-?\d+)\s*\}?|([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))|[eE]([-+]?\d+))?$/.exec(
      t.trim(),
    );
  if (m === null) return undefined;
  const sup =
    m[3] === undefined
      ? undefined
      : [...m[3]]
          .map((c) => SUPERSCRIPTS[c] ?? '')
          .join('')
          .replace('−', '-');
  const exponent = Number(m[2] ?? sup ?? m[4] ?? 0);
  const v = Number(m[1]) * 10 ** exponent;
  return Number.isFinite(v) ? v : undefined;
}

/**
 * The number a text opens with ({@link NUMBER_TEXT}) and the text after it (`9.8\ \mathrm{m/s^2}` →
 * 9.8 and `\ \mathrm{m/s^2}`), or undefined when it does not open with one.
 */
export function leadingNumber(text: string): { value: number; rest: string } | undefined {
  const m = AT_START.exec(text);
  if (m === null) return undefined;
  const value = literalNumber(m[0]);
  return value === undefined ? undefined : { value, rest: text.slice(m[0].length) };
}
