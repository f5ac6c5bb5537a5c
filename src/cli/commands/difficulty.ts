import { existsSync, readFileSync } from 'node:fs';
import { loadDataset } from '../../dataset/load-dataset.js';
import { parseC12File } from '../../difficulty/parse-c12-file.js';
import { type C12Provider, runDifficulty } from '../../difficulty/run-difficulty.js';
import { DEFAULT_CONFIG_FILE } from '../../pipeline/load-project-config.js';
import type { CutPoints } from '../../stats/calibrate-cut-points.js';
import { fileLevelErrors } from '../dataset-errors.js';
import { type FlagTable, flagHelp } from '../flags.js';
import { summaryOrExit, whileInterruptible } from '../interruptible.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { resolveJudgeBinding } from '../judge-binding.js';
import {
  MODEL_ENDPOINT_FLAGS,
  type ModelCommandDeps,
  pipelineCacheOptions,
  readModelCallFlags,
} from '../model-call-flags.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';
import { readSelection, SELECTION_FLAGS, selectProblems } from '../select-problems.js';

/** Where C1/C2 come from (one of them); help lists these in their own section. */
const SOURCE_FLAGS = {
  judge: {
    type: 'string',
    arg: 'ROLE',
    help: 'one call per problem to a judge (default role: judge; also a provider name),\nstrict JSON; a malformed reply is re-asked once, then recorded as a failure\n(no tier, never a guessed score). Calls are transcribed in DIR, cached, resumed.',
  },
  model: {
    type: 'string',
    arg: 'NAME',
    help: 'one model as the judge (OpenAI-compatible unless --provider anthropic)',
  },
  proxy: {
    type: 'boolean',
    help: "offline, rule-based: C1 from the DAG's source nodes + extra sub-questions, C2\nfrom the DAG's nodes + 2 per integral/sum/derivative (tertiles of the bundled set)",
  },
  c12: {
    type: 'string',
    arg: 'FILE',
    help: 'C1/C2 recorded earlier (JSONL: problem_id with c1/c2, C1/C2 or scores.C1/C2;\na difficulty.jsonl of an earlier run works)',
  },
} as const satisfies FlagTable;

/** The other flags, in the Options section. */
const OPTION_FLAGS = {
  dataset: { type: 'string', arg: 'PATH', help: 'problems (default: the bundled benchmark)' },
  out: { type: 'string', arg: 'DIR', help: 'output folder (default out/difficulty)' },
  cuts: { type: 'string', arg: 'A,B', help: 'S cut-points (integers, 2 ≤ A ≤ B ≤ 9)' },
  config: {
    type: 'string',
    arg: 'FILE',
    help: 'providers and roles (default ./prism.config.json unless --model is given)',
  },
  ...MODEL_ENDPOINT_FLAGS,
  concurrency: { type: 'string', arg: 'N', help: 'judge calls in flight (default 8)' },
  json: { type: 'boolean', help: 'print the summary as JSON' },
  quiet: { type: 'boolean', help: 'no table' },
  ...SELECTION_FLAGS,
} as const satisfies FlagTable;

const FLAGS = { ...SOURCE_FLAGS, ...OPTION_FLAGS } as const satisfies FlagTable;

const HELP = `Usage: prism difficulty [--dataset PATH] (--proxy | --c12 FILE | --judge ROLE [--config FILE]
                        | --model NAME --base-url URL [--provider openai|anthropic])
                        [--out DIR] [--cuts A,B] [--concurrency N] [--no-cache | --cache-ttl HOURS]
                        [--json | --quiet] + selection flags

Grades each problem's difficulty as PRISM-Physics does: C1 (conceptual depth) and C2
(computational burden), each 1–3; C3 (structural complexity) from the entropy of the reference
DAG, e = Σ over layers of ln(width), layers by longest path from the sources, all sub-questions in
one DAG: C3 = 1 if e < ln 3, 2 if ln 3 ≤ e < ln 6, else 3; S = C1 + C2 + C3 → Easy when S ≤ A,
Medium when A < S ≤ B, Hard when S > B (default A,B = 5,7, calibrated on the bundled benchmark).
Where C1/C2 come from:
${flagHelp(SOURCE_FLAGS)}
When the problems carry their own \`difficulty\` label, the summary compares: confusion matrix,
exact and within-one agreement, Kendall τ_b, the best cut-points for those labels and their
leave-one-out agreement.
Writes DIR/difficulty.jsonl (one row per problem), DIR/summary.md and DIR/summary.json.

Options:
${flagHelp(OPTION_FLAGS)}
Exit codes: 0 every problem graded, 1 some without a tier (judge failures, no DAG) or stopped by
a fatal failure, 2 bad input, 130 interrupted.`;

