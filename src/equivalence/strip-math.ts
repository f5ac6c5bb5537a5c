import { stripMath } from '../core/strip-math.js';

/**
 * Removes every layer of math delimiters a formula is stored with (`$$…$$`, `\[…\]`, `\(…\)`,
 * `$…$`) and surrounding whitespace, so that dataset formulas and answer fragments reach the parser
 * bare.
 */
export function stripMathDelimiters(latex: string): string {
  let text = latex;
  for (;;) {
    const inner = stripMath(text).latex;
    if (inner === text) return text;
    text = inner;
  }
}
