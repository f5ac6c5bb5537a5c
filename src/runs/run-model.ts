import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import type { ChatClient } from '../llm/chat-client.js';
import { DEFAULT_MAX_TOKENS } from '../llm/chat-client.js';
import type { ChatParams } from '../llm/chat-types.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { ZERO_SHOT_PROMPT } from '../llm/prompts/zero-shot.js';
import { type RenderedPrompt, renderPrompt } from '../llm/render-prompt.js';
import { isFatalFailure } from '../pipeline/fatal-failure.js';
import { runWorkers } from '../pipeline/run-workers.js';
import { contentHash } from './content-hash.js';
import { createJsonlAppender } from './jsonl-file.js';
import type { ModelPassOptions } from './model-pass-options.js';
import { openRunConfig } from './open-run-config.js';
import { cacheKey } from './response-cache.js';
import { loadResponses, type ResponseRow, sampleKey } from './response-row.js';
import { RUN_SCHEMA, type RunConfig, TOOL_VERSION } from './run-config.js';
import type { RunEvent } from './run-events.js';
import { lockRunDir } from './run-lock.js';
import type { RunInstances } from './run-problems.js';
import type { RunReport } from './run-report.js';
import { type ResponseScorer, scoreRun } from './score-run.js';

/** What every run (one call per sample, or a technique's pipeline of calls) is given; `concurrency` defaults to 8. */
export interface RunCommonOptions extends ModelPassOptions {
  /** The run directory (created if absent, resumed if present). */
  readonly dir: string;
  readonly problems: readonly Problem[];
  /** Samples per problem (K). Default 1. */
  readonly samples?: number;
  readonly template?: PromptTemplate;
  /** Image loader; omit (or `textOnly`) to send text only. */
  readonly loadImage?: (location: string) => string | undefined;
  readonly textOnly?: boolean;
  /** Dataset path, recorded in run.json. */
  readonly dataset: string;
  readonly scorer: ResponseScorer;
  readonly onEvent?: (event: RunEvent) => void;
  /**
   * Looks up problems an earlier invocation of this run directory covered but this one did not
   * select, so that they are scored too (default: none found; their records are then kept as they
   * were, since scoring refuses to drop records).
   */
  readonly resolveProblems?: (ids: readonly string[]) => readonly Problem[];
  /** PRiSM instance runs: how the instances were drawn (stored in run.json). */
  readonly instances?: RunInstances;
}

/** Everything {@link runModel} needs; effects (client, cache, scorer, clock) are injected. */
export interface RunModelOptions extends RunCommonOptions {
  /** The endpoint; its `kind` (protocol) is part of the cache key, OpenAI's when absent. */
  readonly client: Pick<ChatClient, 'complete' | 'baseUrl'> & Partial<Pick<ChatClient, 'kind'>>;
  readonly params: ChatParams;
}

/** What a run did. */
export interface RunModelResult {
  /** False when the directory could not be used (config mismatch); nothing was requested. */
  readonly ok: boolean;
  readonly config?: RunConfig;
  readonly requested: number;
  readonly fromCache: number;
  readonly failed: number;
  readonly alreadyDone: number;
  readonly interrupted: boolean;
  /** The scored report; absent when interrupted or not ok. */
  readonly report?: RunReport;
  readonly diagnostics: readonly Diagnostic[];
  /** The failure that stopped the run (auth, unknown model, refused connection), with the server's message. */
  readonly fatal?: Diagnostic;
}

interface Job {
  readonly problem: Problem;
  readonly sample: number;
  readonly prompt: RenderedPrompt;
  readonly promptHash: string;
  readonly problemHash: string;
}

/**
 * Requests every missing sample of every problem, appending one fsync'd line per finished sample to
 * `responses.jsonl`, then scores all stored responses (`records.jsonl`, `summary.json`, `summary.md`).
 * Re-running resumes: finished samples are never requested again; failures only with `retryErrors`;
 * a cached response (same endpoint, model, parameters, template, problem and sample) costs no call.
 */
