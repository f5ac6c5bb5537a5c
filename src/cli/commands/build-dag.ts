import { basename, extname, join } from 'node:path';
import { DEFAULT_MAX_RETRIES } from '../../build-dag/build-problem.js';
import { runBuildDag } from '../../build-dag/run-build-dag.js';
import { loadDataset } from '../../dataset/load-dataset.js';
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
  dir: { type: 'string', arg: 'DIR', help: 'the build directory (default builds/<dataset name>)' },
  out: { type: 'string', arg: 'FILE', help: 'the built dataset (default DIR/dataset.json)' },
  role: {
    type: 'string',
    arg: 'ROLE',
    help: 'who rewrites: a config role or provider name (default solver)',
  },
  reviewer: { type: 'string', arg: 'ROLE', help: 'who reviews (default reviewer)' },
  'max-retries': {
    type: 'string',
    arg: 'N',
    help: `redos per stage and extra witness proposals (default ${DEFAULT_MAX_RETRIES})`,
  },
  ...CONFIG_FLAG,
  model: {
    type: 'string',
    arg: 'NAME',
    help: 'one model for both roles (OpenAI-compatible unless --provider anthropic)',
  },
  concurrency: { type: 'string', arg: 'N', help: 'problems built at once (default 4)' },
  ...MODEL_ENDPOINT_FLAGS,
  json: { type: 'boolean', help: 'print the build report as JSON' },
  quiet: { type: 'boolean', help: 'no summary line' },
  ...SELECTION_FLAGS,
} as const satisfies FlagTable;

const HELP = `Usage: prism build-dag --dataset PATH [--out FILE] [--dir BUILD_DIR] [--role ROLE] [--reviewer ROLE]
                       [--max-retries N] [--config FILE | --model NAME --base-url URL --provider openai|anthropic]
                       [--concurrency N] [--no-cache | --cache-ttl HOURS] [--json | --quiet] [selection flags]

Builds reference DAGs with an LLM (PRISM-Physics's pipeline) for a dataset in our format,
e.g. one written by \`prism import\` (existing DAGs are rebuilt). Per problem:
  1 normalize  formulas rewritten to the Format Instructions, every variable defined
  2 clarify    final_answer_form, final_answer_instructions, significant_figures (no hint at the
               answer: instructions that state it are sent back)
  3 dag        the core formulas as a DAG; our rules first: schema, indices, backward edges, no
               cycles, every node reaching a final node, the last node final, every formula parses
               and is copied verbatim from the stage-1 solution; transitive edges are reported
each followed by a reviewer (<judge>valid|invalid</judge><reason>…</reason>; invalid → redone with
the reason). Then the witness: the model proposes values for the givens, the DAG is solved forward
(prism validate's walk); every formula must hold and the final answers agree, else the failure
(node, both values) goes back to the model. Accepted problems get their DAG and witness.

Writes BUILD_DIR/transcripts.jsonl (every call; a rerun resumes without repeating finished calls),
BUILD_DIR/report.json and report.md (accepted, or rejected with the stage and reason), and the
accepted problems to --out (default BUILD_DIR/dataset.json).

Options:
${flagHelp(FLAGS)}
Exit codes: 0 all accepted, 1 some rejected, failed or stopped by a fatal failure, 2 bad input,
130 interrupted (Ctrl-C).`;

/** Creates `prism build-dag` with the given environment (tests pass fast transport settings). */
export function createBuildDagCommand(deps: ModelCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const { values } = parseFlags(argv, FLAGS, false);
    const str = (k: string): string | undefined => values[k] as string | undefined;
    const datasetPath = str('dataset');
    if (datasetPath === undefined) throw new UsageError('--dataset PATH is required');
    const maxRetries = integerFlag('max-retries', str('max-retries'), DEFAULT_MAX_RETRIES, 0);
    const flags = readModelCallFlags(values, 4);
    const selection = readSelection(values);
    const loaded = loadDataset(datasetPath);
    if (!loaded.readable) {
      const first = loaded.diagnostics[0];
      throw new UsageError(
        `cannot read the dataset ${datasetPath}${first === undefined ? '' : `: ${first.message}`}`,
      );
    }
    const firstError = loaded.diagnostics.find((d) => d.severity === 'error');
    if (loaded.problems.length === 0)
      throw new UsageError(
        `no problems to build in ${datasetPath}${firstError === undefined ? '' : ` (${firstError.where ?? ''}: ${firstError.message})`}`,
      );
    const problems = selectProblems(loaded.problems, selection);
    if (problems.length === 0) throw new UsageError(`no problems to build in ${datasetPath}`);
    const skipped = loaded.diagnostics.filter((d) => d.severity === 'error').length;
    if (skipped > 0)
      io.stderr(
        `prism build-dag: ${skipped} dataset error finding(s); those problems are skipped (run prism validate)\n`,
      );

    const chosen = chooseProjectConfig(flags, deps.env, io);
    if (typeof chosen === 'number') return chosen;
    const { project } = chosen;
    const writer = bindJudgeRole(project, str('role') ?? 'solver', deps, io, 'build-dag', '--role');
    const reviewer = bindJudgeRole(
      project,
      str('reviewer') ?? 'reviewer',
      deps,
      io,
      'build-dag',
      '--reviewer',
    );

    const dir = str('dir') ?? join('builds', basename(datasetPath, extname(datasetPath)) || 'dataset');
    const controller = new AbortController();
    const result = await whileInterruptible(controller, () =>
      runBuildDag({
        dataset: datasetPath,
        problems,
        dir,
        ...(str('out') === undefined ? {} : { out: str('out')! }),
        writer,
        reviewer,
        writerRole: str('role') ?? 'solver',
        reviewerRole: str('reviewer') ?? 'reviewer',
        maxRetries,
        concurrency: flags.concurrency,
        ...pipelineCacheOptions(flags, project, deps.env),
        signal: controller.signal,
        onBuilt: (b, done, total) => {
          if (values.quiet === true) return;
          const tail =
            b.status === 'accepted'
              ? `accepted (attempts ${b.attempts.normalize}/${b.attempts.clarify}/${b.attempts.dag}/${b.attempts.witness}${b.warnings.length > 0 ? `, ${b.warnings.length} warning(s)` : ''})`
              : `${b.status} at ${b.stage}: ${b.reason}`;
          io.stderr(`prism build-dag: [${done}/${total}] ${b.problem_id} ${tail}\n`);
        },
      }),
    );
    const { report } = result;
    if (values.json === true) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (values.quiet !== true)
      io.stdout(
        `${report.accepted} accepted, ${report.rejected} rejected, ${report.errors} error(s) of ${report.problems} → ${result.outPath}; report ${join(dir, 'report.md')}\n`,
      );
    const stopped = stoppedEarly(io, 'build-dag', 'model', {
      fatal: result.fatal,
      interrupted: report.interrupted,
    });
    for (const b of report.builds)
      if (b.status === 'error' && !report.interrupted)
        io.stderr(
          `prism build-dag: problem ${b.problem_id}: a call failed at ${b.stage}: ${b.reason}; run again to retry\n`,
        );
    if (stopped !== undefined) return stopped;
    return report.accepted === report.problems ? 0 : 1;
  };
  return {
    name: 'build-dag',
    summary:
      'build reference DAGs with an LLM: three rewriting stages, reviewers, rule checks, a numeric witness',
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** `prism build-dag`, wired to the process environment. */
export const buildDagCommand: Command = createBuildDagCommand({ env: process.env });
