/**
 * What the reward server's worker round trip costs per item, without HTTP: the cheapest real item (one
 * cached formula) scored in this process on the main thread, and through a one-worker pool (queue,
 * structured clone of the request and the outcome, one message each way), one item per call and 32
 * per call, two calls in flight. Both warmed with 6,000 items first; the in-process and one-per-call
 * phases run twice, interleaved. CPU of this process per item; the difference is the messaging.
 * Run: npm run bench -- worker-messaging
 */
import { createProblemScorers } from '../src/server/problem-scorers.js';
import { scoreItem } from '../src/server/score-item.js';
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledAnswers } from './fresh-answers.js';

const { problems } = bundledAnswers();
const item = { problem_id: 'mech-01', response: '$$F = ma$$' };
const N = 3000;
const cpu = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const now = () => performance.now();

const scorers = createProblemScorers(problems, []);
const local = (n: number): number => {
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) scoreItem(scorers, item, 'summary', now);
  return cpu(c0) / n;
};
const pool = createWorkerPool({ problems, workers: 1, itemTimeoutMs: 60_000, maxQueue: 64, warmupItems: 0 });
while (pool.stats().ready < 1) await new Promise((r) => setTimeout(r, 20));
const viaPool = async (n: number, perCall: number): Promise<number> => {
  const c0 = process.cpuUsage();
  let left = n;
  const lane = async () => {
    while (left > 0) {
      left -= perCall;
      await pool.score(
        Array.from({ length: perCall }, () => item),
        'summary',
      );
    }
  };
  await Promise.all([lane(), lane()]);
  return cpu(c0) / n;
};

local(6000);
await viaPool(6000, 1);
const inProcess = [local(N)];
const one = [await viaPool(N, 1)];
const batched = await viaPool(N, 32);
one.push(await viaPool(N, 1));
inProcess.push(local(N));
await pool.close();

const us = (s: number) => `${(s * 1e6).toFixed(0)} µs`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `the cheapest real item (one cached formula), ${N} items per phase, CPU of this process per item:`,
);
console.log(`  in process, main thread: ${inProcess.map(us).join(', ')}`);
console.log(
  `  through a one-worker pool, one item per call: ${one.map(us).join(', ')} (the round trip ${us(mean(one) - mean(inProcess))})`,
);
console.log(
  `  through the pool, 32 items per call: ${us(batched)} (${us(batched - mean(inProcess))} over in process)`,
);