export async function runModel(options: RunModelOptions): Promise<RunModelResult> {
  const now = options.now ?? (() => new Date());
  const template = options.template ?? ZERO_SHOT_PROMPT;
  const samples = options.samples ?? 1;
  const textOnly = options.textOnly === true || options.loadImage === undefined;
  mkdirSync(options.dir, { recursive: true });
  const locked = lockRunDir(options.dir, now());
  if (locked.lock === undefined) {
    const none = { requested: 0, fromCache: 0, failed: 0, alreadyDone: 0, interrupted: false };
    return { ok: false, ...none, diagnostics: [locked.diagnostic!] };
  }
  try {
    return await runLocked(options, now, template, samples, textOnly);
  } finally {
    locked.lock.release();
  }
}

async function runLocked(
  options: RunModelOptions,
  now: () => Date,
  template: PromptTemplate,
  samples: number,
  textOnly: boolean,
): Promise<RunModelResult> {
  const diagnostics: Diagnostic[] = [];
  const stop = new AbortController();
  const signal = options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
  let fatal: Diagnostic | undefined;
  const config = baseRunConfig(
    options,
    options.client.baseUrl,
    options.params,
    template,
    samples,
    textOnly,
    now(),
  );
  const empty = { requested: 0, fromCache: 0, failed: 0, alreadyDone: 0, interrupted: false };
  const opened = openRunConfig(options.dir, config, options.problems, options.resolveProblems);
  if (opened.config === undefined) return { ok: false, ...empty, diagnostics: opened.mismatch };

  const responsesPath = join(options.dir, 'responses.jsonl');
  const loaded = loadResponses(responsesPath);
  diagnostics.push(...loaded.diagnostics);
  const jobs: Job[] = [];
  let alreadyDone = 0;
  let missingImages = 0;
  for (const problem of options.problems) {
    const prompt = renderPrompt(problem, template, textOnly ? {} : { loadImage: options.loadImage! });
    if (prompt.missingImages.length > 0) missingImages++;
    const promptHash = contentHash(prompt.messages);
    const problemHash = contentHash(problem);
    for (let sample = 0; sample < samples; sample++) {
      const row = loaded.latest.get(sampleKey(problem.id, sample));
      const finished = row !== undefined && row.prompt_hash === promptHash;
      if (finished && (row.error === null || options.retryErrors !== true)) alreadyDone++;
      else jobs.push({ problem, sample, prompt, promptHash, problemHash });
    }
  }
  if (missingImages > 0 && !textOnly) {
    diagnostics.push(
      diagnostic(
        'run-missing-images',
        'warning',
        `${missingImages} problem(s) have images that were not found`,
      ),
    );
  }
  options.onEvent?.({
    type: 'start',
    total: options.problems.length * samples,
    done: alreadyDone,
    todo: jobs.length,
  });

  const appender = createJsonlAppender(responsesPath);
  const counts = { requested: 0, fromCache: 0, failed: 0 };
  let recorded = 0;
  const paramsKey = {
    temperature: options.params.temperature,
    max_tokens: options.params.maxTokens ?? DEFAULT_MAX_TOKENS,
    reasoning_effort: options.params.reasoningEffort,
    text_only: textOnly,
    // The protocol answers too: the same base URL and model under another provider is another
    // endpoint (OpenAI-protocol entries keep the keys they were written under).
    ...(options.client.kind === undefined || options.client.kind === 'openai'
      ? {}
      : { protocol: options.client.kind }),
  };
  const runJob = async (job: Job): Promise<void> => {
    const key = cacheKey({
      baseUrl: options.client.baseUrl,
      model: options.params.model,
      params: paramsKey,
      templateVersion: template.version,
      problemHash: job.problemHash,
      sample: job.sample,
    });
    const base = { problem_id: job.problem.id, sample: job.sample, prompt_hash: job.promptHash };
    const hit = options.cache?.get(key, options.cacheMaxAgeMs);
    if (hit !== undefined) {
      const row: ResponseRow = {
        ...base,
        ...hit,
        attempts: 0,
        error: null,
        cached: true,
        at: now().toISOString(),
      };
      appender.append(row);
      recorded++;
      counts.fromCache++;
      options.onEvent?.({
        type: 'response',
        ...base,
        ok: true,
        cached: true,
        latency_ms: hit.latency_ms,
        tokens: hit.usage.total,
      });
      return;
    }
    counts.requested++;
    const outcome = await options.client.complete(job.prompt.messages, options.params, signal);
    if (!outcome.ok && outcome.diagnostic.code === 'llm-aborted') return;
    if (!outcome.ok && isFatalFailure(outcome.diagnostic.code)) {
      // Not the sample's fault: record nothing (the next run asks again) and stop every other request.
      fatal ??= outcome.diagnostic;
      stop.abort();
      return;
    }
    if (outcome.ok) {
      const cached = {
        response: outcome.text,
        ...(outcome.reasoning === undefined ? {} : { reasoning: outcome.reasoning }),
        finish_reason: outcome.finishReason,
        usage: outcome.usage,
        latency_ms: outcome.latencyMs,
      };
      options.cache?.put(key, cached);
      recorded++;
      appender.append({
        ...base,
        ...cached,
        attempts: outcome.attempts,
        error: null,
        cached: false,
        at: now().toISOString(),
      });
      options.onEvent?.({
        type: 'response',
        ...base,
        ok: true,
        cached: false,
        latency_ms: outcome.latencyMs,
        tokens: outcome.usage.total,
      });
      return;
    }
    counts.failed++;
    const error = {
      code: outcome.diagnostic.code,
      message: outcome.diagnostic.message,
      ...(outcome.status === undefined ? {} : { status: outcome.status }),
    };
    const row: ResponseRow = {
      ...base,
      response: null,
      finish_reason: null,
      latency_ms: outcome.latencyMs,
      usage: { prompt: 0, completion: 0, total: 0 },
      attempts: outcome.attempts,
      error,
      cached: false,
      at: now().toISOString(),
    };
    appender.append(row);
    recorded++;
    options.onEvent?.({
      type: 'response',
      ...base,
      ok: false,
      cached: false,
      latency_ms: outcome.latencyMs,
      tokens: 0,
      error: error.code,
    });
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length && !signal.aborted) await runJob(jobs[next++]!);
  };
  await runWorkers(options.concurrency ?? 8, worker, appender);
  const done = { ...counts, alreadyDone };
  if (fatal !== undefined) return { ok: true, config, ...done, interrupted: true, diagnostics, fatal };
  if (options.signal?.aborted === true) {
    const pending = jobs.length - recorded;
    options.onEvent?.({ type: 'interrupted', pending });
    return { ok: true, config, ...done, interrupted: true, diagnostics };
  }
  const scored = scoreRun({
    dir: options.dir,
    problems: opened.scoreProblems,
    samples: opened.config.samples,
    model: config.model,
    scorer: options.scorer,
  });
  diagnostics.push(...scored.diagnostics);
  options.onEvent?.({ type: 'scored', records: scored.records.length, unscored: scored.report.unscored });
  return { ok: true, config, ...done, interrupted: false, report: scored.report, diagnostics };
}

/** The run.json fields every run has: tool, model and its parameters, prompt, dataset, samples. */
export function baseRunConfig(
  options: RunCommonOptions,
  baseUrl: string,
  p: ChatParams,
  template: PromptTemplate,
  samples: number,
  textOnly: boolean,
  created: Date,
): RunConfig {
  return {
    schema: RUN_SCHEMA,
    tool: TOOL_VERSION,
    model: p.model,
    base_url: baseUrl,
    prompt_version: template.version,
    ...(p.temperature === undefined ? {} : { temperature: p.temperature }),
    max_tokens: p.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(p.reasoningEffort === undefined ? {} : { reasoning_effort: p.reasoningEffort }),
    text_only: textOnly,
    samples,
    dataset: options.dataset,
    dataset_hash: contentHash(options.problems),
    problems: options.problems.length,
    problem_ids: options.problems.map((p) => p.id),
    ...(options.instances === undefined ? {} : { instances: options.instances }),
    created_at: created.toISOString(),
  };
}
