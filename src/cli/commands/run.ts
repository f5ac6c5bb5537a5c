import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { Problem } from '../../dag/types.js';
import { loadDataset } from '../../dataset/load-dataset.js';
import { datasetInstances } from '../../instances/dataset-instances.js';
import { createChatClient } from '../../llm/chat-client.js';
import { createImageLoader } from '../../llm/image-loader.js';
import { resolveEndpoint } from '../../llm/resolve-endpoint.js';
import { readJsonLines } from '../../runs/jsonl-file.js';
import { createProgressDisplay } from '../../runs/progress-display.js';
import { renderRunReport } from '../../runs/render-run-report.js';
import { createResponseCache, defaultCacheDir } from '../../runs/response-cache.js';
import { runModel } from '../../runs/run-model.js';
import type { ResponseScorer } from '../../runs/score-run.js';
import { writeFileAtomic } from '../../runs/write-file-atomic.js';
import { createScorer } from '../../score/create-scorer.js';
import { paraphraseProblems } from '../../tasks/paraphrase.js';
import { renderTable3 } from '../../tasks/render-table3.js';
import {
  type InstanceOutcome,
  type RobustnessReport,
  robustnessReport,
} from '../../tasks/robustness-report.js';
import { PRISM_TASKS, runPrismTask } from '../../tasks/run-prism-task.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import { bundledDatasetPath } from '../paths.js';

const HELP = `Usage: prism run --model NAME [--base-url URL] [--dataset PATH] [--samples K] [--out DIR]
                 [--concurrency N] [--temperature T] [--max-tokens N] [--reasoning-effort E]
                 [--timeout S] [--max-attempts N] [--retry-errors] [--limit N] [--text-only]
                 [--quiet | --jsonl] [--instances N [--instance-seed S]]

Asks a model served by any OpenAI-compatible chat-completions API (OpenAI, vLLM, Ollama, llama.cpp,
DeepSeek, Together, …) to solve every problem with the zero-shot PRISM-Physics prompt, stores each
response, scores them, and prints the Table 1 report.

Endpoint: --base-url, else PRISM_BASE_URL, else OPENAI_BASE_URL, else https://api.openai.com/v1.
Key: PRISM_API_KEY, else OPENAI_API_KEY (local servers need none).

The run directory (default runs/<model>) holds run.json (config, tool and prompt versions),
responses.jsonl (append-only), records.jsonl, summary.md and summary.json. Re-running the same
command resumes: finished samples are never requested again, interrupted ones are; failed ones only
with --retry-errors. Responses are also cached by content (endpoint, model, parameters, prompt
version, problem, sample) under PRISM_CACHE_DIR (default ~/.cache/prism-physics).

Options:
  --model NAME           model name as the server knows it (required)
  --base-url URL         API base URL including /v1
  --dataset PATH         problems (default: the bundled benchmark)
  --samples K            samples per problem (default 1); K > 1 adds mean@K and pass@k
  --out DIR              run directory (default runs/<model>)
  --concurrency N        requests in flight (default 8)
  --temperature T        sampling temperature (default: the server's)
  --max-tokens N         generation limit (default 8096, as in the paper)
  --reasoning-effort E   low | medium | high, for reasoning models
  --timeout S            per-attempt timeout in seconds (default 600)
  --max-attempts N       attempts per request on 429/5xx/network errors (default 6)
  --retry-errors         request again the samples that failed before
  --limit N              only the first N problems
  --text-only            do not attach problem images
  --quiet                no progress, no table
  --jsonl                progress events and the final report as JSON lines on stdout
  --instances N          PRiSM Task I: run N instances (prism instances) of every problem whose
                         text shows parameters instead of the problems; adds prism.json and
                         prism.md (Table 3 layout: Overall Acc, TRUE@90, Volatility, TFR, and the
                         step-score profile across instances) to the run directory
  --instance-seed S      seed of the instances (default 0)
  --task T               a PRiSM task on N instances (default 5) of the parameterized problems:
                         IV code synthesis (Python run in a sandbox), III correction of an
                         injected error, V ambiguity (masked inputs; --judge-model labels)
  --judge-model NAME     Task V's judge (default: --model)
  --paraphrase           with --instances: the model first paraphrases each problem text; a
                         paraphrase that loses or invents a {{placeholder}} is refused
Exit codes: 0 all samples answered, 1 some requests failed (see --retry-errors) or interrupted,
2 bad input or a run directory made with other settings.`;

/** Effects the run command uses; tests replace them. */
export interface RunCommandDeps {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Builds the scorer for the loaded problems. Default: the real PRISM-DAG scorer. */
  readonly makeScorer?: (problems: readonly Problem[]) => ResponseScorer;
  /** Installs a Ctrl-C handler; returns its remover. Default: process SIGINT. */
  readonly onInterrupt?: (handler: () => void) => () => void;
}

