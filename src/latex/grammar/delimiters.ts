/** What a pair of delimiters means. */
export type DelimiterKind = 'group' | 'abs' | 'norm' | 'angle' | 'floor' | 'ceil' | 'none';

/**
 * Opening delimiters → meaning. Keys are a character (`(`) or a backslash command (`\langle`), as
 * written after `\left` or alone.
 */
export const OPENERS: Readonly<Record<string, DelimiterKind>> = {
  '(': 'group',
  '[': 'group',
  '\\{': 'group',
  '\\lbrace': 'group',
  '\\lbrack': 'group',
  '\\lparen': 'group',
  '.': 'none',
  '/': 'none',
  '|': 'abs',
  '\\vert': 'abs',
  '\\lvert': 'abs',
  '\\|': 'norm',
  '\\Vert': 'norm',
  '\\lVert': 'norm',
  '\\langle': 'angle',
  '\\lfloor': 'floor',
  '\\lceil': 'ceil',
};

/** Closing delimiters (any closes any opener: `[a, b)` intervals and `\left(…\right.` occur). */
export const CLOSERS: ReadonlySet<string> = new Set([
  ')',
  ']',
  '\\}',
  '\\rbrace',
  '\\rbrack',
  '\\rparen',
  '.',
  '/',
  '|',
  '\\vert',
  '\\rvert',
  '\\|',
  '\\Vert',
  '\\rVert',
  '\\rangle',
  '\\rfloor',
  '\\rceil',
]);
