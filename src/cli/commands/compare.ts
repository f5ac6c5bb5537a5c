import { basename } from 'node:path';
import type { Problem } from '../../dag/types.js';
import { loadAnyDataset } from '../../dataset/load-any-dataset.js';
import type { JudgedRow } from '../../judges/judge-summary.js';
import { summarizeJudgements } from '../../judges/judge-summary.js';
import { pairedCriteria, renderPairedCriteria } from '../../judges/paired-criteria.js';
import { renderTable2 } from '../../judges/render-table2.js';
import { compareRuns, runScores } from '../../runs/compare-runs.js';
import { loadRun, type StoredRun } from '../../runs/load-run.js';
import { renderComparison } from '../../runs/render-comparison.js';
import { loadJudgements } from '../../runs/run-judge.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';

const FLAGS = {
  json: { type: 'boolean', help: 'print the comparison (with every per-problem difference) as JSON' },
} as const satisfies FlagTable;

const HELP = `Usage: prism compare RUN_A RUN_B... [--json]

Puts runs side by side (Table 1 averages) and compares each run with the first on the problems both
scored: per-problem paired differences of step score and final-answer accuracy (each problem
averaged over its samples), a paired t-test, an exact sign test, a Wilcoxon signed-rank test (exact
for small n without ties, else normal with tie correction) and Kendall's tau_b between the runs'
per-problem scores.

When the runs have PPS judgements (prism judge RUN --rubric pps), also: PhysicsEval's Table 2
(mean PPS by model × technique × tier) and Table 4 (paired two-sided t per criterion and for PPS,
each run against the first, on the problems judged in both). Every comparison ends with the calls,
tokens and model time per technique.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 printed, 2 fewer than two runs, a directory that is not a run, or runs with no problem
in common.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseFlags(argv, FLAGS, true);
  if (parsed.positionals.length < 2) throw new UsageError('name at least two run directories');
  const runs: StoredRun[] = parsed.positionals.map((dir) => {
    const { run: stored } = loadRun(dir);
    if (stored === undefined) throw new UsageError(`${dir} is not a run directory (no run.json)`);
    return stored;
  });
  const models = runs.map((r) => r.config.model);
  const label = (r: StoredRun): string =>
    models.filter((m) => m === r.config.model).length > 1
      ? `${r.config.model} (${basename(r.dir)})`
      : r.config.model;
  const scores = runs.map((r) => runScores(label(r), r.records));
  const comparisons = compareRuns(scores);
  const disjoint = comparisons.filter((c) => c.step.n === 0);
  if (disjoint.length > 0) {
    throw new UsageError(
      `no problem in common between ${disjoint.map((c) => `${c.baseline} and ${c.other}`).join(', ')}: nothing to compare (were they run on the same dataset?)`,
    );
  }
  const judged = runs.map((r) => [...loadJudgements(r.dir, 'pps').values()]);
  const withPps = judged.every((rows) => rows.length > 0);
  const table4 = withPps
    ? runs.slice(1).map((r, i) => ({
        baseline: label(runs[0]!),
        other: label(r),
        metrics: pairedCriteria(judged[0]!, judged[i + 1]!),
      }))
    : [];
  const table2 = withPps
    ? runs.map((r, i) => ({
        model: r.config.model,
        technique: r.config.technique ?? 'zero-shot',
        summary: summarizeJudgements('pps', judged[i]!, problemsOf(r, judged[i]!)),
      }))
    : [];
  if (parsed.values.json === true) {
    io.stdout(
      `${JSON.stringify({ runs: runs.map((r) => ({ label: label(r), dir: r.dir, summary: r.summary ?? null })), comparisons, ...(withPps ? { table2, table4 } : {}) }, null, 2)}\n`,
    );
  } else {
    io.stdout(
      renderComparison(
        runs.map((r) =>
          r.summary === undefined ? { label: label(r) } : { label: label(r), report: r.summary },
        ),
        comparisons,
      ),
    );
    if (withPps) {
      io.stdout(
        `\n### Mean PPS by model × technique × tier (PhysicsEval Table 2 layout)\n\n${renderTable2(table2)}`,
      );
      for (const t of table4)
        io.stdout(
          `\n### Paired t-tests, ${t.other} vs ${t.baseline} (PhysicsEval Table 4 layout)\n\n${renderPairedCriteria('metric', t.metrics)}`,
        );
    }
    const costs = runs.filter((r) => r.summary?.cost !== undefined);
    if (costs.length > 0) {
      io.stdout(
        '\n### Cost per technique\n\n| Run | Technique | Calls | per sample | Prompt tokens | Completion tokens | Model time (s) |\n|---|---|---:|---:|---:|---:|---:|\n',
      );
      for (const r of costs) {
        const c = r.summary!.cost!;
        io.stdout(
          `| ${label(r)} | ${r.config.technique ?? 'zero-shot'} | ${c.total.calls} | ${(c.samples === 0 ? 0 : c.total.calls / c.samples).toFixed(2)} | ${c.total.prompt_tokens} | ${c.total.completion_tokens} | ${(c.total.latency_ms / 1000).toFixed(2)} |\n`,
        );
      }
    }
  }
  return 0;
}

/** `prism compare RUN_A RUN_B…`. */
export const compareCommand: Command = {
  name: 'compare',
  summary: 'compare runs side by side with paired t, sign and Wilcoxon tests',
  help: HELP,
  flags: FLAGS,
  run,
};

/** The run's problems (for tiers and domains); judged ids only, when the dataset cannot be read. */
function problemsOf(run: StoredRun, rows: readonly JudgedRow[]): Problem[] {
  const loaded = loadAnyDataset(run.config.dataset);
  if (loaded.readable) return loaded.problems;
  return rows.map((r) => ({ id: r.problem_id, context: '', grading_standard: [] }));
}
