/**
 * Cold workers: how fast a fresh reward-server worker scores its first fresh answers, without and
 * with the warm-up it now does before reporting ready (`--warmup-items`, default 200: answers built
 * from the problems' own formulas, so none of the measured answers is among them). For each setting
 * a new pool of one worker scores the 210 bundled answers, perturbed so no cache helps, in three
 * passes (new perturbations each); the rate is answers per second of the worker's own scoring time
 * (the `ms` it reports per item). Baseline: the pool without warm-up, in the same process.
 * Run: npm run bench -- cold-start
 */
import { createWorkerPool } from '../src/server/worker-pool.js';
import { bundledAnswers, freshAnswers } from './fresh-answers.js';

const { problems, answers } = bundledAnswers();
const passes = [1, 2, 3].map((copy) => freshAnswers(answers, copy + 1).slice(copy * answers.length));

async function rates(warmupItems: number): Promise<number[]> {
  const pool = createWorkerPool({
    problems,
    workers: 1,
    itemTimeoutMs: 60_000,
    maxQueue: 10_000,
    warmupItems,
  });
  while (pool.stats().ready === 0) await new Promise((r) => setTimeout(r, 20));
  const out: number[] = [];
  for (const pass of passes) {
    const outcomes = await pool.score(
      pass.map((a) => ({ problem_id: a.problemId, response: a.text })),
      'summary',
    );
    const ms = outcomes.reduce((s, o) => s + o.ms, 0);
    out.push(outcomes.length / (ms / 1000));
  }
  await pool.close();
  return out;
}

const cold = await rates(0);
const warm = await rates(200);
const fmt = (r: number[]) => r.map((x) => x.toFixed(0)).join(' → ');
console.log(`answers per second of scoring, passes 1 → 2 → 3 (fresh answers each pass)`);
console.log(`no warm-up (baseline): ${fmt(cold)}`);
console.log(`warm-up of 200 items:  ${fmt(warm)}`);
console.log(
  `first pass: ${(warm[0]! / cold[0]!).toFixed(2)}× the cold worker's; ` +
    `${((100 * warm[0]!) / warm[2]!).toFixed(0)}% of the warmed worker's third pass (cold: ${((100 * cold[0]!) / cold[2]!).toFixed(0)}%)`,
);
