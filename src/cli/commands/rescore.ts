import type { Problem } from '../../dag/types.js';
import { loadAnyDataset } from '../../dataset/load-any-dataset.js';
import { loadRun } from '../../runs/load-run.js';
import { renderRunReport } from '../../runs/render-run-report.js';
import { problemsOfRun } from '../../runs/run-problems.js';
import type { ResponseScorer } from '../../runs/score-run.js';
import { scoreRun } from '../../runs/score-run.js';
import { type FlagTable, flagHelp } from '../flags.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { parseFlags } from '../parse-flags.js';
import { formatDiagnostic, realScorer } from './run.js';

const FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: "problems to score against (default: run.json's dataset)" },
  force: {
    type: 'boolean',
    help: 'rescore even when problems of the run are missing (their records are dropped)',
  },
  quiet: { type: 'boolean', help: 'do not print the report' },
} as const satisfies FlagTable;

const HELP = `Usage: prism rescore RUN [--dataset PATH] [--force] [--quiet]

Scores the stored responses of a run directory again with the current scorer (no API call) and
rewrites records.jsonl, summary.md and summary.json. The dataset defaults to the one in run.json;
the problems are exactly the run's (run.json's problem_ids), whatever their order in the dataset.
A dataset that lacks some of them, or a rescore that would drop stored records, is refused (exit 2)
unless --force; a dataset whose problems changed since the run is rescored with a warning.
Transcripts and LLM judgements (judgements-*.jsonl) are kept untouched: they do not depend on the
scorer.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 rescored, 2 not a run directory or unreadable dataset.`;

/** Creates `prism rescore` with an injectable scorer factory (tests pass a tiny one). */
export function createRescoreCommand(
  makeScorer: (problems: readonly Problem[]) => ResponseScorer = realScorer,
): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const flags = parseFlags(argv, FLAGS, true);
    const parsed = flags as {
      values: { dataset?: string; quiet?: boolean; force?: boolean };
      positionals: string[];
    };
    const [dir, ...extra] = parsed.positionals;
    if (dir === undefined || extra.length > 0) throw new UsageError('name exactly one run directory');
    const { run: stored } = loadRun(dir);
    if (stored === undefined) throw new UsageError(`${dir} is not a run directory (no run.json)`);
    const datasetPath = parsed.values.dataset ?? stored.config.dataset;
    const dataset = loadAnyDataset(datasetPath);
    if (!dataset.readable) throw new UsageError(`cannot read the dataset ${datasetPath}`);
    const force = parsed.values.force === true;
    const selected = problemsOfRun(stored.config, dataset.problems, { force, datasetPath });
    for (const d of selected.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    const problems = selected.problems;
    const scored = scoreRun({
      force,
      dir,
      problems,
      samples: stored.config.samples,
      model: stored.config.model,
      scorer: makeScorer(problems),
    });
    for (const d of scored.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    if (parsed.values.quiet !== true) io.stdout(renderRunReport(scored.report));
    return 0;
  };
  return {
    name: 'rescore',
    summary: 'score the stored responses of a run again (no API calls)',
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** `prism rescore RUN`, with the real scorer. */
export const rescoreCommand: Command = createRescoreCommand();
