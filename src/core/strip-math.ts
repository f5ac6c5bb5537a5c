/** The LaTeX inside a formula string, with its offset in the original string. */
export interface StrippedMath {
  readonly latex: string;
  /** Offset of `latex` in the original string (add it to parser spans). */
  readonly offset: number;
}

const WRAPPERS: readonly (readonly [string, string])[] = [
  ['$$', '$$'],
  ['\\[', '\\]'],
  ['\\(', '\\)'],
  ['$', '$'],
];

/**
 * Strips one pair of math delimiters (`$$…$$`, `\[…\]`, `\(…\)`, `$…$`) and surrounding whitespace
 * from a dataset formula, as the released data wraps every node formula in `$$`.
 */
export function stripMath(formula: string): StrippedMath {
  let start = 0;
  let end = formula.length;
  while (start < end && /\s/.test(formula[start]!)) start++;
  while (end > start && /\s/.test(formula[end - 1]!)) end--;
  for (const [open, close] of WRAPPERS) {
    if (end - start >= open.length + close.length && formula.startsWith(open, start)) {
      if (formula.slice(end - close.length, end) === close) {
        start += open.length;
        end -= close.length;
        break;
      }
    }
  }
  while (start < end && /\s/.test(formula[start]!)) start++;
  while (end > start && /\s/.test(formula[end - 1]!)) end--;
  return { latex: formula.slice(start, end), offset: start };
}
