import { loadAnyDataset } from '../../dataset/load-any-dataset.js';
import type { Rubric } from '../../judges/judge-sample.js';
import { renderJudgeSummary } from '../../judges/render-judge-summary.js';
import { loadRun } from '../../runs/load-run.js';
import { runJudge } from '../../runs/run-judge.js';
import { problemsOfRun } from '../../runs/run-problems.js';
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
  rubric: { type: 'string', arg: 'R', help: 'pps (default) | binary | steps' },
  ...JUDGE_ROLE_FLAG,
  ...CONFIG_FLAG,
  model: {
    type: 'string',
    arg: 'NAME',
    help: 'one model as the judge (OpenAI-compatible unless --provider anthropic)',
  },
  dataset: { type: 'string', arg: 'PATH', help: "the problems and references (default: run.json's dataset)" },
  ...MODEL_ENDPOINT_FLAGS,
  concurrency: { type: 'string', arg: 'N', help: 'judge calls in flight (default 8)' },
  'retry-errors': { type: 'boolean', help: 'judge again the answers whose judgement failed' },
  json: { type: 'boolean', help: 'print the summary as JSON' },
  quiet: { type: 'boolean', help: 'no table' },
} as const satisfies FlagTable;

const HELP = `Usage: prism judge RUN [--rubric pps|binary|steps] [--judge ROLE] [--config FILE]
                   [--model NAME --base-url URL --provider openai|anthropic] [--dataset PATH]
                   [--concurrency N] [--retry-errors] [--no-cache | --cache-ttl HOURS] [--json | --quiet]

Judges every stored answer of a run directory with an LLM judge:
  pps     PhysicsEval's rubric: six criteria 1–5 as strict JSON against the ground
          truth; PPS = 100·(Σw·s − 1)/4 with Table 3's weights (config: judge.pps_weights,
          judge.pps_normaliser = min-max | times-20)
  binary  PRISM-Physics's LLM-as-judge baseline: 0/1 per answer, outcome-based
  steps   a PSAS-S-like linear judge: each step of the answer judged on its own; score = correct/steps
A malformed reply is re-asked once, then recorded as a judge failure (excluded, never a 0).
Judgements go to RUN/judgements-<rubric>.jsonl (+ .summary.json/.md); calls to
RUN/judge-transcripts.jsonl; both are cached and resumed (re-running judges only what is missing,
or answers that changed). prism rescore keeps them.

Options:
${flagHelp(FLAGS)}
Exit codes: 0 judged, 1 judge failures or stopped by a fatal failure, 2 bad input, 130 interrupted.`;

/** Creates `prism judge` with the given environment (tests pass fast transport settings). */
export function createJudgeCommand(deps: ModelCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const parsed = parseFlags(argv, FLAGS, true);
    const v = parsed.values;
    const str = (k: string): string | undefined => v[k] as string | undefined;
    const [dir, ...extra] = parsed.positionals;
    if (dir === undefined || extra.length > 0) throw new UsageError('name exactly one run directory');
    const rubric = (str('rubric') ?? 'pps') as Rubric;
    if (!['pps', 'binary', 'steps'].includes(rubric))
      throw new UsageError(`--rubric must be pps, binary or steps, not '${rubric}'`);
    const flags = readModelCallFlags(v, 8);
    const { concurrency } = flags;
    const { run: stored } = loadRun(dir);
    if (stored === undefined) throw new UsageError(`${dir} is not a run directory (no run.json)`);
    const resolved = resolveJudgeBinding('judge', flags, str('judge'), deps, io);
    if (typeof resolved === 'number') return resolved;
    const { project, binding } = resolved;
    const datasetPath = str('dataset') ?? stored.config.dataset;
    const dataset = loadAnyDataset(datasetPath);
    if (!dataset.readable) throw new UsageError(`cannot read the dataset ${datasetPath}`);
    const selected = problemsOfRun(stored.config, dataset.problems, { datasetPath });
    for (const d of selected.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    const controller = new AbortController();
    const result = await whileInterruptible(controller, () =>
      runJudge({
        dir,
        problems: selected.problems,
        references: dataset.references,
        rubric,
        binding,
        ...pipelineCacheOptions(flags, project, deps.env),
        retryErrors: v['retry-errors'] === true,
        concurrency,
        ...(project.judge?.pps_weights === undefined ? {} : { ppsWeights: project.judge.pps_weights }),
        ...(project.judge?.pps_normaliser === undefined ? {} : { normaliser: project.judge.pps_normaliser }),
        signal: controller.signal,
      }),
    );
    for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    if (!result.ok) return 2;
    const summary = summaryOrExit(io, 'judge', 'judge', result);
    if (typeof summary === 'number') return summary;
    const title = `${stored.config.model} · ${stored.config.technique ?? 'zero-shot'} · judged by ${binding.params.model}`;
    if (v.json === true) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else if (v.quiet !== true) io.stdout(renderJudgeSummary(summary, title));
    io.stderr(
      `prism judge: ${result.judged} judged now, ${result.alreadyDone} already judged, ${result.failures} failure(s)\n`,
    );
    return summary.failures > 0 ? 1 : 0;
  };
  return {
    name: 'judge',
    summary: "judge a run's answers with an LLM (PPS rubric, binary, per-step)",
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** `prism judge RUN`, wired to the process environment. */
export const judgeCommand: Command = createJudgeCommand({ env: process.env });
