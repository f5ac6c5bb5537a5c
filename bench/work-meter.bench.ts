/**
 * Is the work budget a time budget? CPU seconds per million work units charged, for well-behaved
 * answers (the baseline: the bundled graded answers, perturbed so that no cache helps, scored with
 * the default budget) and for every hostile answer of the pathological corpus plus a derivative
 * flood against the bundled problems (2,000 distinct 8th derivatives, ~130 KB: 13–31 s of CPU under
 * a budget of 1,000 units before differentiation, parsing and preparation were metered), each
 * scored by a fresh scorer at each budget of --budgets (the least CPU time of three runs). All in
 * this process, one after another.
 *
 * A call has fixed costs no budget removes (the record, the final-answer check's scans), so an item
 * is charged at least FLOOR units in the ratio: its figure is CPU s / max(units charged, FLOOR) × 1e6.
 * An unmetered stage shows as an item far above the baseline (seconds against a few units).
 * Prints per item the CPU ms and units charged at each budget, then the worst item and its ratio to
 * the baseline, and the worst CPU seconds per budget (which must grow with the budget, not the input).
 * Run: npm run bench -- work-meter [-- --budgets 1000,100000,2000000] [--filter name]
 */
import { parseArgs } from 'node:util';
import { createScorer, DEFAULT_RESPONSE_WORK } from '../src/score/create-scorer.js';
import { PATHOLOGICAL_PROBLEMS, pathologicalCorpus } from '../test/score/pathological-corpus.js';
import { bundledAnswers, freshAnswers } from './fresh-answers.js';

const FLOOR = 50_000;

const { values } = parseArgs({
  options: { budgets: { type: 'string' }, filter: { type: 'string' } },
});
const budgets = (values.budgets ?? '1000,100000,2000000').split(',').map(Number);

function cpuSeconds(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

// Baseline: the bundled answers, fresh (perturbed numbers), default budget, one fresh scorer.
const bundled = bundledAnswers();
const answers = freshAnswers(bundled.answers, 1);
{
  // JIT warm-up on other copies, so the baseline is steady-state code like the hostile items.
  const warm = createScorer(bundled.problems);
  for (const a of freshAnswers(bundled.answers, 2).slice(answers.length, answers.length + 60))
    warm.scoreResponse(a.problemId, a.text);
}
const baseScorer = createScorer(bundled.problems);
let baseUnits = 0;
const baseCpu = cpuSeconds(() => {
  for (const a of answers) {
    baseScorer.scoreResponse(a.problemId, a.text);
    baseUnits += Math.max(baseScorer.lastCharged(), FLOOR);
  }
});
const basePerM = (baseCpu / baseUnits) * 1e6;
console.log(
  `baseline: ${answers.length} fresh bundled answers, default budget (${DEFAULT_RESPONSE_WORK / 1e6}M): ` +
    `${baseCpu.toFixed(2)} CPU s, ${(baseUnits / 1e6).toFixed(1)} M units → ${basePerM.toFixed(3)} CPU s per M units`,
);

interface Item {
  readonly name: string;
  readonly problems: typeof bundled.problems | typeof PATHOLOGICAL_PROBLEMS;
  readonly problemId: string;
  readonly response: string;
}
const flood = (i: number) => `$$x = \\frac{d^{8}}{dt^{8}}\\left(t^{t} \\sin(${i} t) e^{t}\\right)$$`;
const items: Item[] = [
  ...pathologicalCorpus(1).map((i) => ({ ...i, problems: PATHOLOGICAL_PROBLEMS })),
  ...bundled.problems.slice(0, 3).map((p) => ({
    name: `derivative-flood@${p.id}`,
    problems: bundled.problems,
    problemId: p.id,
    response: Array.from({ length: 2000 }, (_, i) => flood(i)).join('\n'),
  })),
].filter((i) => values.filter === undefined || i.name.includes(values.filter));

console.log(
  `${'item'.padEnd(40)} ${budgets.map((b) => `budget ${b}: CPU ms / units`.padStart(34)).join('')}`,
);
let worst = { name: '', perM: 0 };
const worstCpu = new Map<number, number>();
for (const item of items) {
  const cells: string[] = [];
  for (const budget of budgets) {
    // The least of three runs, each by a fresh scorer (no cache helps): the first run of a kind of
    // input also pays for compiling the code it reaches, which no budget is about.
    let cpu = Number.POSITIVE_INFINITY;
    let charged = 0;
    for (let run = 0; run < 3; run++) {
      const scorer = createScorer(item.problems, { workBudget: budget });
      cpu = Math.min(
        cpu,
        cpuSeconds(() => scorer.scoreResponse(item.problemId, item.response)),
      );
      charged = scorer.lastCharged();
    }
    const perM = (cpu / Math.max(charged, FLOOR)) * 1e6;
    if (perM > worst.perM) worst = { name: `${item.name} at ${budget}`, perM };
    worstCpu.set(budget, Math.max(worstCpu.get(budget) ?? 0, cpu));
    cells.push(`${(cpu * 1e3).toFixed(0)} / ${charged}`.padStart(34));
  }
  console.log(`${item.name.padEnd(40)} ${cells.join('')}`);
}
console.log(
  `worst CPU s per budget: ${budgets.map((b) => `${b} → ${(worstCpu.get(b) ?? 0).toFixed(3)} s`).join(', ')}`,
);
console.log(
  `worst item: ${worst.name}: ${worst.perM.toFixed(3)} CPU s per M units (floor ${FLOOR}) = ` +
    `${(worst.perM / basePerM).toFixed(2)}× the baseline's ${basePerM.toFixed(3)}`,
);
