#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm install` via the prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeVersionProblem } from './node-floor.js';

const tooOld = nodeVersionProblem(process.versions.node);
if (tooOld !== undefined) {
  process.stderr.write(`prism: ${tooOld}\n`);
  process.exit(2);
}

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('prism: the CLI is not built yet; run `npm install` (or `npm run build`) first.\n');
  process.exit(2);
}
// A closed pipe (`prism explain | head -1`) ends the program quietly, as for any Unix filter.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
