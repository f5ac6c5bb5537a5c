import { createCanvas, GlobalFonts, type Image, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { fontFile, type VisualFontName } from './fonts.js';
import { type InlineBox, layoutLines } from './layout-lines.js';
import { segmentStatement } from './segment-statement.js';
import { texToSvg } from './tex-to-svg.js';

/** What a page shows: paragraphs of statement text (with TeX math) and figures (image bytes). */
export interface PageContent {
  readonly paragraphs: readonly string[];
  readonly figures: readonly { readonly bytes: Uint8Array; readonly caption?: string }[];
}

/** How the page is set. */
export interface PageStyle {
  readonly font: VisualFontName;
  /** Page width in pixels (default 960). */
  readonly width?: number;
  /** Text size in pixels (default 24). */
  readonly fontPx?: number;
}

/** A formula of the page and how it came out. */
export interface PageFormula {
  readonly tex: string;
  readonly display: boolean;
  /** The SVG MathJax drew (absent when it failed and the TeX source was written out instead). */
  readonly svg?: string;
  readonly error?: string;
}

/** A rendered page: RGBA pixels, what was drawn, and what went wrong (drawn anyway). */
export interface RenderedPage {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
  readonly formulas: readonly PageFormula[];
  readonly words: number;
  readonly problems: readonly string[];
}

const registered = new Map<string, string>();

/** Registers a font's file under a family name of ours (once); throws a message naming the package. */
function family(font: VisualFontName): string {
  const known = registered.get(font);
  if (known !== undefined) return known;
  const file = fontFile(font);
  if (!file.ok) throw new Error(file.message);
  const alias = `prism-visual-${font}`;
  if (GlobalFonts.registerFromPath(file.file, alias) === null)
    throw new Error(`font ${font}: ${file.file} could not be loaded`);
  registered.set(font, alias);
  return alias;
}

type Item =
  | (InlineBox & { readonly kind: 'word'; readonly text: string })
  | (InlineBox & { readonly kind: 'math'; readonly image: Image })
  | { readonly kind: 'display'; readonly image: Image; readonly width: number; readonly height: number }
  | { readonly kind: 'break' };

/** The SVG with its size in pixels (MathJax states it in ex), ready to be decoded. */
function sizedSvg(svg: string, width: number, height: number): Buffer {
  const sized = svg
    .replace(/ style="vertical-align:[^"]*"/, '')
    .replace(/ width="[^"]*"/, ` width="${width.toFixed(2)}"`)
    .replace(/ height="[^"]*"/, ` height="${height.toFixed(2)}"`);
  return Buffer.from(sized);
}

/**
 * Sets a question as a page: each paragraph's text in the chosen font, wrapped to the page; inline
 * math on the baseline and display math centred on its own line, both typeset by MathJax; then the
 * figures, scaled to the page. A formula MathJax rejects is written out as its TeX source and
 * reported in `problems`; a figure that cannot be decoded is left out and reported. Same input, same
 * pixels.
 */
export async function renderPage(content: PageContent, style: PageStyle): Promise<RenderedPage> {
  const width = style.width ?? 960;
  const px = style.fontPx ?? 24;
  const margin = Math.round(px * 1.6);
  const inner = width - 2 * margin;
  const fontFamily = family(style.font);
  const measure = createCanvas(8, 8).getContext('2d');
  measure.font = `${px}px ${fontFamily}`;
  const ascent = px * 0.85;
  const descent = px * 0.3;
  const problems: string[] = [];
  const formulas: PageFormula[] = [];
  const items: Item[] = [];
  let words = 0;

  const pushWords = (text: string, leadingGap: boolean): void => {
    const parts = text.split(/(\s+)/);
    let gap = leadingGap;
    for (const part of parts) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        gap = true;
        continue;
      }
      items.push({
        kind: 'word',
        text: part,
        width: measure.measureText(part).width,
        ascent,
        descent,
        gapBefore: gap,
      });
      words++;
      gap = false;
    }
  };

  for (const [p, paragraph] of content.paragraphs.entries()) {
    const { segments, problems: found } = segmentStatement(paragraph);
    for (const f of found) problems.push(`paragraph ${p + 1}: ${f.message}`);
    for (const seg of segments)
      if (seg.kind === 'math') formulas.push({ tex: seg.tex, display: seg.display });
  }
  // Typeset every formula (MathJax may load font data on demand: asynchronous), then place them.
  const typeset = await Promise.all(formulas.map((f) => texToSvg(f.tex, f.display)));
  let k = 0;
  for (const [p, paragraph] of content.paragraphs.entries()) {
    if (p > 0) items.push({ kind: 'break' });
    const { segments } = segmentStatement(paragraph);
    let gapNext = false;
    for (const seg of segments) {
      if (seg.kind === 'text') {
        const blocks = seg.text.split(/\n\s*\n/);
        blocks.forEach((block, b) => {
          if (b > 0) items.push({ kind: 'break' });
          pushWords(block, gapNext || /^\s/.test(block));
          gapNext = /\s$/.test(block);
        });
        continue;
      }
      const index = k++;
      let t = typeset[index]!;
      // The formula's size in pixels, then its SVG decoded at that size (a decoding failure is a
      // formula failure too: reported, the TeX source written out).
      let em = px * 1.05;
      if (t.ok && t.widthEm * em > inner) em = inner / t.widthEm;
      const w = t.ok ? t.widthEm * em : 0;
      const h = t.ok ? (t.ascentEm + t.descentEm) * em : 0;
      let image: Image | undefined;
      if (t.ok) {
        try {
          image = await loadImage(sizedSvg(t.svg, w, h));
        } catch (e) {
          t = {
            ok: false,
            message: `its SVG could not be drawn (${e instanceof Error ? e.message : String(e)})`,
          };
        }
      }
      const leading = gapNext || items[items.length - 1]?.kind === 'math';
      gapNext = false;
      if (!t.ok || image === undefined) {
        const message = t.ok ? 'no image' : t.message;
        formulas[index] = { ...formulas[index]!, error: message };
        problems.push(`paragraph ${p + 1}: formula "${clip(seg.tex)}" could not be typeset: ${message}`);
        if (seg.display) items.push({ kind: 'break' });
        pushWords(seg.tex, leading);
        if (seg.display) items.push({ kind: 'break' });
        continue;
      }
      formulas[index] = { ...formulas[index]!, svg: t.svg };
      if (seg.display) items.push({ kind: 'display', image, width: w, height: h });
      else
        items.push({
          kind: 'math',
          image,
          width: w,
          ascent: t.ascentEm * em,
          descent: t.descentEm * em,
          gapBefore: leading,
        });
    }
  }

  // Lay out: runs of inline boxes between breaks and display formulas.
  type Row =
    | { kind: 'line'; y: number; items: { item: Item; x: number }[]; ascent: number; descent: number }
    | { kind: 'display'; y: number; item: Extract<Item, { kind: 'display' }> };
  const rows: Row[] = [];
  const lineGap = px * 0.45;
  let y = margin;
  let run: (Item & InlineBox)[] = [];
  const flushRun = (): void => {
    if (run.length === 0) return;
    for (const line of layoutLines(run, inner, measure.measureText(' ').width, ascent, descent)) {
      rows.push({
        kind: 'line',
        y: y + line.ascent,
        items: line.boxes.map((b) => ({ item: run[b.index]!, x: margin + b.x })),
        ascent: line.ascent,
        descent: line.descent,
      });
      y += line.ascent + line.descent + lineGap;
    }
    run = [];
  };
  for (const item of items) {
    if (item.kind === 'word' || item.kind === 'math') run.push(item);
    else if (item.kind === 'break') {
      flushRun();
      y += lineGap;
    } else {
      flushRun();
      y += lineGap;
      rows.push({ kind: 'display', y, item });
      y += item.height + 2 * lineGap;
    }
  }
  flushRun();

  const figures: { image: Image; w: number; h: number; y: number }[] = [];
  for (const [i, fig] of content.figures.entries()) {
    let image: Image;
    try {
      image = await loadImage(Buffer.from(fig.bytes));
    } catch (e) {
      problems.push(`figure ${i + 1} could not be decoded: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    if (image.width === 0 || image.height === 0) {
      problems.push(`figure ${i + 1} is empty`);
      continue;
    }
    const scale = Math.min(inner / image.width, (px * 20) / image.height, 2);
    const w = Math.round(image.width * scale);
    const h = Math.round(image.height * scale);
    y += lineGap;
    figures.push({ image, w, h, y });
    y += h + lineGap;
  }
  const height = Math.ceil(y + margin);

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.font = `${px}px ${fontFamily}`;
  ctx.textBaseline = 'alphabetic';
  for (const row of rows) {
    if (row.kind === 'display') {
      ctx.drawImage(
        row.item.image,
        margin + (inner - row.item.width) / 2,
        row.y,
        row.item.width,
        row.item.height,
      );
      continue;
    }
    for (const { item, x } of row.items) draw(ctx, item, x, row.y);
  }
  for (const f of figures) ctx.drawImage(f.image, margin + (inner - f.w) / 2, f.y, f.w, f.h);
  const data = ctx.getImageData(0, 0, width, height);
  return { width, height, rgba: data.data, formulas, words, problems };
}

function draw(ctx: SKRSContext2D, item: Item, x: number, baseline: number): void {
  if (item.kind === 'word') ctx.fillText(item.text, x, baseline);
  else if (item.kind === 'math')
    ctx.drawImage(item.image, x, baseline - item.ascent, item.width, item.ascent + item.descent);
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
