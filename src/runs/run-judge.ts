import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import type { ReferenceSolution } from '../dataset/physicseval-record.js';
import { type Judgement, judgeSample, type Rubric } from '../judges/judge-sample.js';
import { type JudgeSummary, summarizeJudgements } from '../judges/judge-summary.js';
import type { PpsNormaliser } from '../judges/pps.js';
import { BINARY_JUDGE_PROMPT, PPS_JUDGE_PROMPT, STEP_JUDGE_PROMPT } from '../judges/prompts/judge-prompts.js';
import { renderJudgeSummary } from '../judges/render-judge-summary.js';
import { contentHash } from '../pipeline/content-hash.js';
import { createPipeline } from '../pipeline/create-pipeline.js';
import { createJsonlAppender, readJsonLines } from '../pipeline/jsonl-file.js';
import type { CriterionWeights } from '../pipeline/project-config.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import { runWorkers } from '../pipeline/run-workers.js';
import { writeFileAtomic } from '../pipeline/write-file-atomic.js';
import { problemStatement } from '../techniques/problem-statement.js';
import type { ModelPassOptions } from './model-pass-options.js';
import { loadResponses, sampleKey } from './response-row.js';
import { lockRunDir } from './run-lock.js';

/** One line of `judgements-<rubric>.jsonl`. */
export interface JudgementRow {
  readonly problem_id: string;
  readonly sample: number;
  /** Hash of the judged answer: a changed answer is judged again. */
  readonly response_hash: string;
  /** Hash of the judge's identity, rubric, prompt version, weights and normaliser. */
  readonly judge_key: string;
  readonly judge: { readonly provider: string; readonly model: string };
  readonly judgement: Judgement;
  readonly at: string;
}

/** Options of {@link runJudge}. */
export interface RunJudgeOptions extends ModelPassOptions {
  readonly dir: string;
  readonly problems: readonly Problem[];
  readonly references: ReadonlyMap<string, ReferenceSolution>;
  readonly rubric: Rubric;
  readonly binding: ModelBinding;
  readonly ppsWeights?: CriterionWeights;
  readonly normaliser?: PpsNormaliser;
  readonly onJudged?: (row: JudgementRow) => void;
}

/** What a judge pass did. */
export interface RunJudgeResult {
  readonly ok: boolean;
  readonly judged: number;
  readonly alreadyDone: number;
  readonly failures: number;
  readonly interrupted: boolean;
  readonly fatal?: Diagnostic;
  readonly summary?: JudgeSummary;
  readonly diagnostics: readonly Diagnostic[];
}

const PROMPT_VERSIONS: Readonly<Record<Rubric, string>> = {
  pps: PPS_JUDGE_PROMPT.version,
  binary: BINARY_JUDGE_PROMPT.version,
  steps: STEP_JUDGE_PROMPT.version,
};

/** The judgement file of a rubric inside a run directory. */
export function judgementsPath(dir: string, rubric: Rubric): string {
  return join(dir, `judgements-${rubric}.jsonl`);
}

/** The latest judgement row per sample (`problem#sample`) of a run directory and rubric. */
export function loadJudgements(dir: string, rubric: Rubric): Map<string, JudgementRow> {
  const latest = new Map<string, JudgementRow>();
  for (const row of readJsonLines(judgementsPath(dir, rubric)).rows as JudgementRow[])
    latest.set(sampleKey(row.problem_id, row.sample), row);
  return latest;
}

/**
 * Judges every stored answer of a run directory with one rubric: calls go through the call layer
 * (`judge-transcripts.jsonl`, content-addressed cache, resumed per call), judgements are appended
 * to `judgements-<rubric>.jsonl` beside the records (resumed per sample; a changed answer or judge
 * is judged again), then summarised into `judgements-<rubric>.summary.json` / `.md`. `prism
 * rescore` never touches these files. A fatal provider failure stops the pass.
 */
