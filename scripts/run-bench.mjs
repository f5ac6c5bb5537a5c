#!/usr/bin/env node
// Runs every benchmark script under bench/ (*.bench.ts) in turn, each in its own process, and stops
// at the first failure. Each script prints its own baseline and ratio.
//
// By default the benchmarks run on the code users run: `tsc` compiles src/, bench/ and test/ into
// .bench-build/tree/ (the CLI and the library ship tsc's output in dist/, never tsx's), with links
// to data/, fixtures/ and ../shared so that relative paths resolve as in the source tree. tsx's
// on-the-fly build wraps every function in a naming helper (esbuild's keepNames), which costs the
// numeric code up to 1.7× — a cost no user pays. `--tsx` runs the sources through tsx instead.
//
// Usage: node scripts/run-bench.mjs [--tsx] [substring-filter ...] [-- args for each]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash === -1 ? argv : argv.slice(0, dash);
const extra = dash === -1 ? [] : argv.slice(dash + 1);
const useTsx = own.includes('--tsx');
const filters = own.filter((a) => a !== '--tsx');
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no benchmark matched');
  process.exit(2);
}

const build = join(root, '.bench-build');
const tree = join(build, 'tree');
if (!useTsx) {
  console.log('compiling src/, bench/ and test/ with tsc into .bench-build/tree …');
  rmSync(tree, { recursive: true, force: true });
  const tsc = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(root, 'tsconfig.json'),
      '--outDir',
      tree,
      '--declaration',
      'false',
      '--incremental',
      'false',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  // bench/x.bench.js reads ../data, ../fixtures and ../../shared, as bench/x.bench.ts does.
  mkdirSync(build, { recursive: true });
  const link = (target, path) => {
    rmSync(path, { force: true, recursive: false });
    if (existsSync(target)) symlinkSync(target, path);
  };
  link(join(root, 'data'), join(tree, 'data'));
  link(join(root, 'fixtures'), join(tree, 'fixtures'));
  link(join(root, '..', 'shared'), join(build, 'shared'));
}

for (const file of files) {
  console.log(`\n== bench/${file}${useTsx ? ' (tsx)' : ' (compiled)'}`);
  const started = Date.now();
  const args = useTsx
    ? ['--import', 'tsx', join('bench', file), ...extra]
    : [join(tree, 'bench', file.replace(/\.ts$/, '.js')), ...extra];
  // The fresh benchmark measures retained memory (exact with --expose-gc) and runs a baseline with
  // unbounded caches that retains several GB by design: room for it beyond V8's default ~4 GB heap.
  const gc = file.startsWith('fresh') ? ['--expose-gc', '--max-old-space-size=12288'] : [];
  const r = spawnSync(process.execPath, [...gc, ...args], { cwd: root, stdio: 'inherit' });
  console.log(
    `== bench/${file}: exit ${r.status ?? r.signal} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
