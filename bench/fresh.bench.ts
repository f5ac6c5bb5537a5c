/**
 * Scoring answers never seen before, as an RL trainer does (see bench/fresh-answers.ts for the
 * seeded perturbation). One scorer per source; the unperturbed answers are scored first (warm-up,
 * not timed), then --copies perturbed copies of each are timed one by one: answers per second,
 * median, p99, max, and the cache hit rates (answer-formula cache, pair-verdict cache) so it is
 * visible how much work was really redone. Baseline, in the same process on the same fresh
 * answers: the same scorer with the pair cache and the cheap path (identity, effective-variable
 * fingerprint) off. The 12 real PRISM answers are timed at first sight (see `firstSight`). Then the memory of a scorer after --memory fresh synthetic answers, with the
 * default LRU bounds and with unbounded caches (baseline).
 * Run: npx tsx bench/fresh.bench.ts [--copies 1] [--baseline-copies 1] [--memory 20000]
 *   [--skip first,harsh,bundled,real,memory]
 */
import { parseArgs } from 'node:util';
import { createPrng } from '../src/core/prng.js';
import type { Problem } from '../src/dag/types.js';
import { createScorer, type Scorer, type ScorerOptions } from '../src/score/create-scorer.js';
import {
  type Answer,
  type AnswerSet,
  bundledAnswers,
  freshAnswers,
  harshAnswers,
  realAnswers,
} from './fresh-answers.js';

const { values } = parseArgs({
  options: {
    copies: { type: 'string' },
    'baseline-copies': { type: 'string' },
    memory: { type: 'string' },
    skip: { type: 'string' },
  },
});
const COPIES = Number(values.copies ?? 1);
const BASE_COPIES = Number(values['baseline-copies'] ?? 1);
const MEMORY_N = Number(values.memory ?? 20_000);
const skip = new Set((values.skip ?? '').split(',').filter((x) => x !== ''));

interface Run {
  readonly perSecond: number;
  /** Answers per CPU-second of this process (user + system): per core, and fair on a busy machine. */
  readonly perCpuSecond: number;
  readonly median: number;
  readonly p99: number;
  readonly max: number;
  readonly times: number[];
}

