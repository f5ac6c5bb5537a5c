/**
 * Cold workers: how fast a fresh reward-server worker scores its first 200 fresh answers, without
 * and with the warm-up it does before reporting ready (`--warmup-items`, default 200: answers built
 * from the problems' own formulas, so none of the measured answers is among them). Each run is a
 * new pool of one worker; once it is ready it scores the same 200 perturbed bundled answers (no
 * cache has seen them), then 210 more (its steady rate, for scale). Rates are answers per CPU-second
 * of this process (the main thread only waits, so that is the worker's CPU): a loaded machine
 * stretches wall time, not CPU time. Runs are interleaved (cold, warm, warm, cold, …) so drift in the
 * machine's load falls on both; the ratio is of the summed times. Baseline: no warm-up, same process.
 * Run: npm run bench -- cold-start [-- --rounds 2]
 */
import { parseArgs } from 'node:util';
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledAnswers, freshAnswers } from './fresh-answers.js';

const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const rounds = Number(values.rounds ?? 2);
const { problems, answers } = bundledAnswers();
const fresh = freshAnswers(answers, 3).slice(answers.length);
const first = fresh.slice(0, 200);
const steady = fresh.slice(200, 200 + answers.length);

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

/** CPU seconds for the first 200 answers and for the steady set, on a new one-worker pool. */
async function run(warmupItems: number): Promise<{ first: number; steady: number }> {
  const pool = createWorkerPool({
    problems,
    workers: 1,
    itemTimeoutMs: 60_000,
    maxQueue: 10_000,
    warmupItems,
  });
  while (pool.stats().ready === 0) await new Promise((r) => setTimeout(r, 20));
  const items = (list: typeof first) => list.map((a) => ({ problem_id: a.problemId, response: a.text }));
  let c = process.cpuUsage();
  await pool.score(items(first), 'summary');
  const firstCpu = cpuSeconds(c);
  c = process.cpuUsage();
  await pool.score(items(steady), 'summary');
  const steadyCpu = cpuSeconds(c);
  await pool.close();
  return { first: firstCpu, steady: steadyCpu };
}

const totals = { cold: { first: 0, steady: 0 }, warm: { first: 0, steady: 0 } };
for (let r = 0; r < rounds; r++) {
  const order: ('cold' | 'warm')[] = r % 2 === 0 ? ['cold', 'warm'] : ['warm', 'cold'];
  for (const kind of order) {
    const t = await run(kind === 'cold' ? 0 : 200);
    totals[kind].first += t.first;
    totals[kind].steady += t.steady;
    console.log(
      `round ${r + 1} ${kind}: first 200 at ${(200 / t.first).toFixed(0)} per CPU-s, then ${(steady.length / t.steady).toFixed(0)} per CPU-s`,
    );
  }
}
const rate = (n: number, s: number) => (rounds * n) / s;
const cold = rate(200, totals.cold.first);
const warm = rate(200, totals.warm.first);
console.log(`first 200 fresh answers, per CPU-second over ${rounds} rounds:`);
console.log(
  `  no warm-up (baseline): ${cold.toFixed(0)}  (${((100 * cold) / rate(steady.length, totals.cold.steady)).toFixed(0)}% of its steady rate)`,
);
console.log(
  `  warm-up of 200 items:  ${warm.toFixed(0)}  (${((100 * warm) / rate(steady.length, totals.warm.steady)).toFixed(0)}% of its steady rate)`,
);
console.log(`ratio warm / cold: ${(warm / cold).toFixed(2)}×`);
