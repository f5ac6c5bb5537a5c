import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { Problem } from '../../dag/types.js';
import { loadAnyDataset } from '../../dataset/load-any-dataset.js';
import { datasetInstances, isTextual } from '../../instances/dataset-instances.js';
import { HOSTED_BASE_URLS } from '../../llm/create-provider.js';
import { createImageLoader } from '../../llm/image-loader.js';
import { SOLVER_PROMPTS } from '../../llm/prompts/physicseval-solver.js';
import { resolveEndpoint } from '../../llm/resolve-endpoint.js';
import { configFromFlags } from '../../pipeline/config-from-flags.js';
import { DEFAULT_CONFIG_FILE, loadProjectConfig } from '../../pipeline/load-project-config.js';
import type { ProjectConfig } from '../../pipeline/project-config.js';
import { resolveRoles } from '../../pipeline/resolve-roles.js';
import { writeFileAtomic } from '../../pipeline/write-file-atomic.js';
import { readJsonLines } from '../../runs/jsonl-file.js';
import { readRunConfig } from '../../runs/open-run-config.js';
import { createProgressDisplay } from '../../runs/progress-display.js';
import { renderRunReport } from '../../runs/render-run-report.js';
import { createResponseCache, defaultCacheDir } from '../../runs/response-cache.js';
import type { RunEvent } from '../../runs/run-events.js';
import { runModel } from '../../runs/run-model.js';
import { resolveProblemIds } from '../../runs/run-problems.js';
import { type RunTechniqueResult, runTechnique } from '../../runs/run-technique.js';
import type { ResponseScorer } from '../../runs/score-run.js';
import { sandboxSupport } from '../../sandbox/sandbox-support.js';
import { createScorer } from '../../score/create-scorer.js';
import { paraphraseInstances } from '../../tasks/paraphrase.js';
import { renderTable3 } from '../../tasks/render-table3.js';
import {
  type InstanceOutcome,
  type RobustnessReport,
  robustnessReport,
} from '../../tasks/robustness-report.js';
import { PRISM_TASKS, runPrismTask } from '../../tasks/run-prism-task.js';
import { DEFAULT_TECHNIQUE_SETTINGS, TECHNIQUES } from '../../techniques/techniques.js';
import type { VisualVariant } from '../../visual/visual-variant.js';
import { type FlagTable, flagHelp } from '../flags.js';
import { EXIT_INTERRUPTED } from '../interruptible.js';
import type { CliIo, Command } from '../io.js';
import { UsageError } from '../io.js';
import type { ModelCommandDeps } from '../model-call-flags.js';
import { parseFlags } from '../parse-flags.js';
import { bundledDatasetPath } from '../paths.js';
import { createProgress } from '../progress.js';
import { readSelection, SELECTION_FLAGS, selectProblems } from '../select-problems.js';

