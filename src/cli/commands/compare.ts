import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { compareRuns, runScores } from '../../runs/compare-runs.js';
import { loadRun, type StoredRun } from '../../runs/load-run.js';
import { renderComparison } from '../../runs/render-comparison.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';

const HELP = `Usage: prism compare RUN_A RUN_B... [--json]

Puts runs side by side (Table 1 averages) and compares each run with the first on the problems both
scored: per-problem paired differences of step score and final-answer accuracy (each problem
averaged over its samples), a paired t-test, an exact sign test, a Wilcoxon signed-rank test (exact
for small n without ties, else normal with tie correction) and Kendall's tau_b between the runs'
per-problem scores.

Options:
  --json   print the comparison (with every per-problem difference) as JSON
Exit codes: 0 printed, 2 fewer than two runs or a directory that is not a run.`;

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: { values: { json?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: { json: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
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
  if (parsed.values.json === true) {
    io.stdout(
      `${JSON.stringify({ runs: runs.map((r) => ({ label: label(r), dir: r.dir, summary: r.summary ?? null })), comparisons }, null, 2)}\n`,
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
  }
  return 0;
}

/** `prism compare RUN_A RUN_B…`. */
export const compareCommand: Command = {
  name: 'compare',
  summary: 'compare runs side by side with paired t, sign and Wilcoxon tests',
  help: HELP,
  run,
};
