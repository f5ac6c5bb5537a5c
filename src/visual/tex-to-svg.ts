import { liteAdaptor } from '@mathjax/src/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from '@mathjax/src/js/handlers/html.js';
import { TeX } from '@mathjax/src/js/input/tex.js';
import '@mathjax/src/js/input/tex/base/BaseConfiguration.js';
import '@mathjax/src/js/input/tex/ams/AmsConfiguration.js';
import { MathJaxNewcmFont } from '@mathjax/mathjax-newcm-font/js/svg.js';
import { mathjax } from '@mathjax/src/js/mathjax.js';
// Font data for rarer characters is loaded on demand, from the font package's files (import()).
import '@mathjax/src/js/util/asyncLoad/esm.js';
import { SVG } from '@mathjax/src/js/output/svg.js';

/** A formula typeset as SVG, with its box in em (MathJax's viewBox is in thousandths of an em). */
export interface TypesetFormula {
  readonly ok: true;
  /** A standalone `<svg>` with its paths filled black (no `currentColor`). */
  readonly svg: string;
  readonly widthEm: number;
  /** Height above the baseline. */
  readonly ascentEm: number;
  /** Depth below the baseline. */
  readonly descentEm: number;
}

/** Why a formula could not be typeset (MathJax's own message). */
export interface TypesetFailure {
  readonly ok: false;
  readonly message: string;
}

/** Formulas longer than this are refused (bounded time and memory on untrusted input). */
export const MAX_FORMULA_LENGTH = 4000;

type Converter = (tex: string, display: boolean) => Promise<string>;
let converter: Converter | undefined;

function createConverter(): Converter {
  const adaptor = liteAdaptor();
  RegisterHTMLHandler(adaptor);
  const tex = new TeX({
    packages: ['base', 'ams'],
    // A TeX error is a failure of ours to report, not red text drawn into the image.
    formatError: (_jax: unknown, error: { message: string }) => {
      throw new Error(error.message);
    },
  });
  const output = new SVG({ fontCache: 'none', fontData: MathJaxNewcmFont, linebreaks: { inline: false } });
  const doc = mathjax.document('', { InputJax: tex, OutputJax: output });
  return async (formula, display) => {
    const node = await mathjax.handleRetriesFor(() => doc.convert(formula, { display }));
    const svgNode = adaptor.firstChild(node) as Parameters<typeof adaptor.outerHTML>[0];
    return adaptor.outerHTML(svgNode);
  };
}

/**
 * Typesets a TeX formula with MathJax (TeX input with the base and AMS packages, SVG output with its
 * New Computer Modern font as paths: no font file, no network). Never throws: malformed TeX gives
 * MathJax's message.
 */
export async function texToSvg(formula: string, display: boolean): Promise<TypesetFormula | TypesetFailure> {
  if (formula.length > MAX_FORMULA_LENGTH)
    return { ok: false, message: `formula longer than ${MAX_FORMULA_LENGTH} characters` };
  if (formula.trim() === '') return { ok: false, message: 'empty formula' };
  let svg: string;
  try {
    converter ??= createConverter();
    svg = await converter(formula, display);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const box = /viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (box === null || !svg.startsWith('<svg')) return { ok: false, message: 'MathJax returned no SVG' };
  const [minY, width, height] = [Number(box[2]), Number(box[3]), Number(box[4])];
  return {
    ok: true,
    // MathJax's lite DOM writes attribute values as HTML does (`data-latex="0<x"`); an SVG decoder
    // wants XML, so `<` and `>` inside attribute values are escaped.
    svg: svg
      .replace(/="([^"]*)"/g, (_m, v: string) => `="${v.replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`)
      .replace(/currentColor/g, 'black'),
    widthEm: width / 1000,
    ascentEm: -minY / 1000,
    descentEm: (height + minY) / 1000,
  };
}

/**
 * The characters an SVG formula draws, in document order: MathJax marks every glyph path with its
 * code point (`data-c`). Used to check that a rendered formula shows the symbols its TeX names.
 */
export function drawnCharacters(svg: string): string[] {
  return [...svg.matchAll(/data-c="([0-9A-Fa-f]+)"/g)].map((m) =>
    String.fromCodePoint(Number.parseInt(m[1]!, 16)),
  );
}
