/**
 * The reward server's scheduling across N workers, in one process: the same fresh answers scored in
 * this process on one thread (the in-process rate the 0.9 × N target is stated against), by a pool
 * of N workers taking the oldest item (`fifo`, the schedule before 2026-11-28), and by a pool of N
 * workers preferring the problems each has scored before (`affinity`, the default). The workload is
 * an RL trainer's: every answer in a group of --group freshened copies (a GRPO group of responses to
 * one prompt; the bundled answers come three per problem), sent in batches of --batch items with two
 * batches in flight per worker, as verl sends them. Arms take turns, round after round, the order
 * rotating every round. Each arm gets the same JIT warm-up per isolate: the warm-up passes, sent N
 * times to a pool (each worker then has scored as many answers as the in-process scorer). The cost
 * counted is this process's CPU (main thread, workers, V8's helper threads) per answer; the ratio
 * is each pool's rate per CPU against the in-process rate. Every arm's outcomes must agree item by
 * item (a schedule changes where an item is scored, never its score). No HTTP: see serve-overhead.
 * Run: npm run bench -- worker-affinity -- [--workers 2] [--rounds 3] [--warm 2] [--group 4] [--batch 32]
 */
import { parseArgs } from 'node:util';
import { createProblemScorers } from '../src/server/problem-scorers.js';
import { scoreItem } from '../src/server/score-item.js';
import type { ItemOutcome } from '../src/server/types.js';
import { createWorkerPool, type ScoreBackend } from '../src/server/worker-pool.js';
import { type Answer, bundledAnswers, freshAnswers } from './fresh-answers.js';

const { values: flags } = parseArgs({
  options: {
    workers: { type: 'string' },
    rounds: { type: 'string' },
    warm: { type: 'string' },
    group: { type: 'string' },
    batch: { type: 'string' },
  },
});
const WORKERS = Math.max(1, Number(flags.workers ?? 2));
const ROUNDS = Math.max(1, Number(flags.rounds ?? 3));
const WARM = Math.max(0, Number(flags.warm ?? 2));
const GROUP = Math.max(1, Number(flags.group ?? 4));
const BATCH = Math.max(1, Number(flags.batch ?? 32));

const { problems, answers } = bundledAnswers();
const copies = freshAnswers(answers, 1 + WARM + ROUNDS * GROUP);
const copy = (c: number): Answer[] => copies.slice(c * answers.length, (c + 1) * answers.length);
const warmSets = Array.from({ length: WARM }, (_, i) => copy(1 + i));
/** Round r: each answer's GROUP copies side by side. */
const roundSets = Array.from({ length: ROUNDS }, (_, r) => {
  const sets = Array.from({ length: GROUP }, (_, g) => copy(1 + WARM + r * GROUP + g));
  return answers.flatMap((_, i) => sets.map((s) => s[i]!));
});

const cpu = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};
const now = () => performance.now();
const items = (list: readonly Answer[]) => list.map((a) => ({ problem_id: a.problemId, response: a.text }));

/** Scores a list through a pool in batches, two batches in flight per worker; outcomes in order. */
async function viaPool(pool: ScoreBackend, list: readonly Answer[]): Promise<ItemOutcome[]> {
  const out: ItemOutcome[] = new Array(list.length);
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const start = next;
      next = Math.min(list.length, next + BATCH);
      const outcomes = await pool.score(items(list.slice(start, next)), 'summary');
      outcomes.forEach((o, k) => {
        out[start + k] = o;
      });
    }
  };
  await Promise.all(Array.from({ length: 2 * WORKERS }, lane));
  return out;
}

const local = createProblemScorers(problems, []);
const inProcess = async (list: readonly Answer[]): Promise<ItemOutcome[]> =>
  items(list).map((item) => scoreItem(local, item, 'summary', now));

const arms: {
  name: string;
  run: (list: readonly Answer[]) => Promise<ItemOutcome[]>;
  pool?: ScoreBackend;
}[] = [{ name: 'in process, one thread', run: inProcess }];
for (const schedule of ['fifo', 'affinity'] as const) {
  const pool = createWorkerPool({
    problems,
    workers: WORKERS,
    itemTimeoutMs: 120_000,
    maxQueue: 10_000,
    warmupItems: 0,
    schedule,
  });
  while (pool.stats().ready < WORKERS) await new Promise((r) => setTimeout(r, 20));
  arms.push({ name: `${WORKERS} workers, ${schedule}`, run: (list) => viaPool(pool, list), pool });
}
for (const w of warmSets) await inProcess(w);
for (const arm of arms.slice(1)) for (let k = 0; k < WORKERS; k++) for (const w of warmSets) await arm.run(w);
const affineBefore = arms.map((a) => a.pool?.stats().affine ?? 0);

const key = (o: ItemOutcome): string =>
  o.status === 'ok' ? `${o.step_score}|${o.final_answer_correct}` : `${o.status}`;
const spent = arms.map(() => 0);
const perRound: number[][] = arms.map(() => []);
let scored = 0;
let differences = 0;
for (let r = 0; r < ROUNDS; r++) {
  const list = roundSets[r]!;
  let reference: string[] | undefined;
  for (let k = 0; k < arms.length; k++) {
    const a = (k + r) % arms.length;
    const c0 = process.cpuUsage();
    const outcomes = await arms[a]!.run(list);
    const t = cpu(c0);
    spent[a]! += t;
    perRound[a]!.push(t);
    const keys = outcomes.map(key);
    if (reference === undefined) reference = keys;
    else differences += keys.filter((x, i) => x !== reference![i]).length;
  }
  scored += list.length;
}
const affine = arms.map((a, i) => (a.pool?.stats().affine ?? 0) - affineBefore[i]!);
await Promise.all(arms.map((a) => a.pool?.close()));

console.log(
  `${scored} fresh answers per arm (${ROUNDS} rounds of ${answers.length} answers × groups of ${GROUP}, batches of ${BATCH}; after ${WARM} warm-up passes per isolate), CPU of this process per answer:`,
);
const base = spent[0]! / scored;
arms.forEach((arm, i) => {
  const per = spent[i]! / scored;
  const share = !arm.name.endsWith('affinity')
    ? ''
    : `; items on their problem's worker ${((100 * affine[i]!) / scored).toFixed(0)}%`;
  console.log(
    `  ${arm.name.padEnd(24)} ${(per * 1e6).toFixed(0).padStart(6)} µs (${(1 / per).toFixed(0)} per CPU-s), ${(base / per).toFixed(2)}× the in-process rate per CPU; per round ${perRound[i]!.map((t, r) => (perRound[0]![r]! / t).toFixed(2)).join(' ')}${share}`,
  );
});
console.log(`affinity / fifo, per CPU: ${(spent[1]! / spent[2]!).toFixed(2)}×`);
console.log(`item outcomes differing between arms: ${differences}`);
if (differences > 0) process.exitCode = 1;
