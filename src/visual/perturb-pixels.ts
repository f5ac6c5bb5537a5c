import type { Prng } from '../core/prng.js';

/** An RGBA image (alpha is kept opaque by every operation here). */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
}

const clampStrength = (s: number): number => Math.min(1, Math.max(0, s));

/** Largest rotation, in degrees, at strength 1. */
export const MAX_ROTATION_DEG = 6;
/** Standard deviation of the grey noise at strength 1 (levels of 255). */
export const MAX_NOISE_SIGMA = 90;
/** Gaussian blur radius (σ, in pixels) at strength 1. */
export const MAX_BLUR_SIGMA = 3;
/** The share of the pixel density kept at resolution strength 1. */
export const MIN_RESOLUTION = 0.25;

/**
 * Rotates by `strength` × {@link MAX_ROTATION_DEG} degrees about the centre, clockwise or not as
 * the generator draws, onto a canvas grown to hold the turned page (white outside), sampled
 * bilinearly.
 */
export function rotatePixels(img: Pixels, strength: number, prng: Prng): Pixels {
  const s = clampStrength(strength);
  const sign = prng.next() < 0.5 ? -1 : 1;
  if (s === 0) return img;
  const angle = (sign * s * MAX_ROTATION_DEG * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const { width: w, height: h, rgba: src } = img;
  const W = Math.ceil(Math.abs(w * cos) + Math.abs(h * sin));
  const H = Math.ceil(Math.abs(w * sin) + Math.abs(h * cos));
  const out = new Uint8ClampedArray(W * H * 4).fill(255);
  const cx = w / 2;
  const cy = h / 2;
  const CX = W / 2;
  const CY = H / 2;
  for (let Y = 0; Y < H; Y++) {
    for (let X = 0; X < W; X++) {
      // The source point that lands on (X, Y): the inverse rotation.
      const dx = X + 0.5 - CX;
      const dy = Y + 0.5 - CY;
      const sx = cos * dx + sin * dy + cx - 0.5;
      const sy = -sin * dx + cos * dy + cy - 0.5;
      const o = (Y * W + X) * 4;
      bilinear(src, w, h, sx, sy, out, o);
    }
  }
  return { width: W, height: H, rgba: out };
}

function bilinear(
  src: Uint8ClampedArray,
  w: number,
  h: number,
  x: number,
  y: number,
  out: Uint8ClampedArray,
  o: number,
): void {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  // Outside the source is white.
  const in00 = x0 >= 0 && y0 >= 0 && x0 < w && y0 < h;
  const in10 = x0 + 1 >= 0 && y0 >= 0 && x0 + 1 < w && y0 < h;
  const in01 = x0 >= 0 && y0 + 1 >= 0 && x0 < w && y0 + 1 < h;
  const in11 = x0 + 1 >= 0 && y0 + 1 >= 0 && x0 + 1 < w && y0 + 1 < h;
  const i00 = (y0 * w + x0) * 4;
  const i10 = i00 + 4;
  const i01 = i00 + w * 4;
  const i11 = i01 + 4;
  for (let c = 0; c < 3; c++) {
    const a = in00 ? src[i00 + c]! : 255;
    const b = in10 ? src[i10 + c]! : 255;
    const d = in01 ? src[i01 + c]! : 255;
    const e = in11 ? src[i11 + c]! : 255;
    const top = a + (b - a) * fx;
    const bottom = d + (e - d) * fx;
    out[o + c] = Math.round(top + (bottom - top) * fy);
  }
  out[o + 3] = 255;
}

/** A separable Gaussian blur with σ = `strength` × {@link MAX_BLUR_SIGMA} pixels. */
export function blurPixels(img: Pixels, strength: number): Pixels {
  const sigma = clampStrength(strength) * MAX_BLUR_SIGMA;
  if (sigma === 0) return img;
  const radius = Math.ceil(sigma * 3);
  const kernel = new Float64Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  const { width: w, height: h } = img;
  // One pass along rows (step 4) or columns (step 4w), the border pixel extended past the edges.
  const pass = (src: Uint8ClampedArray, horizontal: boolean): Uint8ClampedArray => {
    const out = new Uint8ClampedArray(src.length);
    const lines = horizontal ? h : w;
    const length = horizontal ? w : h;
    const step = horizontal ? 4 : w * 4;
    const line = new Float64Array(length + 2 * radius);
    for (let l = 0; l < lines; l++) {
      const start = horizontal ? l * w * 4 : l * 4;
      for (let c = 0; c < 3; c++) {
        for (let i = -radius; i < length + radius; i++) {
          const j = i < 0 ? 0 : i >= length ? length - 1 : i;
          line[i + radius] = src[start + j * step + c]!;
        }
        for (let i = 0; i < length; i++) {
          let acc = 0;
          for (let k = 0; k < kernel.length; k++) acc += line[i + k]! * kernel[k]!;
          out[start + i * step + c] = Math.round(acc);
        }
      }
      for (let i = 0; i < length; i++) out[start + i * step + 3] = 255;
    }
    return out;
  };
  return { width: w, height: h, rgba: pass(pass(img.rgba, true), false) };
}

/**
 * Lowers the pixel density to a share 1 − `strength` × (1 − {@link MIN_RESOLUTION}) of each side
 * (area averaging), then scales back to the page size (bilinear): a low-resolution scan at the size
 * of the others.
 */
export function lowerResolution(img: Pixels, strength: number): Pixels {
  const s = clampStrength(strength);
  if (s === 0) return img;
  const factor = 1 - s * (1 - MIN_RESOLUTION);
  const { width: w, height: h, rgba } = img;
  const sw = Math.max(1, Math.round(w * factor));
  const sh = Math.max(1, Math.round(h * factor));
  const small = new Uint8ClampedArray(sw * sh * 4);
  for (let y = 0; y < sh; y++) {
    const y0 = Math.floor((y * h) / sh);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / sh));
    for (let x = 0; x < sw; x++) {
      const x0 = Math.floor((x * w) / sw);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / sw));
      const o = (y * sw + x) * 4;
      for (let c = 0; c < 3; c++) {
        let acc = 0;
        for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) acc += rgba[(yy * w + xx) * 4 + c]!;
        small[o + c] = Math.round(acc / ((y1 - y0) * (x1 - x0)));
      }
      small[o + 3] = 255;
    }
  }
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(sw - 1, Math.max(0, ((x + 0.5) * sw) / w - 0.5));
      const sy = Math.min(sh - 1, Math.max(0, ((y + 0.5) * sh) / h - 0.5));
      bilinear(small, sw, sh, sx, sy, out, (y * w + x) * 4);
    }
  }
  return { width: w, height: h, rgba: out };
}

