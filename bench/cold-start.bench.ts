/**
 * Cold workers: how fast a fresh reward-server worker scores its first 200 fresh answers after it
 * reports ready, without and with the warm-up it does before that (`--warmup-items`, default 200:
 * answers built from the problems' own texts — solutions, grading formulas, final answers, see
 * `warmupAnswers` — so none of the measured answers is among them, though an answer restating a
 * reference formula finds it cached, as it would in a server). What it measures is the first 200
 * answers a trainer sends; the warm-up's own CPU is spent before the server is ready and is not
 * counted (it is printed). Each run is a new pool of one worker; once it is ready it scores the
 * same 200 perturbed bundled answers (no cache has seen them), then 210 more (its steady rate, for
 * scale). Rates are answers per CPU-second of this process (the main thread only waits, so that is
 * the worker's CPU): a loaded machine stretches wall time, not CPU time. Each round runs every
 * warm-up size once, the order rotating, so drift in the machine's load falls on all; ratios are of
 * the summed times. Baseline: the first size (no warm-up), same process.
 * Run: npm run bench -- cold-start [-- --rounds 2 --sizes 0,200,400]
 */
import { parseArgs } from 'node:util';
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledAnswers, freshAnswers } from './fresh-answers.js';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, sizes: { type: 'string' } } });
const rounds = Number(values.rounds ?? 2);
const sizes = (values.sizes ?? '0,200').split(',').map(Number);
const { problems, answers } = bundledAnswers();
const fresh = freshAnswers(answers, 3).slice(answers.length);
const first = fresh.slice(0, 200);
const steady = fresh.slice(200, 200 + answers.length);

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

/** CPU seconds of the warm-up, the first 200 answers and the steady set, on a new one-worker pool. */
async function run(warmupItems: number): Promise<{ warmup: number; first: number; steady: number }> {
  const w = process.cpuUsage();
  const pool = createWorkerPool({
    problems,
    workers: 1,
    itemTimeoutMs: 60_000,
    maxQueue: 10_000,
    warmupItems,
  });
  while (pool.stats().ready === 0) await new Promise((r) => setTimeout(r, 20));
  const warmup = cpuSeconds(w);
  const items = (list: typeof first) => list.map((a) => ({ problem_id: a.problemId, response: a.text }));
  let c = process.cpuUsage();
  await pool.score(items(first), 'summary');
  const firstCpu = cpuSeconds(c);
  c = process.cpuUsage();
  await pool.score(items(steady), 'summary');
  const steadyCpu = cpuSeconds(c);
  await pool.close();
  return { warmup, first: firstCpu, steady: steadyCpu };
}

const totals = sizes.map(() => ({ warmup: 0, first: 0, steady: 0 }));
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < sizes.length; k++) {
    const at = (k + r) % sizes.length;
    const t = await run(sizes[at]!);
    totals[at]!.warmup += t.warmup;
    totals[at]!.first += t.first;
    totals[at]!.steady += t.steady;
    console.log(
      `round ${r + 1}, warm-up ${sizes[at]}: first 200 at ${(200 / t.first).toFixed(0)} per CPU-s, then ${(steady.length / t.steady).toFixed(0)} per CPU-s`,
    );
  }
}
const rate = (n: number, s: number) => (rounds * n) / s;
const base = rate(200, totals[0]!.first);
console.log(`first 200 fresh answers after ready, per CPU-second over ${rounds} rounds:`);
sizes.forEach((size, i) => {
  const t = totals[i]!;
  const first = rate(200, t.first);
  console.log(
    `  warm-up of ${String(size).padStart(4)} items: ${first.toFixed(0)} (${((100 * first) / rate(steady.length, t.steady)).toFixed(0)}% of its steady rate), ${(first / base).toFixed(2)}× the first size; start-up to ready ${(t.warmup / rounds).toFixed(2)} CPU-s`,
  );
});
