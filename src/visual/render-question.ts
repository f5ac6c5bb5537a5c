import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import { createPrng } from '../core/prng.js';
import type { Problem } from '../dag/types.js';
import {
  addNoise,
  blurPixels,
  jpegQuality,
  lowerResolution,
  type Pixels,
  rotatePixels,
} from './perturb-pixels.js';
import { type PageContent, type PageFormula, type PageStyle, renderPage } from './render-page.js';
import type { VisualVariant } from './visual-variant.js';

/** A question rendered for one visual variant. */
export interface RenderedQuestion {
  /** The PNG file's bytes. */
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  readonly formulas: readonly PageFormula[];
  /** What could not be drawn as written (malformed TeX, an undecodable figure); drawn anyway. */
  readonly problems: readonly string[];
}

/** What the page of a problem shows: its statement, each sub-question as `a) …`, its figures. */
export function questionContent(
  problem: Problem,
  figure: (location: string) => Uint8Array | undefined,
): PageContent {
  const figures: { bytes: Uint8Array; caption?: string }[] = [];
  for (const image of problem.images ?? []) {
    if (image.location === undefined || image.location === '') continue;
    const bytes = figure(image.location);
    if (bytes !== undefined)
      figures.push(image.caption === undefined ? { bytes } : { bytes, caption: image.caption });
  }
  return {
    paragraphs: [
      problem.context,
      ...(problem.subquestions ?? []).map((sq) => `${sq.letter}) ${sq.subproblem}`),
    ],
    figures,
  };
}

function toCanvas(img: Pixels) {
  const canvas = createCanvas(img.width, img.height);
  canvas.getContext('2d').putImageData(new ImageData(img.rgba, img.width, img.height), 0, 0);
  return canvas;
}

/**
 * Renders a question as a PNG for one visual variant: the page set in the variant's font, then — in
 * this order — lower resolution, blur, rotation, noise and JPEG compression at the variant's
 * strengths. Every random choice comes from `seed`, so one seed gives the same bytes. `size` sets
 * the page width and text size (default 960 px and 24 px).
 */
export async function renderQuestion(
  content: PageContent,
  variant: VisualVariant,
  seed: string,
  size: Omit<PageStyle, 'font'> = {},
): Promise<RenderedQuestion> {
  const page = await renderPage(content, { ...size, font: variant.font });
  const prng = createPrng(`visual:${seed}`);
  let img: Pixels = { width: page.width, height: page.height, rgba: page.rgba };
  img = lowerResolution(img, variant.resolution);
  img = blurPixels(img, variant.blur);
  img = rotatePixels(img, variant.rotation, prng);
  img = addNoise(img, variant.noise, prng);
  if (variant.jpeg > 0) {
    const jpeg = toCanvas(img).toBuffer('image/jpeg', jpegQuality(variant.jpeg));
    const decoded = await loadImage(jpeg);
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(decoded, 0, 0);
    img = { width: img.width, height: img.height, rgba: ctx.getImageData(0, 0, img.width, img.height).data };
  }
  return {
    png: toCanvas(img).toBuffer('image/png'),
    width: img.width,
    height: img.height,
    formulas: page.formulas,
    problems: page.problems,
  };
}