/** The real scorer, created once for the run's problems. */
export function realScorer(problems: readonly Problem[]): ResponseScorer {
  const scorer = createScorer(problems);
  return (problem, response) => scorer.scoreResponse(problem, response);
}

function positiveInt(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a positive integer, not '${value}'`);
  return n;
}

function formatDiagnostic(d: Diagnostic): string {
  return `${d.severity}[${d.code}]${d.where === undefined ? '' : ` ${d.where}`}: ${d.message}`;
}

/** A directory name for a model: `meta-llama/Llama-3-8B` → `meta-llama_Llama-3-8B`. */
export function modelDirName(model: string): string {
  return model.replace(/[^A-Za-z0-9._-]+/g, '_');
}

/** Creates `prism run` with the given effects. */
export function createRunCommand(deps: RunCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    let values: Record<string, string | boolean | undefined>;
    try {
      ({ values } = parseArgs({
        args: [...argv],
        options: {
          model: { type: 'string' },
          'base-url': { type: 'string' },
          dataset: { type: 'string' },
          samples: { type: 'string' },
          out: { type: 'string' },
          concurrency: { type: 'string' },
          temperature: { type: 'string' },
          'max-tokens': { type: 'string' },
          'reasoning-effort': { type: 'string' },
          timeout: { type: 'string' },
          'max-attempts': { type: 'string' },
          'retry-errors': { type: 'boolean' },
          limit: { type: 'string' },
          'text-only': { type: 'boolean' },
          quiet: { type: 'boolean' },
          jsonl: { type: 'boolean' },
          instances: { type: 'string' },
          'instance-seed': { type: 'string' },
          task: { type: 'string' },
          'judge-model': { type: 'string' },
          paraphrase: { type: 'boolean' },
        },
        allowPositionals: false,
      }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const str = (k: string): string | undefined => values[k] as string | undefined;
    const model = str('model');
    if (model === undefined || model.trim() === '') throw new UsageError('--model NAME is required');
    if (values.quiet === true && values.jsonl === true)
      throw new UsageError('--quiet and --jsonl exclude each other');
    const samples = positiveInt('samples', str('samples'), 1)!;
    const concurrency = positiveInt('concurrency', str('concurrency'), 8)!;
    const maxTokens = positiveInt('max-tokens', str('max-tokens'));
    const maxAttempts = positiveInt('max-attempts', str('max-attempts'), 6)!;
    const limit = positiveInt('limit', str('limit'));
    const temperatureText = str('temperature');
    const temperature = temperatureText === undefined ? undefined : Number(temperatureText);
    if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0)) {
      throw new UsageError(`--temperature must be a number ≥ 0, not '${temperatureText}'`);
    }
    const timeoutText = str('timeout');
    const timeoutS = timeoutText === undefined ? 600 : Number(timeoutText);
    if (!(Number.isFinite(timeoutS) && timeoutS > 0))
      throw new UsageError(`--timeout must be seconds > 0, not '${timeoutText}'`);

    const datasetPath = str('dataset') ?? bundledDatasetPath();
    const dataset = loadDataset(datasetPath);
    if (!dataset.readable) {
      for (const d of dataset.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
      return 2;
    }
    const skipped = dataset.diagnostics.filter((d) => d.severity === 'error').length;
    if (skipped > 0)
      io.stderr(
        `prism run: ${skipped} dataset error finding(s); those problems are skipped (run prism validate)\n`,
      );
    const chosen = limit === undefined ? dataset.problems : dataset.problems.slice(0, limit);
    const instanceCount = positiveInt('instances', str('instances'));
    let problems: readonly Problem[] =
      instanceCount === undefined
        ? chosen
        : datasetInstances(chosen, { n: instanceCount, seed: str('instance-seed') ?? '0', textualOnly: true })
            .instances;
    if (problems.length === 0) throw new UsageError(`no problems in ${datasetPath}`);

    const mode =
      values.jsonl === true ? 'jsonl' : values.quiet === true ? 'quiet' : io.isTTY ? 'tty' : 'lines';
    const progress = createProgressDisplay({ mode, write: io.stderr, writeEvent: io.stdout });
    const endpoint = resolveEndpoint({ baseUrl: str('base-url') }, deps.env);
    const reasoningEffort = str('reasoning-effort');
    const client = createChatClient({
      ...endpoint,
      concurrency,
      timeoutMs: timeoutS * 1000,
      maxAttempts,
      onRetry: (e) => progress.event({ type: 'retry', ...e }),
    });
    const textOnly = values['text-only'] === true;
    const controller = new AbortController();
    const remove = (deps.onInterrupt ?? processInterrupt)(() => controller.abort());
    const dir = str('out') ?? join('runs', modelDirName(model));
    if (values.paraphrase === true && instanceCount !== undefined) {
      const para = await paraphraseProblems(
        {
          dir,
          client,
          params: { model, ...(maxTokens === undefined ? {} : { maxTokens }) },
          dataset: datasetPath,
          cache: createResponseCache(defaultCacheDir(deps.env)),
          concurrency,
        },
        chosen,
      );
      for (const r of para.refused)
        io.stderr(`prism run: paraphrase of ${r.id} refused (${r.why}); original text kept\n`);
      problems = datasetInstances(para.problems, {
        n: instanceCount,
        seed: str('instance-seed') ?? '0',
        textualOnly: true,
      }).instances;
    }
    const task = str('task');
    if (task !== undefined) {
      if (!(PRISM_TASKS as readonly string[]).includes(task))
        throw new UsageError(`--task must be one of ${PRISM_TASKS.join(', ')}, not '${task}'`);
      const done = await runPrismTask(task, {
        dir,
        ...(str('judge-model') === undefined ? {} : { judgeModel: str('judge-model')! }),
        problems: chosen,
        n: instanceCount ?? 5,
        seed: str('instance-seed') ?? '0',
        client,
        params: {
          model,
          ...(temperature === undefined ? {} : { temperature }),
          ...(maxTokens === undefined ? {} : { maxTokens }),
        },
        dataset: datasetPath,
        cache: createResponseCache(defaultCacheDir(deps.env)),
        concurrency,
        onEvent: (e) => progress.event(e),
      });
      remove();
      progress.finish();
      if (mode === 'jsonl') io.stdout(`${JSON.stringify({ type: 'prism', task, report: done.json })}\n`);
      else if (mode !== 'quiet') io.stdout(`\nPRiSM Task ${task}\n\n${done.markdown}`);
      return done.ok ? 0 : 1;
    }
    let result: Awaited<ReturnType<typeof runModel>>;
    try {
      result = await runModel({
        dir,
        problems,
        client,
        params: {
          model,
          ...(temperature === undefined ? {} : { temperature }),
          ...(maxTokens === undefined ? {} : { maxTokens }),
          ...(reasoningEffort === undefined ? {} : { reasoningEffort }),
        },
        samples,
        ...(textOnly ? { textOnly } : { loadImage: createImageLoader(imageRoot(datasetPath)) }),
        dataset: datasetPath,
        cache: createResponseCache(defaultCacheDir(deps.env)),
        retryErrors: values['retry-errors'] === true,
        concurrency,
        scorer: (deps.makeScorer ?? realScorer)(problems),
        onEvent: (e) => progress.event(e),
        signal: controller.signal,
      });
    } finally {
      remove();
    }
    progress.finish();
    for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    if (!result.ok) return 2;
    if (result.interrupted || result.report === undefined) {
      io.stderr('prism run: interrupted; run the same command again to resume\n');
      return 1;
    }
    if (mode === 'jsonl') io.stdout(`${JSON.stringify({ type: 'summary', report: result.report })}\n`);
    else if (mode !== 'quiet') io.stdout(renderRunReport(result.report));
    if (instanceCount !== undefined) {
      const table = writePrismReport(dir, model, problems);
      if (mode === 'jsonl') io.stdout(`${JSON.stringify({ type: 'prism', report: table.report })}\n`);
      else if (mode !== 'quiet')
        io.stdout(`\nPRiSM Task I (${problems.length} instances)\n\n${table.markdown}`);
    }
    if (result.report.errors > 0) {
      io.stderr(
        `prism run: ${result.report.errors} request(s) failed; add --retry-errors to try them again\n`,
      );
      return 1;
    }
    return 0;
  };
  return {
    name: 'run',
    summary: 'ask a model (OpenAI-compatible API) to solve the problems, store and score the answers',
    help: HELP,
    run,
  };
}

/** Task I: the robustness report of a run over instances, written beside the run's summary. */
function writePrismReport(
  dir: string,
  model: string,
  problems: readonly Problem[],
): { report: RobustnessReport; markdown: string } {
  const records = readJsonLines(join(dir, 'records.jsonl')).rows as InstanceOutcome[];
  const report = robustnessReport(
    'I',
    model,
    problems.map((p) => p.id),
    records,
  );
  const markdown = renderTable3([report]);
  writeFileAtomic(join(dir, 'prism.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(join(dir, 'prism.md'), markdown);
  return { report, markdown };
}

/** Images are resolved against the dataset's folder (or the folder of a dataset file). */
function imageRoot(datasetPath: string): string {
  return /\.jsonl?$/i.test(datasetPath) ? dirname(datasetPath) : datasetPath;
}

function processInterrupt(handler: () => void): () => void {
  process.once('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}

/** `prism run`, wired to the process environment and the real scorer. */
export const runCommand: Command = createRunCommand({ env: process.env });