const FLAGS = {
  model: {
    type: 'string',
    arg: 'NAME',
    help: 'model name as the server knows it (required without a config file)',
  },
  config: {
    type: 'string',
    arg: 'FILE',
    help: 'providers and roles (JSON; schema: schema/prism.config.schema.json)',
  },
  provider: {
    type: 'string',
    arg: 'P',
    help: "openai (default) or anthropic: the protocol of --model's server",
  },
  technique: {
    type: 'string',
    arg: 'NAME',
    help: 'zero-shot | self-refine | single-agent-review | multi-agent-review',
  },
  prompt: {
    type: 'string',
    arg: 'NAME',
    help: "the solver's prompt: prism (default; PRISM-Physics's display-formula\nprompt) or physicseval (PhysicsEval's expert persona, step-by-step\nsolution, final answers in brief); its version is in run.json",
  },
  rounds: {
    type: 'string',
    arg: 'N',
    help: "review/refine rounds (default 1, as in the paper; or the config's)",
  },
  'no-cache': { type: 'boolean', help: 'neither read nor write the response cache' },
  'cache-ttl': {
    type: 'string',
    arg: 'HOURS',
    help: "ignore cache entries older than this (or the config's cache_ttl_hours)",
  },
  'base-url': { type: 'string', arg: 'URL', help: 'API base URL including /v1' },
  dataset: { type: 'string', arg: 'PATH', help: 'problems (default: the bundled benchmark)' },
  samples: {
    type: 'string',
    arg: 'K',
    help: 'samples per problem (default 1); K > 1 adds mean@K and pass@k',
  },
  out: { type: 'string', arg: 'DIR', help: 'run directory (default runs/<model>)' },
  concurrency: { type: 'string', arg: 'N', help: 'requests in flight (default 8)' },
  temperature: { type: 'string', arg: 'T', help: "sampling temperature (default: the server's)" },
  'max-tokens': { type: 'string', arg: 'N', help: 'generation limit (default 8096, as in the paper)' },
  'reasoning-effort': { type: 'string', arg: 'E', help: 'low | medium | high, for reasoning models' },
  timeout: { type: 'string', arg: 'S', help: 'per-attempt timeout in seconds (default 600)' },
  'max-attempts': {
    type: 'string',
    arg: 'N',
    help: 'attempts per request on 429/5xx/network errors (default 6)',
  },
  'retry-errors': { type: 'boolean', help: 'request again the samples that failed before' },
  'text-only': { type: 'boolean', help: 'do not attach problem images' },
  quiet: { type: 'boolean', help: 'no progress, no table' },
  jsonl: { type: 'boolean', help: 'progress events and the final report as JSON lines on stdout' },
  ...SELECTION_FLAGS,
  instances: {
    type: 'string',
    arg: 'N',
    help: 'PRiSM Task I: run N instances (prism instances) of every problem whose\ntext shows parameters instead of the problems; adds prism.json and\nprism.md (Table 3 layout: Overall Acc, TRUE@90, Volatility, TFR, and the\nstep-score profile across instances) to the run directory',
  },
  'instance-seed': { type: 'string', arg: 'S', help: 'seed of the instances (default 0)' },
  task: {
    type: 'string',
    arg: 'T',
    help: 'a PRiSM task on N instances (default 5) of the parameterized problems:\nII visual perturbations (the question rendered as an image in each\nvisual variant, the inputs held constant; prism-ii.json/.md),\nIV code synthesis (Python run in a sandbox), III correction of an\ninjected error, V ambiguity (masked inputs; --judge-model labels)',
  },
  'judge-model': { type: 'string', arg: 'NAME', help: "Task III/V's judge (default: the solver's model)" },
  paraphrase: {
    type: 'boolean',
    help: "with --instances: each instance's text is first paraphrased (one\nrewrite per variation); a paraphrase that loses or invents a\n{{placeholder}} is refused and that instance keeps the original text",
  },
  'paraphrase-model': {
    type: 'string',
    arg: 'M',
    help: "the paraphrasing model (same endpoint; default: the config's\nparaphraser role, else the solver)",
  },
  perturbations: {
    type: 'string',
    arg: 'SPEC',
    help: "Task II's visual variants, ';' between variants, ',' between settings:\nfont=serif|sans|hand-comic|hand-humor|hand-dkg, and strengths 0–1 of\nnoise, blur, rotation, jpeg, resolution (default: five built-in variants)",
  },
  'render-question': {
    type: 'boolean',
    help: "with --instances: Task I with each instance's question rendered as an\nimage (the first variant of --perturbations)",
  },
} as const satisfies FlagTable;

const HELP = `Usage: prism run --model NAME [--base-url URL] [--provider openai|anthropic] [--dataset PATH]
                 [--technique NAME] [--prompt prism|physicseval] [--rounds N] [--samples K] [--out DIR]
                 [--concurrency N] [--temperature T] [--max-tokens N] [--reasoning-effort E]
                 [--timeout S] [--max-attempts N] [--retry-errors] [--text-only]
                 [--no-cache | --cache-ttl HOURS] [--quiet | --jsonl]
                 [--domain D] [--difficulty L] [--problem ID] [--limit N]
                 [--instances N [--instance-seed S] [--paraphrase [--paraphrase-model M]]] [--task II|III|IV|V [--judge-model J]]
                 [--perturbations SPEC] [--render-question]
       prism run --config prism.config.json [--technique NAME] [...]

Asks a model served by any OpenAI-compatible chat-completions API (OpenAI, vLLM, Ollama, llama.cpp,
DeepSeek, Together, …) to solve every problem with the zero-shot PRISM-Physics prompt, stores each
response, scores them, and prints the Table 1 report.

Endpoint: --base-url, else PRISM_BASE_URL, else OPENAI_BASE_URL, else https://api.openai.com/v1.
Key: PRISM_API_KEY, else OPENAI_API_KEY (local servers need none).

The run directory (default runs/<model>) holds run.json (config, tool and prompt versions),
responses.jsonl (append-only), records.jsonl, summary.md and summary.json. Re-running the same
command resumes: finished samples are never requested again, interrupted ones are; failed ones only
with --retry-errors. Responses are also cached by content (endpoint, model, parameters, prompt
version, problem, sample) under PRISM_CACHE_DIR (default $XDG_CACHE_HOME/prism-physics, else
~/.cache/prism-physics).

Techniques (PhysicsEval): zero-shot (default), self-refine, single-agent-review,
multi-agent-review. Every call of a technique is a step of the sample's transcript
(transcripts.jsonl in the run directory), cached by content and resumed per call; the technique's
final answer is what is scored. Roles (solver, reviewer, verifiers, meta_verifier, judge) come from
--config (default ./prism.config.json when --model is not given); with --model, that one model
plays every role.

A rejected key (401/403), an unknown model (404) or nothing listening at the base URL stops the
run at the first failure with the server's message. Two runs cannot share a run directory (.lock).

Options:
${flagHelp(FLAGS)}
Exit codes: 0 all samples answered, 1 some requests failed (see --retry-errors) or stopped by a
fatal failure, 2 bad input, a run directory made with other settings or in use, 130 interrupted
(Ctrl-C; the same command resumes).`;