function readCuts(text: string | undefined): CutPoints | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  const a = Number(m?.[1]);
  const b = Number(m?.[2]);
  if (m === null || !(a >= 2 && a <= b && b <= 9))
    throw new UsageError(`--cuts must be two integers A,B with 2 ≤ A ≤ B ≤ 9, not '${text}'`);
  return { a, b };
}

/** Creates `prism difficulty` with the given environment (tests pass fast transport settings). */
export function createDifficultyCommand(deps: ModelCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const { values } = parseFlags(argv, FLAGS, false);
    const str = (k: string): string | undefined => values[k] as string | undefined;
    const judgeFlags = ['judge', 'config', 'model', 'base-url', 'provider'].filter(
      (k) => values[k] !== undefined,
    );
    const modes = [
      values.proxy === true ? '--proxy' : '',
      str('c12') === undefined ? '' : '--c12',
      judgeFlags.length > 0 ? `--${judgeFlags[0]}` : '',
    ].filter((m) => m !== '');
    if (modes.length > 1) throw new UsageError(`choose one source of C1/C2, not ${modes.join(' and ')}`);
    if (modes.length === 0 && !existsSync(DEFAULT_CONFIG_FILE))
      throw new UsageError(
        'say where C1/C2 come from: --proxy (offline, rule-based), --c12 FILE, or a judge (--model NAME [--base-url URL], --config FILE)',
      );
    const cuts = readCuts(str('cuts'));
    const flags = readModelCallFlags(values, 8);
    const selection = readSelection(values);

    const path = str('dataset') ?? bundledDatasetPath();
    const loaded = loadDataset(path);
    const lost = fileLevelErrors(loaded.diagnostics);
    if (!loaded.readable || lost.length > 0) {
      const shown = lost.length > 0 ? lost : loaded.diagnostics;
      throw new UsageError(
        shown.map((d) => `${d.where}: ${d.message}`).join('; ') || `cannot read the dataset ${path}`,
      );
    }
    const problems = selectProblems(loaded.problems, selection);
    if (problems.length === 0) throw new UsageError(`no problems to grade in ${path}`);

    let c12: C12Provider;
    let title: string;
    const controller = new AbortController();
    if (values.proxy === true) {
      c12 = { kind: 'proxy' };
      title = 'rule-based proxy C1/C2';
    } else if (str('c12') !== undefined) {
      const file = str('c12')!;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new UsageError(
          `cannot read --c12 ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
      }
      const parsed = parseC12File(text);
      if (parsed.errors.length > 0) throw new UsageError(`--c12 ${file}: ${parsed.errors[0]}`);
      c12 = { kind: 'file', byId: parsed.byId };
      title = `C1/C2 from ${file}`;
    } else {
      const resolved = resolveJudgeBinding('difficulty', flags, str('judge'), deps, io);
      if (typeof resolved === 'number') return resolved;
      const { project, binding } = resolved;
      c12 = {
        kind: 'judge',
        binding,
        concurrency: flags.concurrency,
        signal: controller.signal,
        ...pipelineCacheOptions(flags, project, deps.env),
      };
      title = `judged by ${binding.params.model}`;
    }
    const result = await whileInterruptible(controller, () =>
      runDifficulty({
        problems,
        c12,
        outDir: str('out') ?? 'out/difficulty',
        title,
        ...(cuts === undefined ? {} : { cuts }),
      }),
    );
    const summary = summaryOrExit(io, 'difficulty', 'judge', result);
    if (typeof summary === 'number') return summary;
    if (values.json === true) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else if (values.quiet !== true) io.stdout(result.markdown ?? '');
    for (const r of result.rows)
      if (r.error !== undefined)
        io.stderr(`prism difficulty: ${r.problem_id}: ${r.error.code}: ${r.error.message}\n`);
    if (c12.kind === 'judge')
      io.stderr(
        `prism difficulty: ${result.requested} judge call(s) made, ${result.resumed} resumed from the transcript, ${result.cached} from the cache\n`,
      );
    return summary.failures > 0 ? 1 : 0;
  };
  return {
    name: 'difficulty',
    summary: 'grade problem difficulty: C1/C2 (judge or proxy) + C3 (DAG entropy) → Easy/Medium/Hard',
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** `prism difficulty`, wired to the process environment. */
export const difficultyCommand: Command = createDifficultyCommand({ env: process.env });
