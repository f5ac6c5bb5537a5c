import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import {
  analyzeError,
  type ErrorAnalysisOutcome,
  errorAnalysisMessages,
} from '../error-analysis/analyze-error.js';
import { type ErrorSummary, summarizeErrors } from '../error-analysis/error-summary.js';
import { isImperfect } from '../error-analysis/is-imperfect.js';
import { ERROR_ANALYSIS_PROMPT } from '../error-analysis/prompts/error-analysis-prompt.js';
import { renderErrorSummary } from '../error-analysis/render-error-summary.js';
import { contentHash } from '../pipeline/content-hash.js';
import { createPipeline } from '../pipeline/create-pipeline.js';
import { createJsonlAppender, readJsonLines } from '../pipeline/jsonl-file.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { runWorkers } from '../pipeline/run-workers.js';
import { writeFileAtomic } from '../pipeline/write-file-atomic.js';
import type { StoredRun } from './load-run.js';
import type { ModelPassOptions } from './model-pass-options.js';
import { loadResponses, sampleKey } from './response-row.js';
import { lockRunDir } from './run-lock.js';

/** One line of `errors.jsonl`: the classification of one answer. */
export interface ErrorRow {
  readonly problem_id: string;
  readonly sample: number;
  /** The model that wrote the answer (run.json's). */
  readonly model: string;
  readonly step_score: number;
  readonly final_answer_correct: boolean | null;
  /** Hash of the classifier's input (problem, answer, matches, score): a rescored answer is classified again. */
  readonly input_hash: string;
  /** Hash of the classifier's identity and prompt version. */
  readonly errors_key: string;
  readonly classifier: { readonly provider: string; readonly model: string };
  readonly result: ErrorAnalysisOutcome;
  readonly at: string;
}

/** Options of {@link runErrors}. */
export interface RunErrorsOptions extends ModelPassOptions {
  readonly run: StoredRun;
  readonly problems: readonly Problem[];
  readonly binding: ModelBinding;
  /** Classify every answer, perfect ones too (default: only imperfect ones, see `isImperfect`). */
  readonly all?: boolean;
  /** Called after each classification with (done, to do). */
  readonly onProgress?: (done: number, total: number, row: ErrorRow) => void;
}

/** What an error-analysis pass did. */
export interface RunErrorsResult {
  readonly ok: boolean;
  readonly classified: number;
  readonly alreadyDone: number;
  readonly failures: number;
  readonly interrupted: boolean;
  readonly fatal?: Diagnostic;
  readonly summary?: ErrorSummary;
  readonly diagnostics: readonly Diagnostic[];
}

/** The error-analysis file of a run directory. */
export function errorsPath(dir: string): string {
  return join(dir, 'errors.jsonl');
}

/**
 * Classifies the errors of a run's scored answers (spec C4): one call per imperfect answer (or
 * every answer with `all`) through the call layer (`errors-transcripts.jsonl`, content-addressed
 * cache, resumed per call); each result is appended to `errors.jsonl` (resumed per answer: an
 * answer whose input and classifier are unchanged is not asked again), then the distribution is
 * written to `errors.summary.json` (plot data) and `errors.summary.md`. A fatal provider failure
 * stops the pass.
 */
