/** A box to place: a word or an inline formula (`gapBefore`: whether a space precedes it). */
export interface InlineBox {
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  readonly gapBefore: boolean;
}

/** A placed box: its index in the input and its left edge; a line's baseline is shared. */
export interface PlacedLine {
  readonly boxes: readonly { readonly index: number; readonly x: number }[];
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
}

/**
 * Greedy line breaking: boxes are put on a line while they fit in `maxWidth` (with `space` between
 * boxes that have `gapBefore`); a box wider than a line gets a line of its own. Pure.
 */
export function layoutLines(
  boxes: readonly InlineBox[],
  maxWidth: number,
  space: number,
  minAscent: number,
  minDescent: number,
): PlacedLine[] {
  const lines: PlacedLine[] = [];
  let current: { index: number; x: number }[] = [];
  let x = 0;
  let ascent = minAscent;
  let descent = minDescent;
  const close = (): void => {
    if (current.length > 0) lines.push({ boxes: current, width: x, ascent, descent });
    current = [];
    x = 0;
    ascent = minAscent;
    descent = minDescent;
  };
  boxes.forEach((box, index) => {
    const gap = current.length > 0 && box.gapBefore ? space : 0;
    if (current.length > 0 && x + gap + box.width > maxWidth) close();
    const left = current.length > 0 && box.gapBefore ? x + space : x;
    current.push({ index, x: left });
    x = left + box.width;
    ascent = Math.max(ascent, box.ascent);
    descent = Math.max(descent, box.descent);
  });
  close();
  return lines;
}
