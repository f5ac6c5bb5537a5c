/** The LaTeX stage: LaTeX text → expression tree (see `src/core/tree.ts`) with diagnostics. */
export { LATEX_CODES, type LatexCode } from './codes.js';
export { type ParseOptions, parseLatex, recentParses } from './parse-latex.js';
export { RecentParses, type RecentParsesOptions } from './recent-parses.js';
export type { RawArg, Token, TokenKind } from './token.js';
export { type Tokenized, tokenize } from './tokenize.js';
