/**
 * Parser benchmark. Run: `node scripts/run-bench.mjs parse` (compiled with tsc, as users run it).
 * Median and p99 µs per formula of `parseLatex` over the 131 PRISM grading_standard formulas and the
 * 2,423 OlympiadBench display formulas (read from ../shared; skipped with a message when absent).
 * Baseline, same formulas, same process: `tokenize` alone (the tokenizer pass every parse starts
 * with), so the ratio says how much the grammar costs on top of reading the characters. A second
 * baseline is a JSON deep copy of each resulting tree (`JSON.parse(JSON.stringify(tree))`), the
 * cheapest way to produce the same tree without parsing. Every timed parse bypasses the cache of
 * recent parses (`cache: false`).
 *
 * Second part, the work a scorer does for an answer it has never seen: extract the formulas of
 * fresh (seeded, perturbed) copies of the bundled answers, which parses every math row to split it,
 * and prepare each formula, which parses it again. Timed with the cache of recent parses (a
 * formula that was a whole row is not parsed twice) against the same process with the cache
 * cleared before every prepare (the behaviour before the cache): µs of CPU per formula, and the
 * ratio.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { olympiadFormulas, prismFormulas } from '../scripts/parse-coverage.js';
import { prepareFormula } from '../src/equivalence/index.js';
import { extractFormulas } from '../src/extract/extract-formulas.js';
import { parseLatex, recentParses, tokenize } from '../src/latex/index.js';
import { bundledAnswers, perturb } from './fresh-answers.js';

const root = new URL('../../shared/peers/', import.meta.url);
const prismPath = fileURLToPath(new URL('prism-physics/dag_02_subset.json', root));
const olympiadPath = fileURLToPath(new URL('olympiadbench-physics/English_Olympiad_Physics.json', root));

if (!existsSync(prismPath) || !existsSync(olympiadPath)) {
  console.log('../shared/peers is absent: nothing to benchmark');
  process.exit(0);
}

const formulas = [...prismFormulas(prismPath), ...olympiadFormulas(olympiadPath)];
const ROUNDS = 15;
const UNCACHED = { cache: false } as const;

/** Per-formula times in µs: the median over rounds for each formula. */
function measure(fn: (latex: string) => unknown): number[] {
  const times: number[][] = formulas.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    formulas.forEach((latex, i) => {
      const t0 = performance.now();
      fn(latex);
      times[i]!.push((performance.now() - t0) * 1000);
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

// Warm up the JIT on every path first.
for (let k = 0; k < 3; k++) for (const f of formulas) parseLatex(f, UNCACHED);
const trees = formulas.map((f) => {
  const r = parseLatex(f, UNCACHED);
  return r.ok ? r.tree : null;
});

const parse = measure((f) => parseLatex(f, UNCACHED));
const tokens = measure((f) => tokenize(f));
const copy = measure((f) => {
  const tree = trees[formulas.indexOf(f)];
  return tree === null ? null : JSON.parse(JSON.stringify(tree));
});

const meanLength = formulas.reduce((s, f) => s + f.length, 0) / formulas.length;
console.log(`${formulas.length} formulas (mean ${meanLength.toFixed(0)} chars), ${ROUNDS} rounds each`);
for (const [name, t] of [
  ['parseLatex', parse],
  ['baseline: tokenize only', tokens],
  ['baseline: JSON deep copy of the tree', copy],
] as const) {
  console.log(
    `${name.padEnd(38)} median ${quantile(t, 0.5).toFixed(1).padStart(6)} µs   p99 ${quantile(t, 0.99).toFixed(1).padStart(7)} µs`,
  );
}
console.log(
  `ratio parse/tokenize (median): ${(quantile(parse, 0.5) / quantile(tokens, 0.5)).toFixed(2)}x; parse/deep-copy: ${(quantile(parse, 0.5) / quantile(copy, 0.5)).toFixed(2)}x; target median ≤ 50 µs: ${quantile(parse, 0.5) <= 50 ? 'met' : 'NOT met'}`,
);

// Part 2: extract + prepare of fresh answers, with and without the cache of recent parses.
const { answers } = bundledAnswers();
let freshCopy = 0;
/** CPU µs per formula of extracting and preparing one fresh copy of every bundled answer. */
function scorerParse(cached: boolean): number {
  const texts = answers.map((a, i) => perturb(a.text, `parse-bench-${freshCopy}-${i}`));
  freshCopy++;
  let n = 0;
  const cpu0 = process.cpuUsage();
  for (const text of texts) {
    const extraction = extractFormulas(text);
    for (const f of [...extraction.formulas, ...extraction.candidates]) {
      if (!cached) recentParses.clear();
      prepareFormula(f.latex);
      n++;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / Math.max(1, n);
}
for (let k = 0; k < 2; k++) {
  scorerParse(true);
  scorerParse(false);
}
const withCache: number[] = [];
const without: number[] = [];
for (let round = 0; round < 8; round++) {
  // Alternate the order so that neither side always runs on a warmer heap.
  if (round % 2 === 0) {
    withCache.push(scorerParse(true));
    without.push(scorerParse(false));
  } else {
    without.push(scorerParse(false));
    withCache.push(scorerParse(true));
  }
}
const a = quantile(withCache, 0.5);
const b = quantile(without, 0.5);
console.log(
  `extract + prepare, fresh bundled answers (${answers.length} per round, 8 rounds): ${a.toFixed(1)} µs CPU a formula with the cache of recent parses; baseline, cache cleared before each prepare: ${b.toFixed(1)} µs; ratio ${(b / a).toFixed(2)}x`,
);
