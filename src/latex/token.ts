/** Token kinds: a number, one Latin letter, a backslash command, any other character, the end. */
export type TokenKind = 'num' | 'letter' | 'cmd' | 'char' | 'end';

/** A raw argument captured by the tokenizer (`\text{…}`, `\unit{…}`, `\begin{…}`). */
export interface RawArg {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * One token with its span `[start, end)` in the source. `value` is the number text, the letter, the
 * command name without backslash, or the character. `space` is true when whitespace preceded it.
 */
export interface Token {
  readonly kind: TokenKind;
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly space: boolean;
  readonly args?: readonly RawArg[];
}
