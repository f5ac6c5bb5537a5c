import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../dataset/bundled-dataset.js';

/** The viewer app built by `npm run build` (scripts/build-viewer.mjs), or undefined when not built. */
export function readAppBundle(): { js: string; css: string } | undefined {
  const dir = join(packageRoot(), 'dist', 'viewer');
  const js = join(dir, 'app.js');
  const css = join(dir, 'app.css');
  if (!existsSync(js) || !existsSync(css)) return undefined;
  return { js: readFileSync(js, 'utf8'), css: readFileSync(css, 'utf8') };
}
