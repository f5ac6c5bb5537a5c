import { basename, extname, join } from 'node:path';
import { loadDataset } from '../../dataset/load-dataset.js';
import { DEFAULT_PARAMETERIZE_RETRIES } from '../../parameterize/parameterize-problem.js';
import { runParameterize } from '../../parameterize/run-parameterize.js';
import { bindJudgeRole } from '../bind-judge-role.js';
import { type FlagTable, flagHelp } from '../flags.js';
import { integerFlag } from '../integer-flag.js';
import { stoppedEarly, whileInterruptible } from '../interruptible.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import {
  CONFIG_FLAG,
  MODEL_ENDPOINT_FLAGS,
  type ModelCommandDeps,
  pipelineCacheOptions,
  readModelCallFlags,
} from '../model-call-flags.js';
import { parseFlags } from '../parse-flags.js';
import { readSelection, SELECTION_FLAGS, selectProblems } from '../select-problems.js';
import { chooseProjectConfig } from './run.js';

const FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: 'the problems (required)' },
  dir: { type: 'string', arg: 'DIR', help: 'the working directory (default parameterize/<dataset name>)' },
  out: { type: 'string', arg: 'FILE', help: 'the parameterized dataset (default DIR/dataset.json)' },
  role: {
    type: 'string',
    arg: 'ROLE',
    help: 'who proposes: a config role or provider name (default solver)',
  },
  'max-retries': {
    type: 'string',
    arg: 'N',
    help: `proposals after the first (default ${DEFAULT_PARAMETERIZE_RETRIES})`,
  },
  ...CONFIG_FLAG,
  model: {
    type: 'string',
    arg: 'NAME',
    help: 'the proposing model (OpenAI-compatible unless --provider anthropic)',
  },
  concurrency: { type: 'string', arg: 'N', help: 'problems at once (default 4)' },
  ...MODEL_ENDPOINT_FLAGS,
  json: { type: 'boolean', help: 'print the report as JSON' },
  quiet: { type: 'boolean', help: 'no summary line' },
  ...SELECTION_FLAGS,
} as const satisfies FlagTable;

const HELP = `Usage: prism parameterize --dataset PATH [--out FILE] [--dir DIR] [--role ROLE] [--max-retries N]
                           [--config FILE | --model NAME --base-url URL --provider openai|anthropic]
                           [--concurrency N] [--no-cache | --cache-ttl HOURS] [--json | --quiet] [selection flags]

Makes PRiSM instances possible for any problem with a reference DAG and witness (e.g. one built by
prism build-dag): a model proposes which givens become parameters, their ranges, units and
constraints (and the text with {{name}} placeholders); we accept or reject it with prism validate's
checks — the parameter shapes, every parameter a DAG input with the problem's own value, and the
forward solve of the problem as written and of 20 seeded instances. Rejected proposals go back to
the model with the findings, in the same chat, at most --max-retries more times. Problems already
parameterized, or without a DAG, are skipped.

Writes DIR/transcripts.jsonl (every call; a rerun resumes without repeating finished calls),
DIR/report.json and report.md, and the dataset with the accepted problems parameterized (the
others as they were) to --out (default DIR/dataset.json), ready for prism instances and prism run
--instances / --task.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 every eligible problem accepted, 1 some rejected, failed or interrupted, 2 bad input.`;

/** Creates `prism parameterize` with the given environment (tests pass fast transport settings). */
export function createParameterizeCommand(deps: ModelCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const { values } = parseFlags(argv, FLAGS, false);
    const str = (k: string): string | undefined => values[k] as string | undefined;
    const datasetPath = str('dataset');
    if (datasetPath === undefined) throw new UsageError('--dataset PATH is required');
    const maxRetries = integerFlag('max-retries', str('max-retries'), DEFAULT_PARAMETERIZE_RETRIES, 0);
    const flags = readModelCallFlags(values, 4);
    const loaded = loadDataset(datasetPath, { raw: true });
    if (!loaded.readable) {
      const first = loaded.diagnostics[0];
      throw new UsageError(
        `cannot read the dataset ${datasetPath}${first === undefined ? '' : `: ${first.message}`}`,
      );
    }
    const problems = selectProblems(loaded.problems, readSelection(values));
    if (problems.length === 0) throw new UsageError(`no problems to parameterize in ${datasetPath}`);
    const chosen = chooseProjectConfig(flags, deps.env, io);
    if (typeof chosen === 'number') return chosen;
    const writer = bindJudgeRole(chosen.project, str('role') ?? 'solver', deps, io, 'parameterize', '--role');
    const dir = str('dir') ?? join('parameterize', basename(datasetPath, extname(datasetPath)) || 'dataset');
    const controller = new AbortController();
    const result = await whileInterruptible(controller, () =>
      runParameterize({
        dataset: datasetPath,
        problems,
        raw: loaded.raw ?? new Map(),
        dir,
        ...(str('out') === undefined ? {} : { out: str('out')! }),
        writer,
        maxRetries,
        concurrency: flags.concurrency,
        ...pipelineCacheOptions(flags, chosen.project, deps.env),
        signal: controller.signal,
        onDone: (o, done, total) => {
          if (values.quiet === true) return;
          const tail =
            o.status === 'accepted'
              ? `accepted after ${o.attempts.length} attempt(s): ${o.parameters?.join(', ')}`
              : `${o.status}: ${(o.reason ?? '').split('\n')[0]}`;
          io.stderr(`prism parameterize: [${done}/${total}] ${o.problem_id} ${tail}\n`);
        },
      }),
    );
    const { report } = result;
    if (values.json === true) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (values.quiet !== true)
      io.stdout(
        `${report.accepted} accepted, ${report.rejected} rejected, ${report.skipped} skipped, ${report.errors} error(s) of ${report.problems} → ${result.outPath}; report ${join(dir, 'report.md')}\n`,
      );
    stoppedEarly(io, 'parameterize', 'model', { fatal: result.fatal, interrupted: report.interrupted });
    return report.rejected === 0 && report.errors === 0 && !report.interrupted ? 0 : 1;
  };
  return {
    name: 'parameterize',
    summary:
      'PRiSM parameters for any DAG problem: a model proposes, the forward solve and witness checks decide',
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** `prism parameterize`, wired to the process environment. */
export const parameterizeCommand: Command = createParameterizeCommand({ env: process.env });
