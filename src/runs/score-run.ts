import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { InputError } from '../core/input-error.js';
import type { Problem } from '../dag/types.js';
import type { CallRecord } from '../pipeline/call-record.js';
import { readJsonLines } from '../pipeline/jsonl-file.js';
import { type CostSummary, summarizeCalls } from '../pipeline/summarize-calls.js';
import { recordsCsv, summaryCsv } from '../report/to-csv.js';
import type { ScoreRecord } from '../score/types.js';
import { renderRunReport } from './render-run-report.js';
import { loadResponses, sampleKey } from './response-row.js';
import { someIds } from './run-problems.js';
import { buildRunReport, type RunReport } from './run-report.js';
import { writeFileAtomic } from './write-file-atomic.js';

/**
 * The fields of a {@link ScoreRecord} that runs and reports rely on (the full record, with its node
 * credits and formulas, is stored unchanged when the scorer returns one).
 */
export type ScoredResponse = Pick<
  ScoreRecord,
  | 'problem_id'
  | 'step_score'
  | 'final_answer_correct'
  | 'matched'
  | 'achieved'
  | 'total_nodes'
  | 'diagnostics'
  | 'scorer_version'
>;

/** Scores one response to one problem. The CLI injects the real scorer; tests inject a tiny one. */
export type ResponseScorer = (problem: Problem, response: string) => ScoredResponse;

/** A line of `records.jsonl`: the scorer's record plus which sample it scored. */
export type RunRecord = ScoredResponse & { readonly sample: number; readonly response_id: string };

/** Inputs of {@link scoreRun}. */
export interface ScoreRunOptions {
  readonly dir: string;
  readonly problems: readonly Problem[];
  readonly samples: number;
  readonly model: string;
  readonly scorer: ResponseScorer;
  /** Technique name, shown in the report (default: run.json's, else zero-shot). */
  readonly technique?: string;
  /** Rewrite records.jsonl even when records it holds would be dropped (`prism rescore --force`). */
  readonly force?: boolean;
}

/**
 * Scores the latest stored response of every sample (problems × samples) in a run directory and
 * rewrites `records.jsonl`, `summary.json` and `summary.md` (each atomically). Used after a run and
 * by `prism rescore`; no API call is made.
 */
export function scoreRun(options: ScoreRunOptions): {
  records: RunRecord[];
  report: RunReport;
  diagnostics: Diagnostic[];
} {
  const loaded = loadResponses(join(options.dir, 'responses.jsonl'));
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const records: RunRecord[] = [];
  const known = new Set(options.problems.map((p) => p.id));
  for (const row of loaded.latest.values()) {
    if (!known.has(row.problem_id)) {
      diagnostics.push({
        ...diagnostic('run-unknown-problem', 'warning', `response for unknown problem ${row.problem_id}`),
        where: `sample ${row.sample}`,
      });
    }
  }
  for (const problem of options.problems) {
    for (let sample = 0; sample < options.samples; sample++) {
      const row = loaded.latest.get(sampleKey(problem.id, sample));
      if (row === undefined || row.response === null) continue;
      try {
        const record = options.scorer(problem, row.response);
        records.push({ ...record, sample, response_id: sampleKey(problem.id, sample) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        diagnostics.push({
          ...diagnostic('run-scorer-failed', 'error', `scorer threw: ${message}`),
          where: `problem ${problem.id} sample ${sample}`,
        });
      }
    }
  }
  if (options.force !== true) refuseToDropRecords(options.dir, records);
  const report = {
    ...buildRunReport({
      model: options.model,
      samples: options.samples,
      problems: options.problems,
      responses: loaded.latest,
      records,
    }),
    technique: options.technique ?? storedTechnique(options.dir) ?? 'zero-shot',
    cost: runCost(options.dir, loaded.rows),
  };
  writeFileAtomic(join(options.dir, 'records.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  writeFileAtomic(join(options.dir, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(join(options.dir, 'summary.md'), renderRunReport(report));
  writeFileAtomic(
    join(options.dir, 'records.csv'),
    recordsCsv(records as unknown as Record<string, unknown>[]),
  );
  writeFileAtomic(join(options.dir, 'summary.csv'), summaryCsv(report.metrics));
  return { records, report, diagnostics };
}

/**
 * Scoring never silently loses work: when records.jsonl holds records (problem#sample) that the new
 * scoring would not write again (a dataset or selection without their problems, fewer samples), it
 * is an `InputError` naming them, and nothing is written.
 */
function refuseToDropRecords(dir: string, next: readonly RunRecord[]): void {
  const path = join(dir, 'records.jsonl');
  if (!existsSync(path)) return;
  const kept = new Set(next.map((r) => r.response_id));
  const dropped: string[] = [];
  for (const row of readJsonLines(path).rows as Partial<RunRecord>[]) {
    const id =
      row.response_id ??
      (row.problem_id === undefined ? undefined : sampleKey(row.problem_id, row.sample ?? 0));
    if (id !== undefined && !kept.has(id)) dropped.push(id);
  }
  if (dropped.length === 0) return;
  throw new InputError(
    'run-records-shrink',
    `scoring ${dir} would drop ${dropped.length} of its stored records (${someIds(dropped)}), whose problems or samples are not in this dataset or selection; records.jsonl is left as it was (name the run's dataset, or pass --force to rewrite it)`,
  );
}

function storedTechnique(dir: string): string | undefined {
  const path = join(dir, 'run.json');
  if (!existsSync(path)) return undefined;
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { technique?: string }).technique;
  } catch {
    return undefined;
  }
}

/**
 * Calls, tokens and latency of a run: from `transcripts.jsonl` (every call of every role) when the
 * run has one, else from `responses.jsonl` (a zero-shot run: one solver call per row).
 */
export function runCost(
  dir: string,
  rows: readonly {
    problem_id: string;
    sample: number;
    usage: CallRecord['usage'];
    latency_ms: number;
    response: string | null;
    cached: boolean;
  }[],
): CostSummary {
  const transcript = join(dir, 'transcripts.jsonl');
  if (existsSync(transcript)) return summarizeCalls(readJsonLines(transcript).rows as CallRecord[]);
  return summarizeCalls(
    rows.map((r) => ({
      sample: sampleKey(r.problem_id, r.sample),
      role: 'solver',
      usage: r.usage,
      latency_ms: r.latency_ms,
      response: r.response,
      error: r.response === null ? { code: 'failed', message: '' } : null,
      cached: r.cached,
    })) as unknown as CallRecord[],
  );
}
