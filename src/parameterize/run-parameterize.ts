import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import type { Problem } from '../dag/types.js';
import { createPipeline } from '../pipeline/create-pipeline.js';
import type { ModelBinding } from '../pipeline/resolve-roles.js';
import type { ResponseCache } from '../pipeline/response-cache.js';
import { runWorkers } from '../pipeline/run-workers.js';
import { writeFileAtomic } from '../pipeline/write-file-atomic.js';
import {
  DEFAULT_PARAMETERIZE_RETRIES,
  type ParameterizeOutcome,
  parameterizeProblem,
} from './parameterize-problem.js';
import { PARAMETERIZE_PROMPT } from './parameterize-prompt.js';

/** Options of {@link runParameterize}. */
export interface RunParameterizeOptions {
  readonly dataset: string;
  readonly problems: readonly Problem[];
  /** The raw items of the dataset file, by id (written back for the problems not accepted). */
  readonly raw: ReadonlyMap<string, unknown>;
  /** `transcripts.jsonl`, `report.json`, `report.md`. */
  readonly dir: string;
  /** The parameterized dataset (default `<dir>/dataset.json`). */
  readonly out?: string;
  readonly writer: ModelBinding;
  readonly maxRetries?: number;
  readonly cache?: ResponseCache;
  readonly cacheMaxAgeMs?: number;
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  readonly onDone?: (outcome: ParameterizeOutcome, done: number, total: number) => void;
}

/** The report of a parameterize pass. */
export interface ParameterizeReport {
  readonly dataset: string;
  readonly out: string;
  readonly writer: { readonly provider: string; readonly model: string };
  readonly prompt_version: string;
  readonly max_retries: number;
  readonly problems: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly skipped: number;
  readonly errors: number;
  readonly interrupted: boolean;
  readonly outcomes: readonly ParameterizeOutcome[];
}

/** The report as Markdown. */
export function renderParameterizeReport(r: ParameterizeReport): string {
  const rows = r.outcomes.map(
    (o) =>
      `| ${o.problem_id} | ${o.status} | ${o.attempts.length} | ${o.parameters?.join(', ') ?? ''} | ${(o.reason ?? '').replace(/\n/g, ' ').replace(/\|/g, '\\|').slice(0, 200)} |`,
  );
  return [
    `# prism parameterize: ${r.dataset}`,
    '',
    `${r.accepted} accepted, ${r.rejected} rejected, ${r.skipped} skipped, ${r.errors} error(s) of ${r.problems}; writer ${r.writer.model}, ${r.prompt_version}, at most ${r.max_retries + 1} attempts${r.interrupted ? '; interrupted' : ''}`,
    '',
    '| problem | status | attempts | parameters | reason |',
    '|---|---|---:|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/**
 * `prism parameterize`: every problem through {@link parameterizeProblem} on one call layer whose
 * transcript is `<dir>/transcripts.jsonl` (a killed pass, run again, repeats no finished call).
 * Writes the dataset with the accepted problems parameterized (the others as they were) and the
 * report.
 */
export async function runParameterize(
  options: RunParameterizeOptions,
): Promise<{ report: ParameterizeReport; outPath: string; fatal?: Diagnostic }> {
  mkdirSync(options.dir, { recursive: true });
  const outPath = options.out ?? join(options.dir, 'dataset.json');
  const pipeline = createPipeline({
    transcriptPath: join(options.dir, 'transcripts.jsonl'),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...(options.cacheMaxAgeMs === undefined ? {} : { cacheMaxAgeMs: options.cacheMaxAgeMs }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const maxRetries = options.maxRetries ?? DEFAULT_PARAMETERIZE_RETRIES;
  const outcomes: (ParameterizeOutcome | undefined)[] = options.problems.map(() => undefined);
  const written: unknown[] = options.problems.map((p) => options.raw.get(p.id) ?? p);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < options.problems.length && !pipeline.signal.aborted) {
      const i = next++;
      const result = await parameterizeProblem(options.problems[i]!, {
        pipeline,
        writer: options.writer,
        maxRetries,
      });
      outcomes[i] = result.outcome;
      if (result.raw !== undefined) written[i] = result.raw;
      options.onDone?.(result.outcome, ++done, options.problems.length);
    }
  };
  await runWorkers(options.concurrency ?? 4, worker, pipeline);
  const all = outcomes.filter((o): o is ParameterizeOutcome => o !== undefined);
  const count = (s: ParameterizeOutcome['status']): number => all.filter((o) => o.status === s).length;
  const report: ParameterizeReport = {
    dataset: options.dataset,
    out: outPath,
    writer: { provider: options.writer.name, model: options.writer.params.model },
    prompt_version: PARAMETERIZE_PROMPT.version,
    max_retries: maxRetries,
    problems: options.problems.length,
    accepted: count('accepted'),
    rejected: count('rejected'),
    skipped: count('skipped'),
    errors: count('error'),
    interrupted: pipeline.signal.aborted,
    outcomes: all,
  };
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileAtomic(outPath, `${JSON.stringify(written, null, 2)}\n`);
  writeFileAtomic(join(options.dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(join(options.dir, 'report.md'), renderParameterizeReport(report));
  const fatal = pipeline.fatal();
  return { report, outPath, ...(fatal === undefined ? {} : { fatal }) };
}
