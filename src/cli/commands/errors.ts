import { loadAnyDataset } from '../../dataset/load-any-dataset.js';
import type { ErrorSummary } from '../../error-analysis/error-summary.js';
import { renderErrorSummary } from '../../error-analysis/render-error-summary.js';
import { loadRun, type StoredRun } from '../../runs/load-run.js';
import { runErrors } from '../../runs/run-errors.js';
import { type FlagTable, flagHelp } from '../flags.js';
import { summaryOrExit, whileInterruptible } from '../interruptible.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { resolveJudgeBinding } from '../judge-binding.js';
import {
  CONFIG_FLAG,
  JUDGE_ROLE_FLAG,
  MODEL_ENDPOINT_FLAGS,
  type ModelCommandDeps,
  pipelineCacheOptions,
  readModelCallFlags,
} from '../model-call-flags.js';
import { parseFlags } from '../parse-flags.js';
import { formatDiagnostic } from './run.js';

const FLAGS = {
  all: { type: 'boolean', help: 'classify every answer, perfect ones too' },
  ...JUDGE_ROLE_FLAG,
  ...CONFIG_FLAG,
  model: {
    type: 'string',
    arg: 'NAME',
    help: 'one model as the classifier (OpenAI-compatible unless --provider anthropic)',
  },
  dataset: { type: 'string', arg: 'PATH', help: "the problems (default: each run.json's dataset)" },
  ...MODEL_ENDPOINT_FLAGS,
  concurrency: { type: 'string', arg: 'N', help: 'classifications in flight (default 8)' },
  'retry-errors': { type: 'boolean', help: 'classify again the answers whose classification failed' },
  json: { type: 'boolean', help: 'print the summary as JSON (a list of summaries with several runs)' },
  quiet: { type: 'boolean', help: 'no table, no progress' },
} as const satisfies FlagTable;

const HELP = `Usage: prism errors RUN [RUN …] [--judge ROLE] [--config FILE]
                    [--model NAME --base-url URL --provider openai|anthropic] [--dataset PATH] [--all]
                    [--concurrency N] [--retry-errors] [--no-cache | --cache-ttl HOURS] [--json | --quiet]

Classifies why a run's answers went wrong, in PRISM-Physics's seven error classes:
DAE diagram analysis, PTAE physics theorem application, MPUE modeling and process understanding,
CAE condition or assumption, VRE variable relationship, DCE derivation and computation, UDE unit
dimension. One LLM call per imperfect answer (step score < 1; on a problem without a DAG, a wrong
final answer), given the problem, the answer, our matches (which answer formula matched which
reference step, which steps were missed) and the score: the earliest fundamental cause as one
primary label, plus secondary labels, as strict JSON. A malformed reply or an unknown label is
re-asked once, then recorded as a failure (not counted in the distribution).
Writes RUN/errors.jsonl (one line per answer), RUN/errors.summary.json (counts and shares of
primary labels, secondary counts: plot data) and RUN/errors.summary.md; calls go to
RUN/errors-transcripts.jsonl, cached and resumed (re-running asks only what is missing).
With several runs, prints one table with a column per model.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 done, 1 failures or stopped by a fatal failure, 2 bad input, 130 interrupted.`;

/** Creates `prism errors` with the given environment (tests pass fast transport settings). */
export function createErrorsCommand(deps: ModelCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const parsed = parseFlags(argv, FLAGS, true);
    const v = parsed.values;
    const str = (k: string): string | undefined => v[k] as string | undefined;
    const dirs = parsed.positionals;
    if (dirs.length === 0) throw new UsageError('name at least one run directory');
    const flags = readModelCallFlags(v, 8);
    const { concurrency } = flags;
    const runs: StoredRun[] = [];
    for (const dir of dirs) {
      const { run: stored } = loadRun(dir);
      if (stored === undefined) throw new UsageError(`${dir} is not a run directory (no run.json)`);
      if (stored.records.length === 0)
        throw new UsageError(`${dir} has no scored answers (records.jsonl); run prism rescore ${dir} first`);
      runs.push(stored);
    }
    const resolved = resolveJudgeBinding('errors', flags, str('judge'), deps, io);
    if (typeof resolved === 'number') return resolved;
    const { project, binding } = resolved;
    const cacheOptions = pipelineCacheOptions(flags, project, deps.env);
    const controller = new AbortController();
    const summaries: ErrorSummary[] = [];
    let failures = 0;
    const stopped = await whileInterruptible(controller, async () => {
      for (const stored of runs) {
        const datasetPath = str('dataset') ?? stored.config.dataset;
        const dataset = loadAnyDataset(datasetPath);
        if (!dataset.readable)
          throw new UsageError(`cannot read the dataset ${datasetPath} (of ${stored.dir})`);
        const result = await runErrors({
          run: stored,
          problems: dataset.problems,
          binding,
          all: v.all === true,
          ...cacheOptions,
          retryErrors: v['retry-errors'] === true,
          concurrency,
          signal: controller.signal,
          onProgress: (done, total) => {
            if (v.quiet !== true && (io.isTTY || done === total || done % 10 === 0))
              io.stderr(
                `${io.isTTY ? '\r' : ''}prism errors: ${stored.dir}: ${done}/${total} classified${io.isTTY && done < total ? '' : '\n'}`,
              );
          },
        });
        for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
        if (!result.ok) return 2;
        const summary = summaryOrExit(io, 'errors', 'classifier', result);
        if (typeof summary === 'number') return summary;
        io.stderr(
          `prism errors: ${stored.dir}: ${result.classified} classified now, ${result.alreadyDone} already classified, ${summary.perfect_skipped} perfect left out, ${summary.failures} failure(s)\n`,
        );
        failures += summary.failures;
        summaries.push(summary);
      }
      return undefined;
    });
    if (stopped !== undefined) return stopped;
    if (v.json === true)
      io.stdout(`${JSON.stringify(summaries.length === 1 ? summaries[0] : summaries, null, 2)}\n`);
    else if (v.quiet !== true) io.stdout(renderErrorSummary(summaries));
    return failures > 0 ? 1 : 0;
  };
  return {
    name: 'errors',
    summary: "classify why a run's imperfect answers failed (PRISM-Physics's seven error classes)",
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** `prism errors RUN…`, wired to the process environment. */
export const errorsCommand: Command = createErrorsCommand({ env: process.env });
