import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import type { Span } from '../core/span.js';
import { IGNORED_COMMANDS, SPACING_COMMANDS, TEXT_COMMANDS } from './grammar/commands.js';
import type { Token } from './token.js';

/** Thrown inside the parser to stop at the first error; caught by `parseLatex`, never escapes. */
export class ParseAbort extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** Limits of one parse. */
export interface ParserLimits {
  readonly maxDepth: number;
}

/**
 * The cursor over the tokens of one formula, with the context flags the grammar needs: the current
 * range end (`limit`), recursion depth, and whether we are inside an integrand or a derivative
 * fraction (where `d x` is a differential) or inside `|…|`.
 */
export class Parser {
  pos = 0;
  limit: number;
  depth = 0;
  integral = 0;
  diffContext = 0;
  absDepth = 0;
  /** Fraction arguments open around the cursor (`\frac{208\,kqQ}{23\,mL^3}`: no bare unit words there). */
  fracDepth = 0;
  normDepth = 0;
  /** Bare `\quad` separates formulas at statement level; inside an operand it is spacing. */
  readonly diagnostics: Diagnostic[] = [];
  private readonly endToken: Token;
  /** `isIgnorable` of every token, computed once: `peek` runs many times per token. */
  private readonly skip: Uint8Array;
  /** The `end` token of each range limit met so far (tokens are immutable, so one per limit). */
  private readonly rangeEnds: Token[] = [];

  constructor(
    readonly source: string,
    readonly tokens: readonly Token[],
    readonly match: Int32Array,
    readonly limits: ParserLimits,
  ) {
    this.limit = tokens.length;
    this.endToken = { kind: 'end', value: '', start: source.length, end: source.length, space: false };
    this.skip = new Uint8Array(tokens.length);
    for (let k = 0; k < tokens.length; k++) if (isIgnorable(tokens[k]!)) this.skip[k] = 1;
  }

  /** A token index read as if absent (the `}` of `{\frac{d}{dt}}(…)`), or -1. */
  transparent = -1;

  /** The next significant token (ignorable commands are skipped for good), or an `end` token. */
  peek(): Token {
    while (this.pos < this.limit && (this.skip[this.pos] === 1 || this.pos === this.transparent)) this.pos++;
    return this.pos < this.limit ? this.tokens[this.pos]! : this.endAt();
  }

  /** The significant token after the next one (one-token lookahead past the current). */
  peekAt(offset: number): Token {
    this.peek();
    let k = this.pos;
    for (let seen = 0; k < this.limit; k++) {
      if (this.skip[k] === 1 || k === this.transparent) continue;
      if (seen === offset) return this.tokens[k]!;
      seen++;
    }
    return this.endAt();
  }

  /** Consumes and returns the next significant token. */
  next(): Token {
    const t = this.peek();
    if (this.pos < this.limit) this.pos++;
    return t;
  }

  /** True when whitespace or a spacing command separates token `index` from the one before. */
  spacedAt(index: number): boolean {
    const t = this.tokens[index];
    if (t === undefined) return true;
    if (t.space) return true;
    const before = this.tokens[index - 1];
    return before !== undefined && before.kind === 'cmd' && SPACING_COMMANDS.has(before.value);
  }

  /**
   * True when a spacing command other than `\!` (`\,`, `\;`, `\ `, `\quad`, …) stands right before
   * the next significant token: source whitespace does not count, math mode ignores it.
   */
  explicitSpaceBefore(): boolean {
    this.peek();
    for (let k = this.pos - 1; k >= 0 && this.skip[k] === 1; k--) {
      const t = this.tokens[k]!;
      if (t.kind === 'cmd' && t.value !== '!' && SPACING_COMMANDS.has(t.value)) return true;
    }
    return false;
  }

  /** True when the next significant token is the character `ch`. */
  isChar(ch: string): boolean {
    const t = this.peek();
    return t.kind === 'char' && t.value === ch;
  }

  /** True when the next significant token is the command `name`. */
  isCmd(name: string): boolean {
    const t = this.peek();
    return t.kind === 'cmd' && t.value === name;
  }

  /** Stops the parse with an error diagnostic. */
  fail(code: string, message: string, span?: Span): never {
    throw new ParseAbort(diagnostic(code, 'error', message, span ?? this.spanOf(this.peek())));
  }

  /** Records a warning and continues. */
  warn(code: string, message: string, span: Span): void {
    this.diagnostics.push(diagnostic(code, 'warning', message, span));
  }

  /** Enters one level of nesting; fails beyond `maxDepth`. */
  enter(): void {
    if (++this.depth > this.limits.maxDepth) {
      this.fail('nesting-too-deep', `formula nested deeper than ${this.limits.maxDepth} levels`);
    }
  }

  /** Leaves one level of nesting. */
  leave(): void {
    this.depth--;
  }

  /** Runs `fn` over tokens `[start, end)` and checks that it consumed them all. */
  within<T>(start: number, end: number, fn: () => T): T {
    const savedPos = this.pos;
    const savedLimit = this.limit;
    this.pos = start;
    this.limit = end;
    this.enter();
    const out = fn();
    const rest = this.peek();
    if (rest.kind !== 'end') this.fail('unexpected-token', `unexpected '${show(rest)}'`, this.spanOf(rest));
    this.leave();
    this.pos = savedPos;
    this.limit = savedLimit;
    return out;
  }

  /** The end offset of the last consumed token. */
  lastEnd(): number {
    const t = this.tokens[Math.min(this.pos, this.tokens.length) - 1];
    return t === undefined ? 0 : t.end;
  }

  /** The span of a token. */
  spanOf(t: Token): Span {
    return { start: t.start, end: t.end };
  }

  /** The source text between two token indices (inclusive start, exclusive end). */
  sourceBetween(start: number, end: number): string {
    const a = this.tokens[start];
    const b = this.tokens[end - 1];
    if (a === undefined || b === undefined || end <= start) return '';
    return this.source.slice(a.start, b.end);
  }

  private endAt(): Token {
    if (this.limit >= this.tokens.length) return this.endToken;
    // Every parse function peeks at the end of its group, often several times: one token per limit.
    const known = this.rangeEnds[this.limit];
    if (known !== undefined) return known;
    const t = this.tokens[this.limit]!;
    const end: Token = { kind: 'end', value: '', start: t.start, end: t.start, space: false };
    this.rangeEnds[this.limit] = end;
    return end;
  }
}

/** A token printed for messages. */
export function show(t: Token): string {
  if (t.kind === 'end') return 'end of formula';
  return t.kind === 'cmd' ? `\\${t.value}` : t.value;
}

/** Ignorable tokens: spacing, styles, labels, alignment `&`, `~`, and empty or label-only `\text{}`. */
export function isIgnorable(t: Token): boolean {
  if (t.kind === 'char') return t.value === '&' || t.value === '~' || t.value === '$';
  if (t.kind !== 'cmd') return false;
  if (IGNORED_COMMANDS.has(t.value)) return true;
  if (TEXT_COMMANDS.has(t.value)) {
    const text = t.args?.[0]?.text.trim() ?? '';
    return text === '' || /^\(\s*[\w.\-'′ ]{1,12}\s*\)$/.test(text);
  }
  return false;
}