export async function runErrors(options: RunErrorsOptions): Promise<RunErrorsResult> {
  const now = options.now ?? (() => new Date());
  const dir = options.run.dir;
  const locked = lockRunDir(dir, now());
  const empty = { classified: 0, alreadyDone: 0, failures: 0, interrupted: false };
  if (locked.lock === undefined) return { ok: false, ...empty, diagnostics: [locked.diagnostic!] };
  try {
    const responses = loadResponses(join(dir, 'responses.jsonl'));
    const errorsKey = contentHash({
      identity: options.binding.identity,
      prompt: ERROR_ANALYSIS_PROMPT.version,
    });
    const previous = new Map<string, ErrorRow>();
    for (const row of readJsonLines(errorsPath(dir)).rows as ErrorRow[])
      previous.set(sampleKey(row.problem_id, row.sample), row);
    const byId = new Map(options.problems.map((p) => [p.id, p]));
    const model = options.run.config.model;
    const jobs: {
      row: Omit<ErrorRow, 'result' | 'at'>;
      problem: Problem;
      answer: string;
      record: StoredRun['records'][number];
    }[] = [];
    const wanted = new Map<string, string>();
    let alreadyDone = 0;
    let perfect = 0;
    for (const record of options.run.records) {
      const problem = byId.get(record.problem_id);
      const answer = responses.latest.get(sampleKey(record.problem_id, record.sample))?.response;
      if (problem === undefined || answer === null || answer === undefined) continue;
      if (options.all !== true && !isImperfect(record)) {
        perfect++;
        continue;
      }
      const key = sampleKey(record.problem_id, record.sample);
      const inputHash = contentHash(errorAnalysisMessages(problem, answer, record));
      wanted.set(key, inputHash);
      const prior = previous.get(key);
      const fresh = prior !== undefined && prior.input_hash === inputHash && prior.errors_key === errorsKey;
      if (fresh && (prior.result.ok || options.retryErrors !== true)) {
        alreadyDone++;
        continue;
      }
      jobs.push({
        row: {
          problem_id: record.problem_id,
          sample: record.sample,
          model,
          step_score: record.step_score,
          final_answer_correct: record.final_answer_correct,
          input_hash: inputHash,
          errors_key: errorsKey,
          classifier: { provider: options.binding.name, model: options.binding.params.model },
        },
        problem,
        answer,
        record,
      });
    }
    const pipeline = createPipeline({
      transcriptPath: join(dir, 'errors-transcripts.jsonl'),
      ...(options.cache === undefined ? {} : { cache: options.cache }),
      ...(options.cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs: options.cacheMaxAgeMs }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      now,
    });
    const appender = createJsonlAppender(errorsPath(dir));
    let classified = 0;
    let failures = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length && !pipeline.signal.aborted) {
        const job = jobs[next++]!;
        const result = await analyzeError({
          pipeline,
          sample: sampleKey(job.row.problem_id, job.row.sample),
          problem: job.problem,
          answer: job.answer,
          record: job.record,
          binding: options.binding,
        });
        if (!result.ok && (result.error.code === 'llm-aborted' || pipeline.fatal() !== undefined)) continue;
        const row: ErrorRow = { ...job.row, result, at: now().toISOString() };
        appender.append(row);
        classified++;
        if (!result.ok) failures++;
        options.onProgress?.(classified, jobs.length, row);
      }
    };
    await runWorkers(options.concurrency ?? 8, worker, appender, pipeline);
    const fatal = pipeline.fatal();
    const interrupted = fatal !== undefined || options.signal?.aborted === true;
    if (interrupted)
      return {
        ok: true,
        classified,
        alreadyDone,
        failures,
        interrupted,
        diagnostics: [],
        ...(fatal === undefined ? {} : { fatal }),
      };
    const rows: ErrorRow[] = [];
    for (const row of readJsonLines(errorsPath(dir)).rows as ErrorRow[]) {
      const key = sampleKey(row.problem_id, row.sample);
      if (wanted.get(key) === row.input_hash && row.errors_key === errorsKey) previous.set(key, row);
    }
    for (const [key, hash] of wanted) {
      const row = previous.get(key);
      if (row !== undefined && row.input_hash === hash && row.errors_key === errorsKey) rows.push(row);
    }
    const summary = summarizeErrors(
      rows,
      {
        model,
        technique: options.run.config.technique ?? 'zero-shot',
        included: options.all === true ? 'all' : 'imperfect',
        answers: wanted.size + perfect,
        perfect_skipped: perfect,
      },
      [...byId.values()],
    );
    writeFileAtomic(join(dir, 'errors.summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileAtomic(join(dir, 'errors.summary.md'), renderErrorSummary([summary]));
    return { ok: true, classified, alreadyDone, failures, interrupted: false, summary, diagnostics: [] };
  } finally {
    locked.lock.release();
  }
}
