#!/usr/bin/env node
// Runs every test file under test/ (and src/**/*.test.ts) with Node's own test runner, TypeScript
// loaded through tsx. Node 20's `--test` has no glob support, so the files are listed here.
// Usage: node scripts/run-tests.mjs [substring-filter ...]   (TEST_REPORTER=spec for node's own output)
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { nodeVersionProblem } from '../bin/node-floor.js';

const tooOld = nodeVersionProblem(process.versions.node);
if (tooOld !== undefined) {
  console.error(tooOld);
  process.exit(2);
}

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.test\.ts$/.test(name)) out.push(relative(root, full));
  }
  return out;
}

const files = [...walk(join(root, 'test')), ...walk(join(root, 'src'))]
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// Our reporter (scripts/test-reporter.mjs) prints failures with their errors, skips grouped by
// reason, known gaps (todo rows) one line each, and closes with `N passed, N failed, N skipped`.
// TEST_REPORTER=spec (or any built-in) switches back to node's own output.
const reporter = process.env.TEST_REPORTER ?? new URL('./test-reporter.mjs', import.meta.url).pathname;
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-reporter=${reporter}`, '--test-concurrency=2', ...files],
  { cwd: root, stdio: 'inherit' },
);
child.on('close', (code) => process.exit(code ?? 1));