export async function runJudge(options: RunJudgeOptions): Promise<RunJudgeResult> {
  const now = options.now ?? (() => new Date());
  const locked = lockRunDir(options.dir, now());
  const empty = { judged: 0, alreadyDone: 0, failures: 0, interrupted: false };
  if (locked.lock === undefined) return { ok: false, ...empty, diagnostics: [locked.diagnostic!] };
  try {
    const responses = loadResponses(join(options.dir, 'responses.jsonl'));
    const judgeKey = contentHash({
      identity: options.binding.identity,
      rubric: options.rubric,
      prompt: PROMPT_VERSIONS[options.rubric],
      weights: options.ppsWeights ?? null,
      normaliser: options.normaliser ?? 'min-max',
    });
    const previous = loadJudgements(options.dir, options.rubric);
    const byId = new Map(options.problems.map((p) => [p.id, p]));
    const jobs: { problem: Problem; sample: number; answer: string; hash: string }[] = [];
    let alreadyDone = 0;
    for (const row of responses.latest.values()) {
      const problem = byId.get(row.problem_id);
      if (problem === undefined || row.response === null) continue;
      const hash = contentHash(row.response);
      const prior = previous.get(sampleKey(row.problem_id, row.sample));
      const fresh = prior !== undefined && prior.response_hash === hash && prior.judge_key === judgeKey;
      if (fresh && (prior.judgement.ok || options.retryErrors !== true)) alreadyDone++;
      else jobs.push({ problem, sample: row.sample, answer: row.response, hash });
    }
    const pipeline = createPipeline({
      transcriptPath: join(options.dir, 'judge-transcripts.jsonl'),
      ...(options.cache === undefined ? {} : { cache: options.cache }),
      ...(options.cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs: options.cacheMaxAgeMs }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      now,
    });
    const appender = createJsonlAppender(judgementsPath(options.dir, options.rubric));
    let judged = 0;
    let failures = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length && !pipeline.signal.aborted) {
        const job = jobs[next++]!;
        const judgement = await judgeSample(options.rubric, {
          pipeline,
          sample: sampleKey(job.problem.id, job.sample),
          problemId: job.problem.id,
          problemText: problemStatement(job.problem),
          reference: options.references.get(job.problem.id) ?? {
            ground_truth: '',
            elaborated_solution: '',
            final_answers: [],
          },
          answer: job.answer,
          binding: options.binding,
          ...(options.ppsWeights === undefined ? {} : { ppsWeights: options.ppsWeights }),
          ...(options.normaliser === undefined ? {} : { normaliser: options.normaliser }),
        });
        if (!judgement.ok && (judgement.error.code === 'llm-aborted' || pipeline.fatal() !== undefined))
          continue;
        const row: JudgementRow = {
          problem_id: job.problem.id,
          sample: job.sample,
          response_hash: job.hash,
          judge_key: judgeKey,
          judge: { provider: options.binding.name, model: options.binding.params.model },
          judgement,
          at: now().toISOString(),
        };
        appender.append(row);
        judged++;
        if (!judgement.ok) failures++;
        options.onJudged?.(row);
      }
    };
    await runWorkers(options.concurrency ?? 8, worker, appender, pipeline);
    const fatal = pipeline.fatal();
    const interrupted = fatal !== undefined || options.signal?.aborted === true;
    if (interrupted)
      return {
        ok: true,
        judged,
        alreadyDone,
        failures,
        interrupted,
        diagnostics: [],
        ...(fatal === undefined ? {} : { fatal }),
      };
    const rows = [...loadJudgements(options.dir, options.rubric).values()].filter(
      (r) => r.judge_key === judgeKey,
    );
    const summary = summarizeJudgements(options.rubric, rows, options.problems);
    const base = join(options.dir, `judgements-${options.rubric}.summary`);
    writeFileAtomic(`${base}.json`, `${JSON.stringify(summary, null, 2)}\n`);
    writeFileAtomic(`${base}.md`, renderJudgeSummary(summary, options.binding.params.model));
    return { ok: true, judged, alreadyDone, failures, interrupted: false, summary, diagnostics: [] };
  } finally {
    locked.lock.release();
  }
}
