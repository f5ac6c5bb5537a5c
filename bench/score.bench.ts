/**
 * Scoring speed: one answer (~30 formulas) against a ~20-node DAG, per response, median / p99.
 * Loads: the 12 real answers of ../shared/peers/prism-physics (when present) and a synthetic load of
 * 10 000 answers generated with a seeded PRNG against a 20-node synthetic DAG. The baseline, run in
 * the same process on the same answers, is the same pipeline with the pair cache and the cheap path
 * (identity, variable-set fingerprint) disabled. Target: ≤ 5 ms median per response.
 * Run: npx tsx bench/score.bench.ts [--answers N] [--baseline N] [--real-baseline]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPrng } from '../src/core/prng.js';
import type { Problem } from '../src/dag/types.js';
import { loadDataset } from '../src/dataset/load-dataset.js';
import { readResponses } from '../src/dataset/read-responses.js';
import { createScorer, type Scorer } from '../src/score/create-scorer.js';

const { values } = parseArgs({
  options: {
    answers: { type: 'string' },
    baseline: { type: 'string' },
    'real-baseline': { type: 'boolean' },
  },
});
const N = Number(values.answers ?? 10_000);
const BASELINE_N = Number(values.baseline ?? 300);

/** A 20-node DAG: y_k = c_k y_{parent} + d_k y_{other} chains over given quantities x_1..x_5. */
function syntheticProblem(): Problem {
  const nodes: { index: number; formula: string; dependency: number[]; is_final_answer?: boolean }[] = [];
  for (let k = 1; k <= 5; k++)
    nodes.push({ index: k, formula: `$$y_{${k}} = ${k + 1} x_{${k}}$$`, dependency: [] });
  for (let k = 6; k <= 20; k++) {
    const a = k - 1;
    const b = k - 5;
    nodes.push({
      index: k,
      formula: `$$y_{${k}} = \\frac{y_{${a}}}{${(k % 4) + 2}} + ${(k % 3) + 1} y_{${b}}^2$$`,
      dependency: [a, b],
      ...(k === 20 ? { is_final_answer: true } : {}),
    });
  }
  return { id: 'synthetic', context: 'synthetic', grading_standard: nodes };
}

/** An answer of 30 formulas: right steps rearranged, wrong coefficients, unrelated steps, prose. */
function syntheticAnswer(seed: number): string {
  const prng = createPrng(`answer-${seed}`);
  const parts: string[] = ['We proceed step by step.'];
  for (let f = 0; f < 30; f++) {
    const k = 6 + prng.int(15);
    const kind = prng.int(3);
    const c = (k % 4) + 2;
    const d = (k % 3) + 1;
    if (kind === 0) parts.push(`$$${c} y_{${k}} - ${c * d} y_{${k - 5}}^2 = y_{${k - 1}}$$`);
    else if (kind === 1)
      parts.push(`$$y_{${k}} = \\frac{y_{${k - 1}}}{${c}} + ${d + 1 + prng.int(40)} y_{${k - 5}}^2$$`);
    else parts.push(`$$E_{${prng.int(50)}} = \\frac{1}{2} m v_{${prng.int(50)}}^2$$ so`);
  }
  return parts.join('\n');
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function summarizeTimes(times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  return {
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    total: times.reduce((s, t) => s + t, 0),
  };
}

function timeAll(scorer: Scorer, answers: readonly { id: string; text: string }[]): number[] {
  return answers.map((a) => {
    const start = performance.now();
    scorer.scoreResponse(a.id, a.text);
    return performance.now() - start;
  });
}

const fmt = (x: { median: number; p99: number }): string =>
  `median ${x.median.toFixed(3)} ms  p99 ${x.p99.toFixed(3)} ms`;

function report(
  label: string,
  problems: Problem[],
  answers: { id: string; text: string }[],
  baselineCount: number,
): void {
  const scorer = createScorer(problems);
  const fast = summarizeTimes(timeAll(scorer, answers));
  const s = scorer.stats;
  console.log(
    `${label}: ${answers.length} answers  ${fmt(fast)}  ` +
      `(pairs ${s.pairs}, cheap rejects ${s.cheapRejects}, identical ${s.identical}, cache hits ${s.cacheHits}, Algorithm 1 runs ${s.comparisons})`,
  );
  if (baselineCount === 0) return;
  const head = answers.slice(0, baselineCount);
  const base = summarizeTimes(timeAll(createScorer(problems, { cheapPath: false, pairCache: false }), head));
  const same = summarizeTimes(timeAll(createScorer(problems), head));
  console.log(
    `  baseline (no pair cache, no cheap path) on the first ${head.length}: ${fmt(base)}; ours on the same: ${fmt(same)} → ` +
      `${(base.median / same.median).toFixed(1)}× faster at the median, ${(base.total / same.total).toFixed(1)}× in total`,
  );
}

const shared = fileURLToPath(new URL('../../shared/peers/prism-physics/', import.meta.url));
const dataset = loadDataset(`${shared}dag_02_subset.json`);
if (dataset.readable) {
  const responses = readResponses(`${shared}responses_02_subset.jsonl`).responses;
  const real = responses.map((r) => ({ id: r.problem_id, text: r.response }));
  const scorer = createScorer(dataset.problems);
  const cold = summarizeTimes(timeAll(scorer, real));
  // Scoring the same answers again (as an RL loop re-scores similar rollouts): the pair cache serves them.
  const warm = summarizeTimes(Array.from({ length: 20 }, () => timeAll(scorer, real)).flat());
  console.log(`real answers (12, first pass): ${fmt(cold)}; warm (12 × 20, same scorer): ${fmt(warm)}`);
  console.log(
    `  baseline on real answers: not run by default (every pair through Algorithm 1, with integrals: minutes); use --real-baseline`,
  );
  if (values['real-baseline'] === true) {
    const base = summarizeTimes(
      timeAll(createScorer(dataset.problems, { cheapPath: false, pairCache: false }), real),
    );
    console.log(
      `  baseline on real answers: ${fmt(base)} → ${(base.median / cold.median).toFixed(1)}× at the median, ${(base.total / cold.total).toFixed(1)}× in total`,
    );
  }
} else console.log('real answers: ../shared/peers/prism-physics absent; skipped');

const problem = syntheticProblem();
const answers = Array.from({ length: N }, (_, i) => ({ id: problem.id, text: syntheticAnswer(i) }));
report('synthetic (20-node DAG, 30 formulas/answer)', [problem], answers, BASELINE_N);
