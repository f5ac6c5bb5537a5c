#!/usr/bin/env node
// Before/after in one process: compiles the scorer of a git revision (default: the first commit of
// this speed round, 8a502c7) and of the working tree with tsc, then scores the same fresh answers
// (bench/fresh-answers.ts: the bundled answers with every number nudged, so no cache has seen
// them) with both, alternating chunks of 21 answers so that load on the machine hits both alike.
// Prints answers per CPU-second, median and p99 per answer for each, the ratio, and the 12 real
// PRISM answers at first sight (work units and CPU ms), and the heap bytes each scorer allocated per
// answer (used heap after − before a chunk, plus what every garbage collection in between freed, from
// v8.GCProfiler). The tail is split: each answer's time spent in garbage-collection pauses that began
// during it (`gc` performance entries) is subtracted for a second p99, a third counts each answer's
// CPU time (the process's, all threads: less moved by load than wall time), and `--slowest N` lists each
// build's N slowest answers with their pause time and work units. Needs the git history (a shallow
// clone without the revision cannot run it).
//
// Usage: node scripts/ab-bench.mjs [--before REV] [--copies N] [--harsh] [--slowest N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    copies: { type: 'string' },
    harsh: { type: 'boolean' },
    slowest: { type: 'string' },
  },
});
const root = new URL('..', import.meta.url).pathname;
const rev = values.before ?? '8a502c7';
const copies = Number(values.copies ?? 2);
const base = join(root, '.bench-build');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

function build(sourceDir, out) {
  const config = join(sourceDir, 'tsconfig.ab.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { declaration: false, rootDir: '.', incremental: false, outDir: out },
      include: ['src', 'bench/fresh-answers.ts'],
    }),
  );
  rmSync(out, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [tsc, '-p', config], { cwd: sourceDir, stdio: 'inherit' });
  rmSync(config);
  if (r.status !== 0) process.exit(r.status ?? 1);
  for (const d of ['data']) if (!existsSync(join(out, d))) symlinkSync(join(root, d), join(out, d));
}

mkdirSync(base, { recursive: true });
if (!existsSync(join(base, 'shared')) && existsSync(join(root, '..', 'shared')))
  symlinkSync(join(root, '..', 'shared'), join(base, 'shared'));
const src = join(base, `src-${rev}`);
rmSync(src, { recursive: true, force: true });
mkdirSync(src, { recursive: true });
const archive = spawnSync('git', ['archive', rev, 'src', 'bench', 'tsconfig.json', 'package.json'], {
  cwd: root,
  maxBuffer: 1 << 28,
});
if (archive.status !== 0) {
  console.error(`ab-bench: git cannot read revision ${rev}: ${archive.stderr}`);
  process.exit(2);
}
spawnSync('tar', ['-x', '-C', src], { input: archive.stdout });
symlinkSync(join(root, 'node_modules'), join(src, 'node_modules'));
console.log(`compiling ${rev} and the working tree …`);
build(src, join(base, `ab-${rev}`));
build(root, join(base, 'ab-now'));

const load = async (dir) => ({
  scorer: await import(join(dir, 'src/score/create-scorer.js')),
  fresh: await import(join(dir, 'bench/fresh-answers.js')),
});
const before = await load(join(base, `ab-${rev}`));
const now = await load(join(base, 'ab-now'));
const sets = [before, now].map((m) => m.fresh.bundledAnswers());
const scorers = [before, now].map((m, i) => m.scorer.createScorer(sets[i].problems));
scorers.forEach((s, i) => {
  for (const a of sets[i].answers) s.scoreResponse(a.problemId, a.text); // warm-up: originals
});
// --harsh: the harsh freshening (a cancelling K_n/K_n before every =, n unique per answer).
const fresh = values.harsh
  ? Array.from({ length: copies }, (_, c) => now.fresh.harshAnswers(sets[1].answers, `ab${c}x`)).flat()
  : now.fresh.freshAnswers(sets[1].answers, copies);