/** Effects the run command uses; tests replace them. */
export interface RunCommandDeps extends ModelCommandDeps {
  /** Builds the scorer for the loaded problems. Default: the real PRISM-DAG scorer. */
  readonly makeScorer?: (problems: readonly Problem[]) => ResponseScorer;
  /** Installs a Ctrl-C handler; returns its remover. Default: process SIGINT. */
  readonly onInterrupt?: (handler: () => void) => () => void;
  /** Why Task IV's sandbox cannot run here, or undefined. Default: `sandboxSupport().missing`. */
  readonly sandboxMissing?: () => string | undefined;
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

/** `severity[code] where: message`, the one-line form of a diagnostic on stderr. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.severity}[${d.code}]${d.where === undefined ? '' : ` ${d.where}`}: ${d.message}`;
}

/** A directory name for a model: `meta-llama/Llama-3-8B` → `meta-llama_Llama-3-8B`. */
export function modelDirName(model: string): string {
  // One path segment, never `.`/`..` nor hidden: `--model ..` must not make the run directory runs/ itself or its parent.
  const name = model.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  return name === '' ? '_' : name;
}

/** Creates `prism run` with the given effects. */
export function createRunCommand(deps: RunCommandDeps): Command {
  const run = async (argv: readonly string[], io: CliIo): Promise<number> => {
    const { values } = parseFlags(argv, FLAGS, false);
    const str = (k: string): string | undefined => values[k] as string | undefined;
    const model = str('model');
    if (values.quiet === true && values.jsonl === true)
      throw new UsageError('--quiet and --jsonl exclude each other');
    if (values['no-cache'] === true && str('cache-ttl') !== undefined)
      throw new UsageError('--no-cache and --cache-ttl exclude each other');
    const techniqueName = str('technique') ?? 'zero-shot';
    const technique = TECHNIQUES[techniqueName];
    if (technique === undefined)
      throw new UsageError(
        `unknown --technique '${techniqueName}' (one of ${Object.keys(TECHNIQUES).join(', ')})`,
      );
    const promptName = str('prompt') ?? 'prism';
    const template = SOLVER_PROMPTS[promptName];
    if (template === undefined)
      throw new UsageError(
        `unknown --prompt '${promptName}' (one of ${Object.keys(SOLVER_PROMPTS).join(', ')})`,
      );
    const samples = positiveInt('samples', str('samples'), 1)!;
    const concurrency = positiveInt('concurrency', str('concurrency'), 8)!;
    const maxTokens = positiveInt('max-tokens', str('max-tokens'));
    const maxAttempts = positiveInt('max-attempts', str('max-attempts'), 6)!;
    const limit = positiveInt('limit', str('limit'));
    const roundsFlag = positiveInt('rounds', str('rounds'));
    const temperatureText = str('temperature');
    const temperature = temperatureText === undefined ? undefined : Number(temperatureText);
    if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0)) {
      throw new UsageError(`--temperature must be a number ≥ 0, not '${temperatureText}'`);
    }
    const timeoutText = str('timeout');
    const timeoutS = timeoutText === undefined ? 600 : Number(timeoutText);
    if (!(Number.isFinite(timeoutS) && timeoutS > 0))
      throw new UsageError(`--timeout must be seconds > 0, not '${timeoutText}'`);
    const ttlText = str('cache-ttl');
    const ttlFlag = ttlText === undefined ? undefined : Number(ttlText);
    if (ttlFlag !== undefined && !(Number.isFinite(ttlFlag) && ttlFlag >= 0))
      throw new UsageError(`--cache-ttl must be hours ≥ 0, not '${ttlText}'`);
    const providerFlag = str('provider');

