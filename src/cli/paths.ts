import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The package root: the nearest directory above this module whose `package.json` is named
 * `prism-physics`. Works from `src/cli/` under tsx and from `dist/src/cli/` after a build.
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

/** The bundled benchmark: `data/benchmark/` (one `<domain>.json` array per domain). */
export function bundledDatasetPath(): string {
  return join(packageRoot(), 'data', 'benchmark');
}

/** The bundled answers: `data/answers/` (one `<domain>.jsonl` per domain). */
export function bundledResponsesPath(): string {
  return join(packageRoot(), 'data', 'answers');
}
