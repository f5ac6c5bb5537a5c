import { matchingBrace } from '../extract/find-math-blocks.js';

/** The contents of every `\boxed{…}` in a response, in order. */
export function boxedContents(response: string): string[] {
  return boxedSpans(response).map((b) => b.content);
}

/** Every `\boxed{…}` of a response: its contents and the offset where they start. */
export function boxedSpans(response: string): { readonly content: string; readonly start: number }[] {
  const out: { content: string; start: number }[] = [];
  let at = response.indexOf('\\boxed{');
  while (at >= 0 && out.length < 1000) {
    const close = matchingBrace(response, at + 6);
    if (close < 0) break;
    out.push({ content: response.slice(at + 7, close), start: at + 7 });
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

/**
 * The sides of a single relation written in LaTeX (`F = ma` → `F`, `ma`; also `\approx`, `\simeq`,
 * `\equiv`, `≈`, `≃`), split at the top level.
 */
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
    else if ((ch === '=' || ch === '≈' || ch === '≃') && depth === 0)
      return { lhs: latex.slice(0, k).trim(), rhs: latex.slice(k + 1).trim() };
  }
  return undefined;
}

/** A part of an answer introduced by a sub-question marker (`**(a)**`, `(b)`, `Part (c)`). */
export interface AnswerSection {
  readonly letter: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The sub-question sections of an answer: each starts at a line that opens with a marker `(a)`,
 * `**(b)**`, `### (c)` or `Part (d)` (letters a–h), after a list bullet or an `Answer:` label or not
 * (`- **(a)**`, `**Final answer:** (a)`), or at a
 * later marker on such a line in order (`(a) t ≈ 4.75 h (b) A ≈ …`), and runs to the next marker. Empty when the answer
 * marks no parts.
 */
export function answerSections(response: string): AnswerSection[] {
  const marker =
    /(^|\n)[ \t]*(?:\|[ \t]*)?(?:[-*+•][ \t]+)?(?:#{1,6}[ \t]*)?(?:(?:\*\*|__)?[ \t]*(?:final[ \t]+)?answers?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*)?(?:\*\*|__)?[ \t]*(?:part[ \t]+)?(?:\\item(?:[ \t]*\[|[ \t]+))?\(([a-h])\)/gi;
  const starts: { letter: string; at: number }[] = [];
  for (const m of response.matchAll(marker)) {
    const letter = m[2]!.toLowerCase();
    const at = (m.index ?? 0) + m[1]!.length;
    starts.push({ letter, at });
    // Later parts marked on the same line, in order (`(a) t ≈ 4.75 h (b) A ≈ 1.85×10¹⁰ Bq (c) …`).
    const lineEnd = response.indexOf('\n', at);
    const line = response.slice(at, lineEnd < 0 ? response.length : lineEnd);
    let next = String.fromCharCode(letter.charCodeAt(0) + 1);
    for (const inner of line.matchAll(/\s(?:\*\*|__)?\(([b-h])\)(?=\s)/gi)) {
      if (inner[1]!.toLowerCase() !== next) continue;
      starts.push({ letter: next, at: at + (inner.index ?? 0) + 1 });
      next = String.fromCharCode(next.charCodeAt(0) + 1);
    }
  }
  return starts.map((s, i) => ({ letter: s.letter, start: s.at, end: starts[i + 1]?.at ?? response.length }));
}

/** Offset where a concluding section starts (`Final answer`, `Summary`, `Answers:`), or undefined. */
export function concludingOffset(response: string): number | undefined {
  let last: number | undefined;
  // A summary of the symbols used (`### Summary of symbols`) is a glossary, not a conclusion.
  for (const m of response.matchAll(
    /\b(?:final answers?|in summary|summary(?!\s+of\s+(?:the\s+)?(?:symbols|notation|variables|quantities))|answers?\s*:)/gi,
  ))
    last = m.index;
  return last;
}

/**
 * A unit as written after a number, reduced to the text two writings of one unit share: font and
 * text commands unwrapped and spacing dropped (`\mathrm{m/s}`, `\text{ m/s}`, `m\,/\,s` and `m/s` are
 * all `m/s`; `\mathrm{km/s}` stays `km/s`). Used where the answer's text is compared as written
 * (hedges, lists and ranges of values), not for a unit's value.
 */
export function writtenUnitKey(unit: string): string {
  return unit.replace(/\\(?:mathrm|text|rm)\s*\{([^{}]*)\}/g, '$1').replace(/\\[,;:! ]|\s|~/g, '');
}
