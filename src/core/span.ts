/** A half-open range `[start, end)` of UTF-16 offsets into the source LaTeX string. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The smallest span that covers both `a` and `b`. */
export function joinSpans(a: Span, b: Span): Span {
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}