function timeAnswers(scorer: Scorer, answers: readonly Answer[]): Run {
  const times: number[] = [];
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  for (const a of answers) {
    const t = performance.now();
    scorer.scoreResponse(a.problemId, a.text);
    times.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  const total = performance.now() - start;
  const sorted = [...times].sort((x, y) => x - y);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return {
    perSecond: (1000 * answers.length) / total,
    perCpuSecond: (1e6 * answers.length) / Math.max(1, cpu.user + cpu.system),
    median: q(0.5),
    p99: q(0.99),
    max: q(1),
    times,
  };
}

const fmt = (r: Run) =>
  `${r.perSecond.toFixed(1)}/s (${r.perCpuSecond.toFixed(1)} per CPU-second)  median ${r.median.toFixed(2)} ms  p99 ${r.p99.toFixed(1)} ms  max ${r.max.toFixed(0)} ms`;

function rates(scorer: Scorer, before: { pairs: number; hits: number; a: number; m: number }): string {
  const s = scorer.stats;
  const c = scorer.answerCacheStats();
  const pairs = s.pairs - before.pairs;
  const hits = s.cacheHits - before.hits;
  const aHits = c.hits - before.a;
  const aAll = aHits + c.misses - before.m;
  return `answer-formula cache hits ${aHits}/${aAll} (${((100 * aHits) / Math.max(1, aAll)).toFixed(1)}%), pair cache hits ${hits}/${pairs} pairs (${((100 * hits) / Math.max(1, pairs)).toFixed(1)}%)`;
}

function source(label: string, set: AnswerSet): void {
  const options: ScorerOptions = {};
  const scorer = createScorer(set.problems, options);
  timeAnswers(scorer, set.answers); // warm-up on the originals
  const fresh = freshAnswers(set.answers, COPIES);
  const c0 = scorer.answerCacheStats();
  const before = { pairs: scorer.stats.pairs, hits: scorer.stats.cacheHits, a: c0.hits, m: c0.misses };
  const ours = timeAnswers(scorer, fresh);
  console.log(`${label}: ${fresh.length} fresh answers  ${fmt(ours)}`);
  console.log(`  ${rates(scorer, before)}`);
  if (BASE_COPIES === 0) return;
  const subset = freshAnswers(set.answers, BASE_COPIES);
  const base = createScorer(set.problems, { cheapPath: false, pairCache: false });
  timeAnswers(base, set.answers);
  const b = timeAnswers(base, subset);
  const again = createScorer(set.problems);
  timeAnswers(again, set.answers);
  const o = timeAnswers(again, subset);
  console.log(
    `  baseline (no pair cache, no cheap path) on ${subset.length}: ${fmt(b)}; ours on the same: ${fmt(o)} → ${(o.perSecond / b.perSecond).toFixed(1)}× throughput, p99 ${(b.p99 / o.p99).toFixed(1)}×`,
  );
}

/**
 * The real answers have few numbers to perturb (a perturbed copy hits the caches ~97% of the time),
 * so they are measured at first sight instead: a new scorer (nodes prepared), each answer once.
 */
function firstSight(set: AnswerSet): void {
  const scorer = createScorer(set.problems);
  const run = timeAnswers(scorer, set.answers);
  console.log(`real PRISM answers (12), first sight (new scorer, no warm-up): ${fmt(run)}`);
  console.log(`  per answer (ms): ${run.times.map((t) => t.toFixed(0)).join(' ')}`);
  console.log(
    '  baseline (no pair cache, no cheap path): not run (minutes: every pair through Algorithm 1 with integrals)',
  );
}

/** A fresh synthetic answer: numbers drawn per answer, so every formula is new. */
function syntheticAnswer(i: number): string {
  const prng = createPrng(`memory-${i}`);
  const parts: string[] = [];
  for (let f = 0; f < 20; f++) {
    const k = 1 + prng.int(5);
    parts.push(`$$y_{${k}} = ${(1 + prng.next() * 9).toFixed(6)} x_{${k}} + ${prng.int(1000)}$$`);
  }
  return parts.join('\n');
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function memory(): void {
  const problem: Problem = {
    id: 'mem',
    context: 'synthetic',
    grading_standard: Array.from({ length: 5 }, (_, i) => ({
      index: i + 1,
      formula: `$$y_{${i + 1}} = ${i + 2} x_{${i + 1}}$$`,
      dependency: [],
    })),
  };
  const measure = (options: ScorerOptions): { mb: number; ms: number } => {
    const start = heapMb();
    const scorer = createScorer([problem], options);
    const t0 = performance.now();
    for (let i = 0; i < MEMORY_N; i++) scorer.scoreResponse('mem', syntheticAnswer(i));
    const ms = performance.now() - t0;
    const mb = heapMb() - start;
    scorer.scoreResponse('mem', ''); // keep the scorer alive until measured
    return { mb, ms };
  };
  const bounded = measure({});
  const unbounded = measure({
    cache: { answerEntries: 1e9, answerBytes: 1e15, pairEntries: 1e9, pairBytes: 1e15 },
  });
  const gcNote =
    (globalThis as { gc?: unknown }).gc === undefined ? ' (run with --expose-gc for exact numbers)' : '';
  console.log(
    `memory after ${MEMORY_N} fresh synthetic answers (${MEMORY_N * 20} formulas): default LRU bounds ${bounded.mb.toFixed(0)} MB retained, ` +
      `unbounded caches (baseline) ${unbounded.mb.toFixed(0)} MB → ${(unbounded.mb / Math.max(1, bounded.mb)).toFixed(1)}×${gcNote}`,
  );
}

/**
 * The first 200 answers a new process scores (V8 still compiling the scorer): the bundled answers,
 * nudged, on a new scorer. Runs first, before anything else warms the process. Baseline: the same
 * answers again on a second new scorer in the same process (JIT warm, caches cold).
 */
function firstInProcess(set: AnswerSet): void {
  const answers = freshAnswers(set.answers, 1).slice(0, 200);
  const first = timeAnswers(createScorer(set.problems), answers);
  const again = timeAnswers(createScorer(set.problems), answers);
  console.log(
    `first ${answers.length} answers of this process (new scorer): ${fmt(first)}; target ≥ 500 per CPU-second → ${(first.perCpuSecond / 500).toFixed(2)}× the target`,
  );
  console.log(
    `  baseline (a second new scorer, JIT warm): ${fmt(again)} → first/warm ${(first.perCpuSecond / again.perCpuSecond).toFixed(2)}×`,
  );
}

/**
 * The harsh freshening (bench/fresh-answers.ts `harshen`): a cancelling K_n/K_n before every `=`,
 * n unique per answer, so every formula with an `=` is new to every cache. Warm-up: the originals
 * and one harsh pass with other tags (JIT), then --copies passes timed. Baseline in the same
 * process: the same scorer on the project's own freshening (numbers nudged).
 */
function harsh(set: AnswerSet): void {
  const scorer = createScorer(set.problems);
  timeAnswers(scorer, set.answers);
  timeAnswers(scorer, harshAnswers(set.answers, 'w'));
  const answers: Answer[] = [];
  for (let c = 0; c < COPIES; c++) answers.push(...harshAnswers(set.answers, `c${c}x`));
  const c0 = scorer.answerCacheStats();
  const before = { pairs: scorer.stats.pairs, hits: scorer.stats.cacheHits, a: c0.hits, m: c0.misses };
  const run = timeAnswers(scorer, answers);
  console.log(
    `harsh freshening (K_n/K_n before every =), ${answers.length} answers: ${fmt(run)}; target ≥ 1,000 per CPU-second → ${(run.perCpuSecond / 1000).toFixed(2)}× the target, p99 target 20 ms → ${(20 / run.p99).toFixed(2)}×`,
  );
  console.log(`  ${rates(scorer, before)}`);
  const own = timeAnswers(scorer, freshAnswers(set.answers, COPIES));
  console.log(
    `  baseline (the project's freshening, same scorer): ${fmt(own)}; target ≥ 2,000 per CPU-second → ${(own.perCpuSecond / 2000).toFixed(2)}×; harsh/own ${(run.perCpuSecond / own.perCpuSecond).toFixed(2)}×`,
  );
}

if (!skip.has('first')) firstInProcess(bundledAnswers());
if (!skip.has('harsh')) harsh(bundledAnswers());
if (!skip.has('bundled')) source('bundled (data/answers, 210)', bundledAnswers());
const real = realAnswers();
if (!skip.has('real')) {
  if (real === undefined) console.log('real answers: ../shared/peers/prism-physics absent; skipped');
  else firstSight(real);
}
if (!skip.has('memory')) memory();