/** Adds grey Gaussian noise of σ = `strength` × {@link MAX_NOISE_SIGMA} levels, drawn from `prng`. */
export function addNoise(img: Pixels, strength: number, prng: Prng): Pixels {
  const sigma = clampStrength(strength) * MAX_NOISE_SIGMA;
  if (sigma === 0) return img;
  const out = new Uint8ClampedArray(img.rgba);
  for (let i = 0; i < out.length; i += 4) {
    // Box–Muller from two uniforms in (0, 1].
    const u = 1 - prng.next();
    const v = prng.next();
    const n = sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    out[i] = out[i]! + n;
    out[i + 1] = out[i + 1]! + n;
    out[i + 2] = out[i + 2]! + n;
  }
  return { width: img.width, height: img.height, rgba: out };
}

/** The JPEG quality (1–100) of a JPEG-artefact strength: 90 at a trace, 5 at strength 1. */
export function jpegQuality(strength: number): number {
  return Math.round(90 - 85 * clampStrength(strength));
}

/** Mean absolute difference per colour channel between two images of one size (levels of 255). */
export function meanAbsoluteDifference(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError('images differ in size');
  let sum = 0;
  for (let i = 0; i < a.rgba.length; i += 4)
    for (let c = 0; c < 3; c++) sum += Math.abs(a.rgba[i + c]! - b.rgba[i + c]!);
  return sum / ((a.rgba.length / 4) * 3);
}