    // Roles: a config file, or the flags' one model playing every role.
    const chosen = chooseProjectConfig(
      {
        config: str('config'),
        model,
        baseUrl: str('base-url'),
        provider: providerFlag,
        temperature,
        maxTokens,
        reasoningEffort: str('reasoning-effort'),
        concurrency,
        timeoutS,
        maxAttempts,
      },
      deps.env,
      io,
    );
    if (typeof chosen === 'number') return chosen;
    const { project, configPath } = chosen;
    for (const need of technique.needs) {
      const r = project.roles;
      const missing =
        need === 'verifiers'
          ? (r.verifiers ?? []).length === 0
          : r[need as 'reviewer' | 'meta_verifier'] === undefined;
      if (missing)
        throw new UsageError(`--technique ${technique.name} needs the role '${need}' in ${configPath}`);
    }

    const datasetPath = str('dataset') ?? bundledDatasetPath();
    const dataset = loadAnyDataset(datasetPath);
    if (!dataset.readable) {
      for (const d of dataset.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
      return 2;
    }
    const skipped = dataset.diagnostics.filter((d) => d.severity === 'error').length;
    if (skipped > 0)
      io.stderr(
        `prism run: ${skipped} dataset error finding(s); those problems are skipped (run prism validate)\n`,
      );
    const chosenProblems = selectProblems(dataset.problems, {
      ...readSelection({ domain: values.domain, difficulty: values.difficulty, problem: values.problem }),
      ...(limit === undefined ? {} : { limit }),
    });
    const instanceCount = positiveInt('instances', str('instances'));
    const instanceSeed = str('instance-seed') ?? '0';
    const task = str('task');
    if (task !== undefined && !(PRISM_TASKS as readonly string[]).includes(task))
      throw new UsageError(`--task must be one of ${PRISM_TASKS.join(', ')}, not '${task}'`);
    // A PRiSM task draws its own instances (Task IV also of problems whose text shows no parameter).
    let problems: readonly Problem[] =
      instanceCount === undefined || task !== undefined
        ? chosenProblems
        : datasetInstances(chosenProblems, { n: instanceCount, seed: instanceSeed, textualOnly: true })
            .instances;
    if (chosenProblems.length === 0) throw new UsageError(`no problems in ${datasetPath}`);
    if (task !== undefined && !chosenProblems.some((p) => (p.parameters ?? []).length > 0))
      throw new UsageError(
        `PRiSM Task ${task} needs parameterized problems; none of the ${chosenProblems.length} selected has parameters`,
      );
    if (problems.length === 0)
      throw new UsageError(
        `--instances needs problems whose text shows parameters; none of the ${chosenProblems.length} selected does`,
      );
    // Task II, and Task I with the question rendered as an image.
    const renderQuestion = values['render-question'] === true;
    if (renderQuestion && (instanceCount === undefined || task !== undefined))
      throw new UsageError('--render-question goes with --instances N (Task I); Task II is --task II');
    const visual = task === 'II' || renderQuestion;
    const perturbations = str('perturbations');
    if (perturbations !== undefined && !visual)
      throw new UsageError('--perturbations goes with --task II or --render-question');
    if (visual && values['text-only'] === true)
      throw new UsageError(
        '--text-only cannot go with --task II or --render-question: the question is an image',
      );
    let variants: readonly VisualVariant[] | undefined;
    if (visual) {
      const { DEFAULT_VARIANTS, parseVariants } = await import('../../visual/visual-variant.js');
      const parsed =
        perturbations === undefined
          ? { ok: true as const, variants: DEFAULT_VARIANTS }
          : parseVariants(perturbations);
      if (!parsed.ok) throw new UsageError(`--perturbations: ${parsed.message}`);
      variants = parsed.variants;
      const { missingFonts } = await import('../../visual/run-visual-task.js');
      const missing = missingFonts(variants);
      if (missing.length > 0) {
        for (const m of missing) io.stderr(`prism run: ${m}\n`);
        return 2;
      }
      if (!chosenProblems.some((p) => isTextual(p)))
        throw new UsageError(
          `rendering needs problems whose text shows parameters; none of the ${chosenProblems.length} selected does`,
        );
    }

    const mode =
      values.jsonl === true ? 'jsonl' : values.quiet === true ? 'quiet' : io.isTTY ? 'tty' : 'lines';
    const progress = createProgressDisplay({ mode, write: io.stderr, writeEvent: io.stdout });
    const { roles, warnings } = resolveRoles(project, {
      env: deps.env,
      onRetry: (_name, e) => progress.event({ type: 'retry', ...e }),
      ...(deps.transport === undefined ? {} : { transport: deps.transport }),
    });
    const usedProviders = new Set([
      roles.solver.name,
      ...(technique.needs.includes('reviewer') && roles.reviewer !== undefined ? [roles.reviewer.name] : []),
      ...(technique.needs.includes('verifiers') ? roles.verifiers.map((v) => v.name) : []),
      ...(technique.needs.includes('meta_verifier') && roles.meta_verifier !== undefined
        ? [roles.meta_verifier.name]
        : []),
    ]);
    for (const w of warnings)
      if (usedProviders.has(w.provider))
        io.stderr(`prism run: warning: provider ${w.provider}: ${w.message}\n`);
    const ttlHours = ttlFlag ?? project.cache_ttl_hours;
    const cache = values['no-cache'] === true ? undefined : createResponseCache(defaultCacheDir(deps.env));
    const cacheMaxAgeMs = ttlHours === undefined ? undefined : ttlHours * 3_600_000;
    const textOnly = values['text-only'] === true;
    const images = textOnly
      ? { textOnly }
      : {
          loadImage: createImageLoader(imageRoot(datasetPath), {
            onRefuse: (location, reason) => io.stderr(`prism run: image ${location} not sent: ${reason}\n`),
          }),
        };
    const solverModel = roles.solver.params.model;
    const dir =
      str('out') ??
      join(
        'runs',
        techniqueName === 'zero-shot'
          ? modelDirName(solverModel)
          : `${modelDirName(solverModel)}-${techniqueName}`,
      );
    const controller = new AbortController();
    const remove = (deps.onInterrupt ?? processInterrupt)(() => controller.abort());
    // PRiSM (Task I paraphrase; Tasks III, IV, V) use the solver role's provider and parameters.
    const prismCall = {
      dir,
      client: roles.solver.provider,
      params: roles.solver.params,
      dataset: datasetPath,
      // --no-cache holds for the PRiSM tasks too.
      ...(cache === undefined ? {} : { cache }),
      concurrency,
    };
    if (values.paraphrase === true && instanceCount !== undefined) {
      // The paraphrasing role: --paraphrase-model on the solver's endpoint, else the config's
      // paraphraser, else the solver itself.
      const paraphraseModel = str('paraphrase-model');
      const paraphraser = roles.paraphraser ?? roles.solver;
      const para = await paraphraseInstances(
        {
          ...prismCall,
          client: paraphraseModel === undefined ? paraphraser.provider : roles.solver.provider,
          params:
            paraphraseModel === undefined
              ? paraphraser.params
              : { ...roles.solver.params, model: paraphraseModel },
        },
        chosenProblems,
        datasetInstances(chosenProblems, { n: instanceCount, seed: instanceSeed, textualOnly: true })
          .instances,
      );
      for (const r of para.refused)
        io.stderr(`prism run: paraphrase of ${r.id} refused (${r.why}); original text kept\n`);
      problems = para.instances;
    }
    if (visual) {
      const figures = createImageLoader(imageRoot(datasetPath), {
        onRefuse: (location, reason) => io.stderr(`prism run: figure ${location} not drawn: ${reason}\n`),
      });
      let rendering: ReturnType<typeof createProgress> | undefined;
      // Loaded only here: rendering needs the image libraries, no other command does.
      const { runVisualTask } = await import('../../visual/run-visual-task.js');
      let done: Awaited<ReturnType<typeof runVisualTask>>;
      try {
        done = await runVisualTask({
          ...prismCall,
          problems: chosenProblems,
          n: instanceCount ?? 5,
          seed: instanceSeed,
          onEvent: (e) => progress.event(e),
          signal: controller.signal,
          variants: variants!,
          vary: renderQuestion ? 'values' : 'visual',
          loadFigure: (location) => {
            const url = figures(location);
            return url === undefined ? undefined : Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
          },
          onRender: (n, total) => {
            rendering ??= createProgress(io, total, 'rendering', {
              quiet: mode === 'quiet' || mode === 'jsonl',
            });
            rendering.tick(n);
            if (n === total) rendering.finish();
          },
          onRenderProblem: (id, message) => io.stderr(`prism run: ${id}: ${message}\n`),
        });
      } finally {
        remove();
      }
      progress.finish();
      for (const d of done.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
      const label = renderQuestion ? 'I (rendered)' : 'II';
      if (mode === 'jsonl')
        io.stdout(`${JSON.stringify({ type: 'prism', task: label, report: done.result })}\n`);
      else if (mode !== 'quiet') io.stdout(`\nPRiSM Task ${label}\n\n${done.markdown}`);
      return done.ok ? 0 : 1;
    }
    if (task !== undefined) {
      const missing = task === 'IV' ? (deps.sandboxMissing ?? (() => sandboxSupport().missing))() : undefined;
      if (missing !== undefined) {
        remove();
        io.stderr(`prism run: Task IV cannot run: ${missing}\n`);
        return 2;
      }
      const judgeModel = str('judge-model');
      const done = await runPrismTask(task, {
        ...prismCall,
        ...(judgeModel === undefined ? {} : { judgeModel }),
        problems: chosenProblems,
        n: instanceCount ?? 5,
        seed: instanceSeed,
        onEvent: (e) => progress.event(e),
      });
      remove();
      progress.finish();
      if (mode === 'jsonl') io.stdout(`${JSON.stringify({ type: 'prism', task, report: done.json })}\n`);
      else if (mode !== 'quiet') io.stdout(`\nPRiSM Task ${task}\n\n${done.markdown}`);
      return done.ok ? 0 : 1;
    }
    const instancesSetting =
      instanceCount === undefined ? undefined : { n: instanceCount, seed: instanceSeed };
    const common = {
      dir,
      problems,
      samples,
      ...images,
      dataset: datasetPath,
      template,
      ...(cache === undefined ? {} : { cache }),
      ...(cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs }),
      retryErrors: values['retry-errors'] === true,
      concurrency,
      scorer: (deps.makeScorer ?? realScorer)(problems),
      // Problems an earlier invocation of this directory selected are scored again too.
      resolveProblems: (ids: readonly string[]) =>
        resolveProblemIds(ids, dataset.problems, instancesSetting).problems,
      ...(instancesSetting === undefined ? {} : { instances: instancesSetting }),
      onEvent: (e: RunEvent) => progress.event(e),
      signal: controller.signal,
    };
    let result: RunTechniqueResult;
    try {
      // Every run is a pipeline of calls with a transcript. Only a directory a zero-shot run of an
      // older prism started on the single-call layer (its run.json names no technique) is resumed
      // on that layer, so that its finished samples are not asked again.
      result =
        techniqueName === 'zero-shot' && singleCallRun(dir)
          ? await runModel({ ...common, client: roles.solver.provider, params: roles.solver.params })
          : await runTechnique({
              ...common,
              roles,
              technique,
              settings: {
                rounds: roundsFlag ?? project.technique?.rounds ?? DEFAULT_TECHNIQUE_SETTINGS.rounds,
                metaWeights: project.technique?.meta_weights ?? DEFAULT_TECHNIQUE_SETTINGS.metaWeights,
                verifierWeights:
                  project.technique?.verifier_weights ?? DEFAULT_TECHNIQUE_SETTINGS.verifierWeights,
              },
            });
    } finally {
      remove();
    }
    progress.finish();
    for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
    if (!result.ok) return 2;
    if (result.fatal !== undefined) {
      io.stderr(
        `prism run: stopped at the first failure${result.fatal.where === undefined ? '' : ` (${result.fatal.where})`}: ${result.fatal.message}\n`,
      );
      return 1;
    }
    if (result.interrupted || result.report === undefined) {
      io.stderr('prism run: interrupted; run the same command again to resume\n');
      return EXIT_INTERRUPTED;
    }
    if (mode === 'jsonl') io.stdout(`${JSON.stringify({ type: 'summary', report: result.report })}\n`);
    else if (mode !== 'quiet') io.stdout(renderRunReport(result.report));
    if (instanceCount !== undefined) {
      const table = writePrismReport(dir, solverModel, problems);
      if (mode === 'jsonl') io.stdout(`${JSON.stringify({ type: 'prism', report: table.report })}\n`);
      else if (mode !== 'quiet')
        io.stdout(`\nPRiSM Task I (${problems.length} instances)\n\n${table.markdown}`);
    }
    if (result.report.errors > 0) {
      io.stderr(
        `prism run: ${result.report.errors} sample(s) failed; add --retry-errors to try them again\n`,
      );
      return 1;
    }
    return 0;
  };
  return {
    name: 'run',
    summary:
      'run a model (or a technique: self-refine, single/multi-agent review) on the problems, store and score the answers',
    help: HELP,
    flags: FLAGS,
    run,
  };
}

