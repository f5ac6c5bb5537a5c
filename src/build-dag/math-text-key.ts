import { stripMath } from '../core/strip-math.js';

/** Spacing and sizing commands: LaTeX's whitespace (Format Instruction 4 strips them anyway). */
const SPACING =
  /\\(?:[,;:! ]|q?quad(?![A-Za-z])|left(?![A-Za-z])|right(?![A-Za-z])|[bB]ig{1,2}[lr]?(?![A-Za-z]))|~/g;

/**
 * The comparison key of a LaTeX formula for the verbatim check: math delimiters stripped,
 * alignment `&`, spacing commands (`\,` `\;` `\!` `\quad` `~`) and sizing (`\left`, `\right`,
 * `\big`) treated as whitespace, trailing `.`/`,`/`;` dropped, and whitespace removed except one
 * space where it ends a control word before a letter (`\alpha b` stays apart from `\alphab`).
 */
export function mathTextKey(latex: string): string {
  const inner = stripMath(latex).latex.replace(/&/g, ' ').replace(SPACING, ' ');
  const spaced = inner
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.,;]+$/, '')
    .trim();
  let out = '';
  for (let i = 0; i < spaced.length; i++) {
    const ch = spaced[i]!;
    if (ch !== ' ') {
      out += ch;
      continue;
    }
    const next = spaced[i + 1] ?? '';
    if (/\\[A-Za-z]+$/.test(out) && /[A-Za-z]/.test(next)) out += ' ';
  }
  return out;
}
