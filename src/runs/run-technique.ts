import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import type { PromptTemplate } from '../llm/prompts/prompt-template.js';
import { ZERO_SHOT_PROMPT } from '../llm/prompts/zero-shot.js';
import { renderPrompt } from '../llm/render-prompt.js';
import { contentHash } from '../pipeline/content-hash.js';
import { createPipeline } from '../pipeline/create-pipeline.js';
import { createJsonlAppender } from '../pipeline/jsonl-file.js';
import type { Roles } from '../pipeline/resolve-roles.js';
import { runWorkers } from '../pipeline/run-workers.js';
import { problemStatement } from '../techniques/problem-statement.js';
import type { Technique, TechniqueSettings } from '../techniques/technique.js';
import { openRunConfig } from './open-run-config.js';
import { loadResponses, type ResponseRow, sampleKey } from './response-row.js';
import type { RunConfig } from './run-config.js';
import { lockRunDir } from './run-lock.js';
import { baseRunConfig, type RunCommonOptions, type RunModelResult } from './run-model.js';
import { scoreRun } from './score-run.js';

/** Everything {@link runTechnique} needs; effects (providers, cache, scorer, clock) are injected. */
export interface RunTechniqueOptions extends RunCommonOptions {
  readonly roles: Roles;
  readonly technique: Technique;
  readonly settings: TechniqueSettings;
}

/** What a technique run did: {@link RunModelResult} plus the fatal failure that stopped it, if any. */
export type RunTechniqueResult = RunModelResult & { readonly fatal?: Diagnostic };

/**
 * Runs a technique over every missing sample: each sample is a pipeline of calls recorded in
 * `transcripts.jsonl` (resumed per call), its final answer one fsync'd line of `responses.jsonl`
 * (resumed per sample), then scores every stored final answer as a zero-shot run would. A fatal
 * provider failure (auth, unknown model, refused connection) stops the run at once and is returned.
 */