/** The model flags shared by `prism run` and `prism judge`. */
export interface ModelFlagValues {
  readonly config: string | undefined;
  readonly model: string | undefined;
  readonly baseUrl: string | undefined;
  readonly provider: string | undefined;
  readonly temperature?: number | undefined;
  readonly maxTokens?: number | undefined;
  readonly reasoningEffort?: string | undefined;
  readonly concurrency?: number | undefined;
  readonly timeoutS?: number | undefined;
  readonly maxAttempts?: number | undefined;
}

/**
 * The project config of a command: `--config FILE`, else `./prism.config.json` when no `--model`
 * is given, else the flags' one model playing every role. Invalid config → messages on stderr and
 * exit code 2 (returned as a number).
 */
export function chooseProjectConfig(
  flags: ModelFlagValues,
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): { project: ProjectConfig; configPath: string | undefined } | number {
  const configPath =
    flags.config ??
    (flags.model === undefined && existsSync(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined);
  if (configPath !== undefined) {
    if (flags.model !== undefined) throw new UsageError('give --model or --config, not both');
    const modelFlags: [string, unknown][] = [
      ['--base-url', flags.baseUrl],
      ['--provider', flags.provider],
      ['--temperature', flags.temperature],
      ['--max-tokens', flags.maxTokens],
      ['--reasoning-effort', flags.reasoningEffort],
    ];
    const clash = modelFlags.filter(([, v]) => v !== undefined).map(([k]) => k);
    if (clash.length > 0)
      throw new UsageError(
        `${clash.join(', ')} describe one model; with a config file set them per provider in ${configPath}`,
      );
    const loaded = loadProjectConfig(configPath);
    if (!loaded.ok) {
      for (const d of loaded.diagnostics) io.stderr(`${formatDiagnostic(d)}\n`);
      return 2;
    }
    return { project: loaded.config, configPath };
  }
  const model = flags.model;
  if (model === undefined || model.trim() === '')
    throw new UsageError('--model NAME is required (or --config FILE, or a ./prism.config.json)');
  if (flags.provider !== undefined && flags.provider !== 'openai' && flags.provider !== 'anthropic')
    throw new UsageError(`--provider must be openai or anthropic, not '${flags.provider}'`);
  const kind = (flags.provider ?? 'openai') as 'openai' | 'anthropic';
  const baseUrl =
    kind === 'openai'
      ? resolveEndpoint({ baseUrl: flags.baseUrl }, env).baseUrl
      : (flags.baseUrl ?? HOSTED_BASE_URLS.anthropic);
  const apiKeyEnv =
    kind === 'anthropic'
      ? 'ANTHROPIC_API_KEY'
      : nonEmpty(env.PRISM_API_KEY) !== undefined
        ? 'PRISM_API_KEY'
        : 'OPENAI_API_KEY';
  const opt = <K extends string, V>(k: K, v: V | undefined) =>
    v === undefined ? {} : ({ [k]: v } as Record<K, V>);
  return {
    project: configFromFlags({
      model,
      baseUrl,
      provider: kind,
      apiKeyEnv,
      ...opt('temperature', flags.temperature),
      ...opt('maxTokens', flags.maxTokens),
      ...opt('reasoningEffort', flags.reasoningEffort),
      ...opt('concurrency', flags.concurrency),
      ...opt('timeoutS', flags.timeoutS),
      ...opt('maxAttempts', flags.maxAttempts),
    }),
    configPath: undefined,
  };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v;
}

/** Whether `dir` holds a run started on the single-call layer (a run.json without a technique). */
function singleCallRun(dir: string): boolean {
  const stored = readRunConfig(dir);
  return stored !== undefined && stored.technique === undefined;
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
