/**
 * Parser benchmark. Run: `npx tsx bench/parse.bench.ts`.
 * Median and p99 µs per formula of `parseLatex` over the 131 PRISM grading_standard formulas and the
 * 2,423 OlympiadBench display formulas (read from ../shared; skipped with a message when absent).
 * Baseline, same formulas, same process: `tokenize` alone (the tokenizer pass every parse starts
 * with), so the ratio says how much the grammar costs on top of reading the characters. A second
 * baseline is a JSON deep copy of each resulting tree (`JSON.parse(JSON.stringify(tree))`), the
 * cheapest way to produce the same tree without parsing.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { olympiadFormulas, prismFormulas } from '../scripts/parse-coverage.js';
import { parseLatex, tokenize } from '../src/latex/index.js';

const root = new URL('../../shared/peers/', import.meta.url);
const prismPath = fileURLToPath(new URL('prism-physics/dag_02_subset.json', root));
const olympiadPath = fileURLToPath(new URL('olympiadbench-physics/English_Olympiad_Physics.json', root));

if (!existsSync(prismPath) || !existsSync(olympiadPath)) {
  console.log('../shared/peers is absent: nothing to benchmark');
  process.exit(0);
}

const formulas = [...prismFormulas(prismPath), ...olympiadFormulas(olympiadPath)];
const ROUNDS = 15;

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
for (let k = 0; k < 3; k++) for (const f of formulas) parseLatex(f);
const trees = formulas.map((f) => {
  const r = parseLatex(f);
  return r.ok ? r.tree : null;
});

const parse = measure((f) => parseLatex(f));
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
