import { isVisualFontName, VISUAL_FONTS, type VisualFontName } from './fonts.js';

/** How one visual variant of a question looks: a typeface and a strength in [0, 1] per perturbation. */
export interface VisualVariant {
  readonly font: VisualFontName;
  readonly noise: number;
  readonly blur: number;
  readonly rotation: number;
  readonly jpeg: number;
  readonly resolution: number;
}

/** The perturbations a variant sets, each a strength in [0, 1] (0: none). */
export const PERTURBATIONS = ['noise', 'blur', 'rotation', 'jpeg', 'resolution'] as const;

const clean = { noise: 0, blur: 0, rotation: 0, jpeg: 0, resolution: 0 };

/**
 * The five visual variants Task II poses by default (|V_p| = 5): a clean printed page, then
 * handwriting-like fonts and stronger combinations of every perturbation.
 */
export const DEFAULT_VARIANTS: readonly VisualVariant[] = [
  { ...clean, font: 'serif' },
  { ...clean, font: 'hand-humor', noise: 0.15 },
  { ...clean, font: 'sans', blur: 0.5, rotation: 0.5 },
  { ...clean, font: 'hand-comic', jpeg: 0.7, resolution: 0.5 },
  { ...clean, font: 'hand-dkg', noise: 0.5, blur: 0.25, rotation: 0.3, jpeg: 0.4 },
];

/** A short label: the font and the perturbations it sets (`hand-comic jpeg=0.7 resolution=0.5`). */
export function variantLabel(v: VisualVariant): string {
  return [v.font, ...PERTURBATIONS.filter((p) => v[p] > 0).map((p) => `${p}=${v[p]}`)].join(' ');
}

/**
 * Reads variants from `font=hand-humor,noise=0.3;font=serif,blur=1` (variants separated by `;`,
 * settings by `,`; a setting left out is 0, the font defaults to serif). Errors say which variant
 * and setting is wrong.
 */
export function parseVariants(
  spec: string,
): { ok: true; variants: VisualVariant[] } | { ok: false; message: string } {
  const variants: VisualVariant[] = [];
  const parts = spec.split(';').map((p) => p.trim());
  for (const [i, part] of parts.entries()) {
    if (part === '') return { ok: false, message: `variant ${i + 1} is empty` };
    const v: { -readonly [K in keyof VisualVariant]: VisualVariant[K] } = { ...clean, font: 'serif' };
    for (const setting of part.split(',').map((s) => s.trim())) {
      const eq = setting.indexOf('=');
      const key = eq < 0 ? setting : setting.slice(0, eq).trim();
      const value = eq < 0 ? '' : setting.slice(eq + 1).trim();
      if (key === 'font') {
        if (!isVisualFontName(value))
          return {
            ok: false,
            message: `variant ${i + 1}: unknown font '${value}' (one of ${Object.keys(VISUAL_FONTS).join(', ')})`,
          };
        v.font = value;
        continue;
      }
      if (!(PERTURBATIONS as readonly string[]).includes(key))
        return {
          ok: false,
          message: `variant ${i + 1}: unknown setting '${key}' (font, ${PERTURBATIONS.join(', ')})`,
        };
      const n = Number(value);
      if (value === '' || !Number.isFinite(n) || n < 0 || n > 1)
        return {
          ok: false,
          message: `variant ${i + 1}: ${key} must be a number from 0 to 1, not '${value}'`,
        };
      v[key as (typeof PERTURBATIONS)[number]] = n;
    }
    variants.push(v);
  }
  return { ok: true, variants };
}
