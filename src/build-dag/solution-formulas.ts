import { findMathBlocks } from '../extract/find-math-blocks.js';
import { splitFormula } from '../extract/split-formula.js';
import { mathTextKey } from './math-text-key.js';

/** Separators that put several formulas in one math block: rows, `\quad`, `\qquad`, `;`, `,\,`. */
const SEPARATORS = /\\\\|\\qquad|\\quad|;|,\s*\\[,;]/;

/**
 * The comparison keys ({@link mathTextKey}) of every formula written in the solution texts: each
 * math block (`$$…$$`, `\[…\]`, `$…$`, environments) whole, each of its parts split at rows,
 * `\quad` and `;`, and each single relation the answer reader splits it into (a chain `a = b = c`
 * gives `a = b`, `b = c`, `a = c`). A DAG formula is a verbatim copy when its key is one of these.
 */
export function solutionFormulaKeys(solutions: readonly string[]): Set<string> {
  const keys = new Set<string>();
  const add = (latex: string): void => {
    const key = mathTextKey(latex);
    if (key !== '') keys.add(key);
  };
  for (const text of solutions) {
    for (const block of findMathBlocks(text)) {
      if (block.unterminated === true) continue;
      add(block.content);
      for (const part of block.content.split(SEPARATORS)) add(part);
      const split = splitFormula(block.content);
      if (split.ok) for (const part of split.parts) add(part.latex);
    }
  }
  return keys;
}
