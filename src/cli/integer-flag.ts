import { UsageError } from './io.js';

/** The integer value of `--name` (`fallback` when absent); a usage error below `min` or not whole. */
export function integerFlag(name: string, text: string | undefined, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, not '${text}'`);
  return n;
}
