#!/usr/bin/env node
// Runs every benchmark script under bench/ (*.bench.ts) in turn, each in its own process with
// TypeScript loaded through tsx, and stops at the first failure. Each script prints its own
// baseline and ratio. Usage: node scripts/run-bench.mjs [substring-filter ...] [-- args for each]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const filters = dash === -1 ? argv : argv.slice(0, dash);
const extra = dash === -1 ? [] : argv.slice(dash + 1);
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no benchmark matched');
  process.exit(2);
}
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join('bench', file), ...extra], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(
    `== bench/${file}: exit ${r.status ?? r.signal} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
