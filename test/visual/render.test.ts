import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas, Image } from '@napi-rs/canvas';
import { meanAbsoluteDifference, type Pixels } from '../../src/visual/perturb-pixels.js';
import { renderPage } from '../../src/visual/render-page.js';
import { type RenderedQuestion, renderQuestion } from '../../src/visual/render-question.js';
import { drawnCharacters, MAX_FORMULA_LENGTH, texToSvg } from '../../src/visual/tex-to-svg.js';
import { PERTURBATIONS, parseVariants, type VisualVariant } from '../../src/visual/visual-variant.js';
import { visualSkip } from './visual-skip.js';

const skip = visualSkip();
// A half-size page keeps most renders cheap (the suite shares the machine).
const small = { width: 480, fontPx: 14 };
const clean: VisualVariant = { font: 'serif', noise: 0, blur: 0, rotation: 0, jpeg: 0, resolution: 0 };
const content = {
  paragraphs: [
    'A block of mass $m = 2.50\\ \\text{kg}$ slides from rest down a frictionless ramp of height $h = 1.20\\ \\text{m}$. Energy is conserved: $$\\frac{1}{2} m v^2 = m g h$$',
    'a) Find the speed $v$ at the bottom.',
  ],
  figures: [],
};

function pixels(png: Buffer): Pixels {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    rgba: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

/** The centre `w`×`h` of an image (a rotated page is larger than the clean one). */
function centre(p: Pixels, w: number, h: number): Pixels {
  const x0 = Math.floor((p.width - w) / 2);
  const y0 = Math.floor((p.height - h) / 2);
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    out.set(p.rgba.subarray(((y + y0) * p.width + x0) * 4, ((y + y0) * p.width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, rgba: out };
}

test('one seed gives byte-identical PNGs; another seed changes the noise', { skip }, async () => {
  const v: VisualVariant = {
    font: 'hand-humor',
    noise: 0.4,
    blur: 0.3,
    rotation: 0.5,
    jpeg: 0.5,
    resolution: 0.3,
  };
  const a = await renderQuestion(content, v, 'seed-1', small);
  const b = await renderQuestion(content, v, 'seed-1', small);
  const c = await renderQuestion(content, v, 'seed-2', small);
  assert.ok(a.png.equals(b.png));
  assert.equal(a.png.subarray(1, 4).toString(), 'PNG');
  assert.ok(!a.png.equals(c.png));
  // Without random perturbations the seed changes nothing.
  const d = await renderQuestion(content, clean, 'seed-1', small);
  const e = await renderQuestion(content, clean, 'seed-2', small);
  assert.ok(d.png.equals(e.png));
});

// Each row: a formula and the symbols its glyphs must spell, written by hand from the TeX (math
// italic letters read as their plain letters; invisible operators such as function application
// dropped; an explicit `\ ` is a drawn space), plus MathML structures the SVG must contain.
const LEGIBLE: readonly { tex: string; glyphs: string; nodes: string[] }[] = [
  { tex: 'v = \\sqrt{2 g h}', glyphs: 'v=√2gh', nodes: ['msqrt'] },
  { tex: '\\frac{1}{2} m v^2 = m g h', glyphs: '12mv2=mgh', nodes: ['mfrac', 'msup'] },
  { tex: 'F = \\mu N \\cos\\theta', glyphs: 'F=μNcosθ', nodes: ['mi', 'mo'] },
  { tex: 'E_k = 3.5 \\times 10^{-3}\\ \\text{J}', glyphs: 'Ek=3.5×10−3 J', nodes: ['msub', 'msup', 'mtext'] },
  { tex: 'I_{\\text{rms}} = \\frac{V}{Z}', glyphs: 'Irms=VZ', nodes: ['msub', 'mfrac'] },
  { tex: '\\omega_0 = \\frac{1}{\\sqrt{L C}}', glyphs: 'ω0=1√LC', nodes: ['mfrac', 'msqrt'] },
  { tex: '\\Delta x \\geq 0.25\\,\\mathrm{m}', glyphs: 'Δx≥0.25m', nodes: ['mi', 'mn'] },
  // `<` and `&` in the TeX end up in attribute values: the SVG must still decode.
  { tex: '0<\\nu<\\pi', glyphs: '0<ν<π', nodes: ['mo'] },
  { tex: 'a > b \\land \\mathcal{L} = 0', glyphs: 'a>b∧L=0', nodes: ['mo'] },
];

for (const row of LEGIBLE) {
  test(`formula legible: ${row.tex}`, { skip }, async () => {
    const page = await renderPage(
      { paragraphs: [`Given $${row.tex}$ here.`], figures: [] },
      { font: 'serif' },
    );
    assert.deepEqual(page.problems, []);
    assert.equal(page.formulas.length, 1);
    const svg = page.formulas[0]!.svg!;
    const glyphs = drawnCharacters(svg)
      .join('')
      .normalize('NFKC')
      .replace(/[\u2061-\u2064]/g, '');
    assert.equal(glyphs, row.glyphs);
    for (const node of row.nodes) assert.match(svg, new RegExp(`data-mml-node="${node}"`), node);
  });
}

test('near misses: a different formula does not spell the same glyphs', { skip }, async () => {
  const a = await texToSvg('v = \\sqrt{2 g h}', false);
  const b = await texToSvg('v = \\sqrt{2 g}h', false);
  const c = await texToSvg('v = 2 g h', false);
  assert.ok(a.ok && b.ok && c.ok);
  // Same glyphs, other structure: the root covers less.
  assert.equal(drawnCharacters(a.svg).join(''), drawnCharacters(b.svg).join(''));
  assert.notEqual(a.svg, b.svg);
  assert.notEqual(drawnCharacters(a.svg).join(''), drawnCharacters(c.svg).join(''));
});

test('the page draws its text and formulas: each formula blanks out to fewer dark pixels', {
  skip,
}, async () => {
  const dark = (r: RenderedQuestion): number => {
    const p = pixels(r.png);
    let n = 0;
    for (let i = 0; i < p.rgba.length; i += 4) if (p.rgba[i]! < 128) n++;
    return n;
  };
  const full = await renderQuestion(
    { paragraphs: ['Speed $v = \\sqrt{2 g h}$ at the bottom.'], figures: [] },
    clean,
    's',
  );
  const bare = await renderQuestion({ paragraphs: ['Speed at the bottom.'], figures: [] }, clean, 's');
  assert.ok(dark(full) > dark(bare) * 1.1, `${dark(full)} vs ${dark(bare)}`);
});

let reference: Pixels | undefined;
for (const p of PERTURBATIONS) {
  test(`perturbation strength is monotone: ${p}`, { skip }, async () => {
    reference ??= pixels((await renderQuestion(content, clean, 'm', small)).png);
    const ref = reference;
    const diffs: number[] = [];
    for (const s of [0.25, 0.5, 0.75, 1]) {
      const r = pixels((await renderQuestion(content, { ...clean, [p]: s }, 'm', small)).png);
      diffs.push(meanAbsoluteDifference(ref, p === 'rotation' ? centre(r, ref.width, ref.height) : r));
    }
    for (let i = 1; i < diffs.length; i++) assert.ok(diffs[i]! > diffs[i - 1]!, `${p}: ${diffs.join(', ')}`);
    assert.ok(diffs[0]! > 0, `${p} at 0.25 changes nothing`);
  });
}

test('font changes the page; each handwriting font differs from the printed one', { skip }, async () => {
  const serif = await renderQuestion(content, clean, 'f', small);
  for (const font of ['sans', 'hand-comic', 'hand-humor', 'hand-dkg'] as const) {
    const other = await renderQuestion(content, { ...clean, font }, 'f', small);
    assert.ok(!other.png.equals(serif.png), font);
  }
});

test('malformed TeX and unclosed math are reported and drawn as written, not a crash', { skip }, async () => {
  const page = await renderPage(
    {
      paragraphs: ['Bad $\\frac{1}{2$ and $\\nosuchmacro x$ fine $x$.', 'Open $y = 2 and no close'],
      figures: [],
    },
    { font: 'serif' },
  );
  assert.equal(page.problems.length, 3, page.problems.join('\n'));
  assert.match(page.problems[0]!, /paragraph 2: '\$' at offset 5 is never closed/);
  assert.match(page.problems[1]!, /formula "\\frac\{1\}\{2" could not be typeset: Missing close brace/);
  assert.match(page.problems[2]!, /Undefined control sequence \\nosuchmacro/);
  assert.equal(page.formulas.filter((f) => f.svg !== undefined).length, 1);
  const long = await texToSvg('x+'.repeat(MAX_FORMULA_LENGTH), false);
  assert.deepEqual(long, { ok: false, message: `formula longer than ${MAX_FORMULA_LENGTH} characters` });
});

test('figures are drawn below the text; undecodable figure bytes are reported', { skip }, async () => {
  const fig = createCanvas(200, 100);
  const ctx = fig.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 200, 100);
  const withFig = await renderQuestion(
    { paragraphs: ['See the figure.'], figures: [{ bytes: fig.toBuffer('image/png') }] },
    clean,
    'g',
  );
  const without = await renderQuestion({ paragraphs: ['See the figure.'], figures: [] }, clean, 'g');
  assert.ok(withFig.height > without.height + 100);
  const p = pixels(withFig.png);
  let red = 0;
  for (let i = 0; i < p.rgba.length; i += 4) if (p.rgba[i]! > 200 && p.rgba[i + 1]! < 50) red++;
  assert.ok(red > 200 * 100, `red pixels ${red}`);
  const broken = await renderQuestion(
    { paragraphs: ['See.'], figures: [{ bytes: Buffer.from('not an image') }] },
    clean,
    'g',
  );
  assert.equal(broken.problems.length, 1);
  assert.match(broken.problems[0]!, /figure 1 could not be decoded/);
});

test('variant specs: settings parsed, mistakes named', () => {
  const ok = parseVariants('font=hand-dkg,noise=0.3; blur=1');
  assert.ok(ok.ok);
  assert.deepEqual(ok.variants, [
    { ...clean, font: 'hand-dkg', noise: 0.3 },
    { ...clean, blur: 1 },
  ]);
  const bad: [string, RegExp][] = [
    ['font=comic', /variant 1: unknown font 'comic'/],
    ['noise=1.5', /variant 1: noise must be a number from 0 to 1, not '1.5'/],
    ['blur=-0.1', /blur must be a number from 0 to 1/],
    ['font=serif;;', /variant 2 is empty/],
    ['font=serif,sharpen=1', /unknown setting 'sharpen'/],
    ['noise', /noise must be a number from 0 to 1, not ''/],
  ];
  for (const [spec, message] of bad) {
    const r = parseVariants(spec);
    assert.ok(!r.ok, spec);
    assert.match(r.message, message);
  }
});
