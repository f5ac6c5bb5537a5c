#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm install` via the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('prism: the CLI is not built yet; run `npm install` (or `npm run build`) first.\n');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
