import { matchingBrace } from '../extract/find-math-blocks.js';

/** The contents of every `\boxed{…}` in a response, in order. */
export function boxedContents(response: string): string[] {
  const out: string[] = [];
  let at = response.indexOf('\\boxed{');
  while (at >= 0 && out.length < 1000) {
    const close = matchingBrace(response, at + 6);
    if (close < 0) break;
    out.push(response.slice(at + 7, close));
    at = response.indexOf('\\boxed{', close);
  }
  return out;
}

/**
 * A phrase reduced for text-based answer matching: `\text{…}`/`\mathrm{…}` unwrapped, other LaTeX
 * commands and punctuation removed, lower case, single spaces.
 */
export function normalizePhrase(text: string): string {
  return text
    .replace(/\\(?:text|mathrm|textbf|textit|mathbf|emph)\s*\{([^{}]*)\}/g, ' $1 ')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when the normalized expected phrase occurs, on word boundaries, in the normalized text. */
export function phraseMatches(expected: string, text: string): boolean {
  const e = normalizePhrase(expected);
  if (e === '') return false;
  return ` ${normalizePhrase(text)} `.includes(` ${e} `);
}

/** The sides of a single relation written in LaTeX (`F = ma` → `F`, `ma`), split at the top level. */
export function relationSides(latex: string): { lhs: string; rhs: string } | undefined {
  let depth = 0;
  for (let k = 0; k < latex.length; k++) {
    const ch = latex[k];
    if (ch === '\\') {
      const m = /^\\(approx|simeq|equiv)(?![a-zA-Z])/.exec(latex.slice(k));
      if (m && depth === 0)
        return { lhs: latex.slice(0, k).trim(), rhs: latex.slice(k + m[0].length).trim() };
      k++;
    } else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') depth--;
    else if (ch === '=' && depth === 0)
      return { lhs: latex.slice(0, k).trim(), rhs: latex.slice(k + 1).trim() };
  }
  return undefined;
}
