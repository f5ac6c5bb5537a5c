import { findMathBlocks } from '../extract/find-math-blocks.js';
import { mathTextKey } from './math-text-key.js';

/** Separators that put several formulas in one math block: rows, `\quad`, `\qquad`, `;`, `,\,`. */
const SEPARATORS = /\\\\|\\qquad|\\quad|;|,\s*\\[,;]/;

/**
 * The comparison keys ({@link mathTextKey}) of every formula written in the solution texts: each
 * math block (`$$…$$`, `\[…\]`, `$…$`, environments) whole, and each of its parts split at rows,
 * `\quad` and `;`. A DAG formula is a verbatim copy when its key is one of these.
 */
export function solutionFormulaKeys(solutions: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const text of solutions) {
    for (const block of findMathBlocks(text)) {
      if (block.unterminated === true) continue;
      keys.add(mathTextKey(block.content));
      for (const part of block.content.split(SEPARATORS)) {
        const key = mathTextKey(part);
        if (key !== '') keys.add(key);
      }
    }
  }
  return keys;
}
