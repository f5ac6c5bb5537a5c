import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoadedDataset, loadDataset } from './load-dataset.js';

let cached: string | undefined;

/**
 * The package root: the nearest directory above this module whose `package.json` is named
 * `prism-physics`. Works from `src/` under tsx, from `dist/src/` after a build, and from
 * `node_modules/prism-physics/` when installed.
 */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
        if (name === 'prism-physics') {
          cached = dir;
          return dir;
        }
      } catch {
        // Not our manifest; keep walking up.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('packageRoot: no package.json named prism-physics above this module');
    dir = parent;
  }
}

/** The bundled benchmark: `data/benchmark/` in the package (one `<domain>.json` per domain). */
export function bundledDatasetPath(): string {
  return join(packageRoot(), 'data', 'benchmark');
}

/** The bundled sample answers: `data/answers/` in the package (one `<domain>.jsonl` per domain). */
export function bundledResponsesPath(): string {
  return join(packageRoot(), 'data', 'answers');
}

/** Loads the bundled benchmark (70 problems), wherever the package is installed. */
export function loadBundledDataset(): LoadedDataset {
  return loadDataset(bundledDatasetPath());
}
