import { existsSync, readFileSync } from 'node:fs';
import { extname, isAbsolute, resolve } from 'node:path';

const MIME: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * A `loadImage` for {@link renderPrompt}: reads an image (relative locations against `root`, the
 * dataset's folder) and returns it as a base64 data URL, or undefined when absent or not an image.
 */
export function createImageLoader(root: string): (location: string) => string | undefined {
  return (location) => {
    const path = isAbsolute(location) ? location : resolve(root, location);
    const mime = MIME[extname(path).toLowerCase()];
    if (mime === undefined || !existsSync(path)) return undefined;
    return `data:${mime};base64,${readFileSync(path).toString('base64')}`;
  };
}
