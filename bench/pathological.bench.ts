/**
 * Hostile answers: the seeded pathological corpus (test/score/pathological-corpus.ts — nested
 * integrals, sums to 10⁶ and to ∞, divergent integrals, deep nesting, huge exponents, derivative
 * blow-ups, 2 MB answers, fuzzed LaTeX), each scored by a fresh scorer with the default response
 * work budget, then with the budget given by --budget. Baseline: the same scorer with no response
 * work budget, no per-pair work budget and no response-length cap (what the per-pair evaluation
 * budgets alone bound; the fixed caps on one fingerprint, one compile, nesting depth and derivative
 * size stay), run in a child process that is killed after --timeout seconds (reported as "> timeout"): what the per-pair evaluation
 * budgets alone bound. Prints each item's wall time and work units, the worst case and the ratio.
 * Run: npx tsx bench/pathological.bench.ts [--budget 2000000] [--timeout 20] [--filter name]
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createScorer, DEFAULT_RESPONSE_WORK } from '../src/score/create-scorer.js';
import { PATHOLOGICAL_PROBLEMS, pathologicalCorpus } from '../test/score/pathological-corpus.js';

const STARTUP_ALLOWANCE_MS = 15_000;

interface Timing {
  readonly ms: number;
  readonly work: number;
  readonly score: number;
}

function scoreOne(name: string, budget: number, unlimited: boolean): Timing {
  const item = pathologicalCorpus(1).find((i) => i.name === name)!;
  const scorer = createScorer(PATHOLOGICAL_PROBLEMS, {
    workBudget: unlimited ? Number.POSITIVE_INFINITY : budget,
    ...(unlimited
      ? { maxResponseChars: Number.POSITIVE_INFINITY, equivalence: { workBudget: Number.POSITIVE_INFINITY } }
      : {}),
  });
  const t0 = performance.now();
  const record = scorer.scoreResponse(item.problemId, item.response);
  return { ms: performance.now() - t0, work: scorer.lastWork(), score: record.step_score };
}

const { values } = parseArgs({
  options: {
    budget: { type: 'string' },
    timeout: { type: 'string' },
    filter: { type: 'string' },
    child: { type: 'string' },
  },
});
if (values.child !== undefined) {
  console.log(JSON.stringify(scoreOne(values.child, 0, true)));
} else {
  const budget = Number(values.budget ?? 2_000_000);
  const timeoutMs = 1000 * Number(values.timeout ?? 20);
  const items = pathologicalCorpus(1).filter(
    (i) => values.filter === undefined || i.name.includes(values.filter),
  );
  // The baseline runs in a child process killed after the deadline (plus a fixed allowance for
  // loading the child (tsx, when run through it), which is not the item's time: the child reports the time it measured itself).
  const baseline = (name: string): Timing | undefined => {
    const script = fileURLToPath(import.meta.url);
    const r = spawnSync(process.execPath, [...process.execArgv, script, '--child', name], {
      encoding: 'utf8',
      timeout: timeoutMs + STARTUP_ALLOWANCE_MS,
      maxBuffer: 1 << 20,
    });
    if (r.status !== 0) return undefined;
    const t = JSON.parse(r.stdout.trim().split('\n').pop()!) as Timing;
    return t.ms > timeoutMs ? undefined : t;
  };

  scoreOne(items[0]!.name, budget, false); // JIT warm-up
  let worstDefault = 0;
  let worstBudget = 0;
  let worstBase = 0;
  let censored = 0;
  console.log(
    `item                                      default(${DEFAULT_RESPONSE_WORK / 1e6}M) ms / work   budget(${budget / 1e6}M) ms / work   baseline (unlimited) ms`,
  );
  for (const item of items) {
    const d = scoreOne(item.name, DEFAULT_RESPONSE_WORK, false);
    const b = scoreOne(item.name, budget, false);
    const base = baseline(item.name);
    worstDefault = Math.max(worstDefault, d.ms);
    worstBudget = Math.max(worstBudget, b.ms);
    if (base === undefined) {
      censored++;
      worstBase = Math.max(worstBase, timeoutMs);
    } else worstBase = Math.max(worstBase, base.ms);
    const baseText = base === undefined ? `> ${timeoutMs} (killed)` : base.ms.toFixed(0);
    console.log(
      `${item.name.padEnd(42)} ${d.ms.toFixed(0).padStart(8)} / ${String(d.work).padStart(9)}   ${b.ms.toFixed(0).padStart(8)} / ${String(b.work).padStart(9)}   ${baseText.padStart(10)}`,
    );
  }
  const lower = censored > 0 ? '≥ ' : '';
  console.log(
    `worst case: default budget ${worstDefault.toFixed(0)} ms, ${budget / 1e6}M budget ${worstBudget.toFixed(0)} ms, ` +
      `baseline ${lower}${worstBase.toFixed(0)} ms (${censored} killed at ${timeoutMs / 1000} s) → ` +
      `${lower}${(worstBase / worstDefault).toFixed(1)}× (default), ${lower}${(worstBase / worstBudget).toFixed(1)}× (${budget / 1e6}M)`,
  );
}
