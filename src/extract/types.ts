import type { Diagnostic } from '../core/diagnostic.js';

/** Where a formula was written in the answer. */
export type FormulaKind = 'display' | 'inline' | 'environment' | 'boxed';

/** One formula (a single relation) taken from an answer. */
export interface ExtractedFormula {
  /** The LaTeX of this one formula (no delimiters; a chain link `b = c` for `a = b = c`). */
  readonly latex: string;
  /** UTF-16 offset of the formula's first character in the answer text. */
  readonly offset: number;
  /**
   * UTF-16 offset just past the formula's last character: `[offset, end)` is its span in the answer
   * (for a chain's ends `a = c`, the span from `a` to `c`).
   */
  readonly end: number;
  readonly kind: FormulaKind;
  /** Ordinal of the math block it came from (0-based, in reading order). */
  readonly block: number;
  /** Written in bold (`**5**` resistors, `**91°**`): a value the answer emphasizes. */
  readonly emphasis?: true;
}

/** A fragment that was not kept as a formula, with the reason (a code in `EXTRACT_CODES`). */
export interface DroppedFragment {
  readonly text: string;
  readonly offset: number;
  readonly kind: FormulaKind;
  readonly reason: string;
}

/** Everything {@link extractFormulas} found. */
export interface ExtractionResult {
  /** Relations to match against the reference DAG, in reading order. */
  readonly formulas: ExtractedFormula[];
  readonly dropped: DroppedFragment[];
  /** Expressions without a relation (`42\,\text{N}`, `\frac{Q}{2}`): kept only as final-answer candidates. */
  readonly candidates: ExtractedFormula[];
  /** Limits hit (`too-many-formulas`, …). */
  readonly diagnostics: Diagnostic[];
}
