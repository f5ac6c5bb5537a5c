/**
 * Removes the math delimiters a formula is stored with (`$$…$$`, `\[…\]`, `\(…\)`, `$…$`) and
 * surrounding whitespace, so that dataset formulas and answer fragments reach the parser bare.
 */
export function stripMathDelimiters(latex: string): string {
  let text = latex.trim();
  for (;;) {
    const before = text;
    if (text.startsWith('$$') && text.endsWith('$$') && text.length >= 4) text = text.slice(2, -2).trim();
    else if (text.startsWith('\\[') && text.endsWith('\\]')) text = text.slice(2, -2).trim();
    else if (text.startsWith('\\(') && text.endsWith('\\)')) text = text.slice(2, -2).trim();
    else if (text.startsWith('$') && text.endsWith('$') && text.length >= 2) text = text.slice(1, -1).trim();
    if (text === before) return text;
  }
}
