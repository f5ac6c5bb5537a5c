#!/usr/bin/env node
// Runs every test file under test/ (and src/**/*.test.ts) with Node's own test runner, TypeScript
// loaded through tsx. Node 20's `--test` has no glob support, so the files are listed here.
// Usage: node scripts/run-tests.mjs [substring-filter ...]
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
const reporter = process.env.TEST_REPORTER ?? 'spec';
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-reporter=${reporter}`, '--test-concurrency=2', ...files],
  { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] },
);
// The spec reporter lists todo tests after its summary; CI reads the last lines, so the run ends
// with a plain `N passed, N failed` line taken from the summary.
let tail = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString('utf8')).slice(-20000);
});
child.on('close', (code) => {
  const count = (name) => {
    const all = [...tail.matchAll(new RegExp(`^(?:ℹ|#) ${name} (\\d+)`, 'gm'))];
    return all.length === 0 ? undefined : Number(all[all.length - 1][1]);
  };
  const passed = count('pass');
  const failed = count('fail');
  const todo = count('todo');
  if (passed !== undefined && failed !== undefined) {
    process.stdout.write(`\n${passed} passed, ${failed} failed${todo ? `, ${todo} skipped` : ''}\n`);
  }
  process.exit(code ?? 1);
});
