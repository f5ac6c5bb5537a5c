import { existsSync } from 'node:fs';

/** A typeface the question can be set in, from a Debian font package. */
export interface VisualFont {
  /** Font files tried in order (the first that exists is loaded). */
  readonly files: readonly string[];
  /** The Debian package that ships it (named in the message when no file is found). */
  readonly debian: string;
  /** Whether it imitates handwriting. */
  readonly handwriting: boolean;
}

/** The typefaces of Task II: two printed, three handwriting-like. Loaded from files, never fetched. */
export const VISUAL_FONTS = {
  serif: {
    files: ['/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf'],
    debian: 'fonts-dejavu-core',
    handwriting: false,
  },
  sans: {
    files: [
      '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
      '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
    ],
    debian: 'fonts-liberation',
    handwriting: false,
  },
  'hand-comic': {
    files: ['/usr/share/fonts/opentype/comic-neue/ComicNeue-Regular.otf'],
    debian: 'fonts-comic-neue',
    handwriting: true,
  },
  'hand-humor': {
    files: ['/usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf'],
    debian: 'fonts-humor-sans',
    handwriting: true,
  },
  'hand-dkg': {
    files: ['/usr/share/fonts/truetype/fifthhorseman/dkg.ttf'],
    debian: 'fonts-dkg-handwriting',
    handwriting: true,
  },
} as const satisfies Record<string, VisualFont>;

/** A font name of {@link VISUAL_FONTS}. */
export type VisualFontName = keyof typeof VISUAL_FONTS;

/** Whether a string names a font of {@link VISUAL_FONTS}. */
export function isVisualFontName(name: string): name is VisualFontName {
  return Object.hasOwn(VISUAL_FONTS, name);
}

/** The file a font is loaded from, or a message naming the Debian package to install. */
export function fontFile(
  name: VisualFontName,
  exists: (path: string) => boolean = existsSync,
): { ok: true; file: string } | { ok: false; message: string } {
  const font: VisualFont = VISUAL_FONTS[name];
  const file = font.files.find((f) => exists(f));
  return file === undefined
    ? {
        ok: false,
        message: `font ${name} is not installed (${font.files[0]}; Debian package ${font.debian})`,
      }
    : { ok: true, file };
}
