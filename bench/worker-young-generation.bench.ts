/**
 * The reward server's workers at several young-generation sizes, in one process: one single-worker
 * pool per size (`workerYoungGenerationMb`), each warmed with the same answers, then the same fresh
 * answers scored by each pool in turn, round after round (the order rotates every round so that no
 * size always runs after the same neighbour, whose background GC could spill over). Two items in
 * flight per worker, as the server keeps its workers busy. The cost counted is this process's CPU
 * (worker thread, V8's helper threads, the main thread's messaging), per answer; the ratio is each
 * size's rate per CPU against the first size given (today's default unless told). Every pool's
 * scores must agree item by item (a young generation changes when V8 collects, never a result).
 * Memory: the process's RSS grown by spawning and warming each pool, one after another.
 * Run: npm run bench -- worker-young -- [--sizes 24,16,48,96,192] [--rounds 3] [--harsh]
 */
import { parseArgs } from 'node:util';
import type { ItemOutcome } from '../src/server/types.js';
import {
  createWorkerPool,
  DEFAULT_WORKER_YOUNG_GENERATION_MB,
  type ScoreBackend,
} from '../src/server/worker-pool.js';
import type { Answer } from './fresh-answers.js';
import { roundSets as answerSets, rotatingRounds, variantRates } from './rounds.js';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string' },
    rounds: { type: 'string' },
    warm: { type: 'string' },
    harsh: { type: 'boolean' },
  },
});
const sizes = (flags.sizes ?? `${DEFAULT_WORKER_YOUNG_GENERATION_MB},16,48,96,192`).split(',').map(Number);
const { problems, rounds: ROUNDS, warm: WARM, set } = answerSets(flags);
const warmSets = Array.from({ length: WARM }, (_, i) => set(1 + i));
const roundSets = Array.from({ length: ROUNDS }, (_, i) => set(1 + WARM + i));

const cpu = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

/** Scores a list through a pool, two items in flight; returns the outcomes in order. */
async function run(pool: ScoreBackend, list: readonly Answer[]): Promise<ItemOutcome[]> {
  const out: ItemOutcome[] = new Array(list.length);
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const i = next++;
      const a = list[i]!;
      out[i] = (await pool.score([{ problem_id: a.problemId, response: a.text }], 'summary'))[0]!;
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

const key = (o: ItemOutcome): string =>
  o.status === 'ok' ? `${o.step_score}|${o.final_answer_correct}` : `${o.status}`;

const pools: ScoreBackend[] = [];
const rssMb: number[] = [];
for (const mb of sizes) {
  const rss0 = process.memoryUsage().rss;
  const pool = createWorkerPool({
    problems,
    workers: 1,
    itemTimeoutMs: 120_000,
    maxQueue: 64,
    warmupItems: 0,
    workerYoungGenerationMb: mb,
  });
  while (pool.stats().ready < 1) await new Promise((r) => setTimeout(r, 20));
  for (const w of warmSets) await run(pool, w);
  rssMb.push((process.memoryUsage().rss - rss0) / 2 ** 20);
  pools.push(pool);
}

const times = await rotatingRounds(sizes.length, ROUNDS, async (p, r) => {
  const c0 = process.cpuUsage();
  const outcomes = await run(pools[p]!, roundSets[r]!);
  return { cpu: cpu(c0), outcomes: outcomes.map(key) };
});
const scored = roundSets.reduce((n, list) => n + list.length, 0);
await Promise.all(pools.map((p) => p.close()));

console.log(
  `${scored} ${flags.harsh ? 'harsh' : 'fresh'} answers per size (${ROUNDS} rounds, after ${WARM} warm-up passes), one worker, CPU per answer:`,
);
variantRates(times, scored).forEach(({ cost, rate, rounds }, i) => {
  console.log(
    `  young generation ${String(sizes[i]).padStart(4)} MB: ${cost}, rate ${rate}× the ${sizes[0]} MB pool; RSS grown by spawning and warming: ${rssMb[i]!.toFixed(0)} MB; per round ${rounds}`,
  );
});
console.log(`item outcomes differing between sizes: ${times.differences}`);
if (times.differences > 0) process.exitCode = 1;
