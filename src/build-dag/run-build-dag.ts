import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { InputError } from '../core/input-error.js';
import type { Problem } from '../dag/types.js';
import type { CallRecord } from '../pipeline/call-record.js';
import { createPipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import type { ResponseCache } from '../pipeline/response-cache.js';
import { lockRunDir } from '../pipeline/run-lock.js';
import { runWorkers } from '../pipeline/run-workers.js';
import { writeFileAtomic } from '../pipeline/write-file-atomic.js';
import { buildProblem, DEFAULT_MAX_RETRIES } from './build-problem.js';
import { type BuildReport, type ProblemBuild, renderBuildReport } from './build-report.js';
import { BUILD_PROMPT_VERSIONS } from './prompts/build-prompts.js';

/** Options of {@link runBuildDag}. */
export interface RunBuildDagOptions {
  /** The input dataset's path (recorded in the report). */
  readonly dataset: string;
  readonly problems: readonly Problem[];
  /** The build directory: `transcripts.jsonl`, `report.json`, `report.md`. */
  readonly dir: string;
  /** Where the built dataset goes (default `<dir>/dataset.json`). */
  readonly out?: string;
  readonly writer: ModelBinding;
  readonly reviewer: ModelBinding;
  /** Transcript labels: the role (or provider name) chosen for each (default solver, reviewer). */
  readonly writerRole?: string;
  readonly reviewerRole?: string;
  readonly maxRetries?: number;
  readonly cache?: ResponseCache;
  readonly cacheMaxAgeMs?: number;
  /** Problems built at once (default 4). */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  readonly onCall?: (record: CallRecord, source: 'request' | 'cache') => void;
  /** Called after each problem, in completion order. */
  readonly onBuilt?: (build: ProblemBuild, done: number, total: number) => void;
}

/** What {@link runBuildDag} produced. */
export interface BuildDagResult {
  readonly report: BuildReport;
  /** The accepted problems, in input order, with DAG and witness. */
  readonly accepted: readonly Problem[];
  readonly outPath: string;
  /** The failure that stopped the build (a rejected key, an unknown model, nothing listening), if any. */
  readonly fatal?: Diagnostic;
}

/**
 * Builds reference DAGs for a dataset (`prism build-dag`): every problem through
 * {@link buildProblem} on one call layer whose transcript is `<dir>/transcripts.jsonl` (so a
 * killed build, run again, repeats no finished call), several problems at once. Writes the accepted
 * problems as a dataset (JSON array) and the build report as `report.json` and `report.md`; an
 * interrupted build writes what it has and says so.
 */
export async function runBuildDag(options: RunBuildDagOptions): Promise<BuildDagResult> {
  mkdirSync(options.dir, { recursive: true });
  // Two builds in one directory would interleave their transcripts: the second is refused.
  const locked = lockRunDir(options.dir);
  if (locked.lock === undefined) throw new InputError('run-locked', locked.diagnostic!.message);
  try {
    return await buildLocked(options);
  } finally {
    locked.lock.release();
  }
}

async function buildLocked(options: RunBuildDagOptions): Promise<BuildDagResult> {
  const outPath = options.out ?? join(options.dir, 'dataset.json');
  const pipeline = createPipeline({
    transcriptPath: join(options.dir, 'transcripts.jsonl'),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(options.cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs: options.cacheMaxAgeMs }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onCall === undefined ? {} : { onCall: options.onCall }),
  });
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const builds: (ProblemBuild | undefined)[] = options.problems.map(() => undefined);
  const accepted: (Problem | undefined)[] = options.problems.map(() => undefined);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    // After an interruption no new problem is started (the finished calls are in the transcript).
    while (next < options.problems.length && !pipeline.signal.aborted) {
      const i = next++;
      const problem = options.problems[i]!;
      const result = await buildProblem(problem, {
        pipeline,
        writer: options.writer,
        reviewer: options.reviewer,
        ...(options.writerRole === undefined ? {} : { writerRole: options.writerRole }),
        ...(options.reviewerRole === undefined ? {} : { reviewerRole: options.reviewerRole }),
        maxRetries,
      });
      builds[i] = result.build;
      accepted[i] = result.problem;
      options.onBuilt?.(result.build, ++done, options.problems.length);
    }
  };
  await runWorkers(options.concurrency ?? 4, worker, pipeline);
  const all = builds.filter((b): b is ProblemBuild => b !== undefined);
  const sum = (m: Record<string, number>): number => Object.values(m).reduce((a, b) => a + b, 0);
  const report: BuildReport = {
    dataset: options.dataset,
    out: outPath,
    writer: { provider: options.writer.name, model: options.writer.params.model },
    reviewer: { provider: options.reviewer.name, model: options.reviewer.params.model },
    max_retries: maxRetries,
    prompt_versions: BUILD_PROMPT_VERSIONS,
    problems: options.problems.length,
    accepted: all.filter((b) => b.status === 'accepted').length,
    rejected: all.filter((b) => b.status === 'rejected').length,
    errors: all.filter((b) => b.status === 'error').length,
    interrupted: pipeline.signal.aborted,
    calls: {
      requested: sum(pipeline.counts.requested),
      cached: sum(pipeline.counts.cached),
      resumed: sum(pipeline.counts.resumed),
      failed: sum(pipeline.counts.failed),
    },
    builds: all,
  };
  const kept = accepted.filter((p): p is Problem => p !== undefined);
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileAtomic(outPath, `${JSON.stringify(kept, null, 2)}\n`);
  writeFileAtomic(join(options.dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(join(options.dir, 'report.md'), renderBuildReport(report));
  const fatal = pipeline.fatal();
  return { report, accepted: kept, outPath, ...(fatal === undefined ? {} : { fatal }) };
}
