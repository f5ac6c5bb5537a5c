// Builds the viewer app (viewer/) into dist/viewer/app.js and app.css at build time: one esbuild
// bundle (KaTeX included) and one stylesheet with KaTeX's woff2 fonts inlined as data: URLs, so the
// HTML report needs no network. Run by `npm run build`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'viewer');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'viewer', 'main.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  legalComments: 'none',
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});
const require = createRequire(import.meta.url);
const katexCss = require.resolve('katex/dist/katex.min.css');
const fonts = join(dirname(katexCss), 'fonts');
// Each @font-face lists woff2, woff and ttf; keep woff2 only (every current browser reads it).
const css = readFileSync(katexCss, 'utf8').replace(
  /src:url\(fonts\/([A-Za-z0-9_-]+)\.woff2\) format\("woff2"\)[^;}]*/g,
  (_, name) =>
    `src:url(data:font/woff2;base64,${readFileSync(join(fonts, `${name}.woff2`)).toString('base64')}) format("woff2")`,
);
if (/url\(fonts\//.test(css)) throw new Error('build-viewer: a KaTeX font was not inlined');
writeFileSync(join(out, 'app.css'), `${css}\n${readFileSync(join(root, 'viewer', 'style.css'), 'utf8')}`);