export async function runTechnique(options: RunTechniqueOptions): Promise<RunTechniqueResult> {
  const now = options.now ?? (() => new Date());
  const template = options.template ?? ZERO_SHOT_PROMPT;
  const samples = options.samples ?? 1;
  const textOnly = options.textOnly === true || options.loadImage === undefined;
  const diagnostics: Diagnostic[] = [];
  const empty = { requested: 0, fromCache: 0, failed: 0, alreadyDone: 0, interrupted: false };
  mkdirSync(options.dir, { recursive: true });
  const locked = lockRunDir(options.dir, now());
  if (locked.lock === undefined) return { ok: false, ...empty, diagnostics: [locked.diagnostic!] };
  try {
    const config = buildConfig(options, template, samples, textOnly, now());
    const opened = openRunConfig(options.dir, config, options.problems, options.resolveProblems);
    if (opened.config === undefined) return { ok: false, ...empty, diagnostics: opened.mismatch };

    const responsesPath = join(options.dir, 'responses.jsonl');
    const loaded = loadResponses(responsesPath);
    diagnostics.push(...loaded.diagnostics);
    const jobs: { problem: Problem; sample: number; promptHash: string }[] = [];
    const prompts = new Map<string, ReturnType<typeof renderPrompt>>();
    let alreadyDone = 0;
    let missingImages = 0;
    for (const problem of options.problems) {
      const prompt = renderPrompt(problem, template, textOnly ? {} : { loadImage: options.loadImage! });
      if (prompt.missingImages.length > 0) missingImages++;
      prompts.set(problem.id, prompt);
      const promptHash = contentHash({ messages: prompt.messages, identity: config.roles_hash });
      for (let sample = 0; sample < samples; sample++) {
        const row = loaded.latest.get(sampleKey(problem.id, sample));
        const finished = row !== undefined && row.prompt_hash === promptHash;
        if (finished && (row.error === null || options.retryErrors !== true)) alreadyDone++;
        else jobs.push({ problem, sample, promptHash });
      }
    }
    if (missingImages > 0 && !textOnly)
      diagnostics.push(
        diagnostic(
          'run-missing-images',
          'warning',
          `${missingImages} problem(s) have images that were not found`,
        ),
      );
    options.onEvent?.({
      type: 'start',
      total: options.problems.length * samples,
      done: alreadyDone,
      todo: jobs.length,
    });

    const pipeline = createPipeline({
      transcriptPath: join(options.dir, 'transcripts.jsonl'),
      ...(options.cache === undefined ? {} : { cache: options.cache }),
      ...(options.cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs: options.cacheMaxAgeMs }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      now,
    });
    const appender = createJsonlAppender(responsesPath);
    const counts = { requested: 0, fromCache: 0, failed: 0 };
    let next = 0;
    const runJob = async (job: (typeof jobs)[number]): Promise<void> => {
      const id = sampleKey(job.problem.id, job.sample);
      const outcome = await options.technique.run({
        pipeline,
        sample: id,
        sampleIndex: job.sample,
        roles: options.roles,
        settings: options.settings,
        solvePrompt: prompts.get(job.problem.id)!.messages,
        solvePromptVersion: template.version,
        problemText: problemStatement(job.problem),
      });
      if (!outcome.ok && (outcome.error.code === 'llm-aborted' || pipeline.fatal() !== undefined)) return;
      const calls = pipeline.records().filter((r) => r.sample === id && r.error === null);
      const usage = calls.reduce(
        (u, r) => ({
          prompt: u.prompt + r.usage.prompt,
          completion: u.completion + r.usage.completion,
          total: u.total + r.usage.total,
        }),
        { prompt: 0, completion: 0, total: 0 },
      );
      const latency = calls.reduce((t, r) => t + r.latency_ms, 0);
      const allCached = calls.length > 0 && calls.every((r) => r.cached);
      const base = {
        problem_id: job.problem.id,
        sample: job.sample,
        prompt_hash: job.promptHash,
        technique: options.technique.name,
        calls: calls.length,
      };
      let row: ResponseRow;
      if (outcome.ok) {
        if (allCached) counts.fromCache++;
        else counts.requested++;
        row = {
          ...base,
          response: outcome.final,
          initial_response: outcome.initial,
          rounds: outcome.rounds,
          finish_reason: null,
          latency_ms: latency,
          usage,
          attempts: calls.length,
          error: null,
          cached: allCached,
          at: now().toISOString(),
        };
      } else {
        counts.failed++;
        row = {
          ...base,
          response: null,
          finish_reason: null,
          latency_ms: latency,
          usage,
          attempts: calls.length,
          error: { code: outcome.error.code, message: outcome.error.message },
          cached: false,
          at: now().toISOString(),
        };
      }
      appender.append(row);
      options.onEvent?.({
        type: 'response',
        problem_id: job.problem.id,
        sample: job.sample,
        ok: outcome.ok,
        cached: allCached,
        latency_ms: latency,
        tokens: usage.total,
        ...(outcome.ok ? {} : { error: outcome.error.code }),
      });
    };
    const worker = async (): Promise<void> => {
      while (next < jobs.length && !pipeline.signal.aborted) await runJob(jobs[next++]!);
    };
    await runWorkers(options.concurrency ?? 8, worker, appender, pipeline);
    const done = { ...counts, alreadyDone };
    const fatal = pipeline.fatal();
    if (fatal !== undefined) return { ok: true, config, ...done, interrupted: true, diagnostics, fatal };
    if (options.signal?.aborted === true) {
      options.onEvent?.({
        type: 'interrupted',
        pending: jobs.length - counts.requested - counts.fromCache - counts.failed,
      });
      return { ok: true, config, ...done, interrupted: true, diagnostics };
    }
    const scored = scoreRun({
      dir: options.dir,
      problems: opened.scoreProblems,
      samples: opened.config.samples,
      model: config.model,
      scorer: options.scorer,
      technique: options.technique.name,
    });
    diagnostics.push(...scored.diagnostics);
    options.onEvent?.({ type: 'scored', records: scored.records.length, unscored: scored.report.unscored });
    return { ok: true, config, ...done, interrupted: false, report: scored.report, diagnostics };
  } finally {
    locked.lock.release();
  }
}

function buildConfig(
  options: RunTechniqueOptions,
  template: PromptTemplate,
  samples: number,
  textOnly: boolean,
  created: Date,
): RunConfig {
  const solver = options.roles.solver;
  const roles: Record<string, unknown> = { solver: { provider: solver.name, ...solver.identity } };
  const bindingOf = (b: Roles['solver']) => ({ provider: b.name, ...b.identity });
  const needs = options.technique.needs;
  if (needs.includes('reviewer') && options.roles.reviewer !== undefined)
    roles.reviewer = bindingOf(options.roles.reviewer);
  if (needs.includes('verifiers')) roles.verifiers = options.roles.verifiers.map(bindingOf);
  if (needs.includes('meta_verifier') && options.roles.meta_verifier !== undefined)
    roles.meta_verifier = bindingOf(options.roles.meta_verifier);
  const settings = {
    rounds: options.settings.rounds,
    ...(needs.includes('meta_verifier') ? { meta_weights: options.settings.metaWeights } : {}),
    ...(needs.includes('verifiers') ? { verifier_weights: options.settings.verifierWeights } : {}),
  };
  return {
    ...baseRunConfig(options, solver.provider.baseUrl, solver.params, template, samples, textOnly, created),
    technique: options.technique.name,
    technique_version: options.technique.version,
    roles,
    settings,
    roles_hash: contentHash({ version: options.technique.version, roles, settings }),
  };
}