const cpu = [0, 0];
const allocated = [0, 0];
const times = [[], []];
// CPU milliseconds of the process per answer (all its threads): a tail that load on the machine moves less.
const cpuTimes = [[], []];
// Per answer: [start, duration, problem id, work units] (GC pauses are attributed after the run).
const spans = [[], []];
const pauses = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push([e.startTime, e.duration]);
});
observer.observe({ entryTypes: ['gc'] });
const run = (k, list) => {
  const gc = new v8.GCProfiler();
  gc.start();
  const used = v8.getHeapStatistics().used_heap_size;
  const c0 = process.cpuUsage();
  for (const a of list) {
    const t = performance.now();
    const u = process.cpuUsage();
    scorers[k].scoreResponse(a.problemId, a.text);
    const ms = performance.now() - t;
    const used = process.cpuUsage(u);
    times[k].push(ms);
    cpuTimes[k].push((used.user + used.system) / 1000);
    spans[k].push([t, ms, a.problemId, scorers[k].lastWork()]);
  }
  const c = process.cpuUsage(c0);
  cpu[k] += c.user + c.system;
  allocated[k] += v8.getHeapStatistics().used_heap_size - used;
  for (const g of gc.stop().statistics)
    allocated[k] += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
};
for (let i = 0; i < fresh.length; i += 21) {
  const chunk = fresh.slice(i, i + 21);
  const order = (i / 21) % 2 === 0 ? [0, 1] : [1, 0];
  for (const k of order) run(k, chunk);
}
await new Promise((resolve) => setTimeout(resolve, 50)); // the last gc entries are delivered
observer.disconnect();
pauses.sort((x, y) => x[0] - y[0]);
const paused = (start, ms) => {
  let sum = 0;
  for (const [at, d] of pauses) if (at >= start && at < start + ms) sum += d;
  return sum;
};
const gcTimes = spans.map((list) => list.map(([t, ms]) => paused(t, ms)));
const q = (t, p) => [...t].sort((x, y) => x - y)[Math.min(t.length - 1, Math.floor(p * t.length))];
const label = [`before (${rev})`, 'now'];
for (const k of [0, 1])
  console.log(
    `${label[k].padEnd(18)} ${fresh.length} fresh answers: ${((1e6 * fresh.length) / cpu[k]).toFixed(1)} per CPU-second, median ${q(times[k], 0.5).toFixed(2)} ms, p99 ${q(times[k], 0.99).toFixed(1)} ms (${q(
      times[k].map((ms, i) => ms - gcTimes[k][i]),
      0.99,
    ).toFixed(
      1,
    )} ms without GC pauses, ${q(cpuTimes[k], 0.99).toFixed(1)} CPU-ms; pauses ${((100 * gcTimes[k].reduce((x, y) => x + y, 0)) / times[k].reduce((x, y) => x + y, 0)).toFixed(1)}% of the time), allocated ${(allocated[k] / fresh.length / 1e6).toFixed(2)} MB per answer`,
  );
const slowest = Number(values.slowest ?? 0);
for (const k of [0, 1])
  if (slowest > 0)
    console.log(
      `${label[k].padEnd(18)} slowest: ${spans[k]
        .map((s, i) => [...s, gcTimes[k][i]])
        .sort((x, y) => y[1] - x[1])
        .slice(0, slowest)
        .map(
          ([, ms, id, work, gc]) =>
            `${id} ${ms.toFixed(1)} ms (GC ${gc.toFixed(1)}, ${(work / 1e6).toFixed(2)} M)`,
        )
        .join(', ')}`,
    );
console.log(
  `ratio now/before: throughput ${(cpu[0] / cpu[1]).toFixed(2)}×, p99 ${(q(times[0], 0.99) / q(times[1], 0.99)).toFixed(2)}× (CPU ${(q(cpuTimes[0], 0.99) / q(cpuTimes[1], 0.99)).toFixed(2)}×), allocation ${(allocated[1] / allocated[0]).toFixed(2)}×`,
);
const real = [before, now].map((m) => m.fresh.realAnswers());
if (real[1] === undefined) console.log('real answers: ../shared/peers/prism-physics absent; skipped');
else
  [before, now].forEach((m, k) => {
    const s = m.scorer.createScorer(real[k].problems);
    const cells = real[k].answers.map((a) => {
      const c0 = process.cpuUsage();
      s.scoreResponse(a.problemId, a.text);
      const c = process.cpuUsage(c0);
      return `${a.problemId} ${((c.user + c.system) / 1000).toFixed(0)} ms/${(s.lastWork() / 1e6).toFixed(2)} M`;
    });
    console.log(`${label[k].padEnd(18)} real answers at first sight: ${cells.join(', ')}`);
  });
