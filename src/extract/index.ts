/** Formulas out of markdown answers. */
export type { Row } from './block-rows.js';
export { blockRows } from './block-rows.js';
export { EXTRACT_CODES } from './codes.js';
export type { ExtractOptions } from './extract-formulas.js';
export { extractFormulas } from './extract-formulas.js';
export { findBareMath } from './find-bare-math.js';
export type { MathBlock } from './find-math-blocks.js';
export { findMathBlocks, matchingBrace } from './find-math-blocks.js';
export type { FormulaPart, SplitResult } from './split-formula.js';
export { splitFormula } from './split-formula.js';
export type * from './types.js';
