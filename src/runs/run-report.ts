import type { Problem } from '../dag/types.js';
import type { CostSummary } from '../pipeline/summarize-calls.js';
import { SUMMARY_SCHEMA, type SummaryMetrics, summaryMetrics } from '../report/summary-metrics.js';
import { mean } from '../stats/describe.js';
import { passAtK } from '../stats/pass-at-k.js';
import { type ResponseRow, sampleKey } from './response-row.js';
import type { RunRecord } from './score-run.js';

/** One cell group of the report: averages over problems (each problem first averaged over its samples). */
export interface ReportCell {
  /** Problems with at least one scored sample. */
  readonly problems: number;
  /** Mean final-answer accuracy in [0, 1] over problems with a checkable final answer; null if none. */
  readonly accuracy: number | null;
  /** Mean step score in [0, 1]; null when no problem was scored. */
  readonly step_score: number | null;
  /** Mean response time in seconds; null when unknown. */
  readonly mean_time_s: number | null;
}

/** A run's report: the PRISM-Physics Table 1 layout plus a per-domain table and, for K > 1, @K metrics. */
export interface RunReport {
  /** The one summary.json format (`prism-summary-v1`; `prism-report-v1` in runs scored before it). */
  readonly schema: typeof SUMMARY_SCHEMA;
  readonly kind: 'run';
  /** Means over problems with n, standard error and 95% interval (the same block as `prism score`'s). */
  readonly metrics: SummaryMetrics;
  readonly model: string;
  readonly samples: number;
  readonly problems: number;
  /** Samples with a response. */
  readonly responses: number;
  /** Samples whose request failed for good (excluded from the averages). */
  readonly errors: number;
  /** Samples with a response that the scorer did not score. */
  readonly unscored: number;
  readonly by_difficulty: Readonly<Record<'easy' | 'medium' | 'hard' | 'unrated', ReportCell>>;
  readonly average: ReportCell;
  readonly by_domain: Readonly<Record<string, ReportCell>>;
  /** With K > 1: mean@K (the averages above) and unbiased pass@k of the final answer for k = 1, 2, 4, …, K. */
  /** The technique that produced the final answers (`zero-shot` for plain runs). */
  readonly technique?: string;
  /** Calls, tokens and latency per role (the multi-agent cost is part of the result). */
  readonly cost?: CostSummary;
  readonly at_k?: {
    readonly mean_at_k: { readonly accuracy: number | null; readonly step_score: number | null };
    readonly pass_at_k: Readonly<Record<string, number | null>>;
  };
}

interface PerProblem {
  readonly problem: Problem;
  readonly step: number | null;
  readonly accuracy: number | null;
  readonly time: number | null;
  readonly n: number;
  readonly correct: number;
  readonly checkable: number;
}

/** Builds a {@link RunReport} from the latest response per sample and the scored records. */
export function buildRunReport(input: {
  readonly model: string;
  readonly samples: number;
  readonly problems: readonly Problem[];
  readonly responses: ReadonlyMap<string, ResponseRow>;
  readonly records: readonly (Pick<RunRecord, 'problem_id' | 'step_score' | 'final_answer_correct'> & {
    readonly sample: number;
    /** 0 for a problem without a DAG: it has no step score (only final-answer and judge scores). */
    readonly total_nodes?: number;
  })[];
}): RunReport {
  const byProblem = new Map<
    string,
    (Pick<RunRecord, 'problem_id' | 'step_score' | 'final_answer_correct'> & {
      readonly sample: number;
      readonly total_nodes?: number;
    })[]
  >();
  for (const r of input.records) {
    const list = byProblem.get(r.problem_id) ?? [];
    list.push(r);
    byProblem.set(r.problem_id, list);
  }
  let responses = 0;
  let errors = 0;
  const per: PerProblem[] = [];
  for (const problem of input.problems) {
    const times: number[] = [];
    for (let s = 0; s < input.samples; s++) {
      const row = input.responses.get(sampleKey(problem.id, s));
      if (row === undefined) continue;
      if (row.response === null) errors++;
      else {
        responses++;
        times.push(row.latency_ms / 1000);
      }
    }
    const recs = byProblem.get(problem.id) ?? [];
    if (recs.length === 0) continue;
    const checkable = recs.filter((r) => r.final_answer_correct !== null);
    const correct = checkable.filter((r) => r.final_answer_correct === true).length;
    per.push({
      problem,
      step: recs.some((r) => r.total_nodes === 0) ? null : mean(recs.map((r) => r.step_score)),
      accuracy: checkable.length === 0 ? null : correct / checkable.length,
      time: times.length === 0 ? null : mean(times),
      n: recs.length,
      correct,
      checkable: checkable.length,
    });
  }
  const cell = (list: readonly PerProblem[]): ReportCell => ({
    problems: list.length,
    accuracy: meanOrNull(list.map((p) => p.accuracy)),
    step_score: meanOrNull(list.map((p) => p.step)),
    mean_time_s: meanOrNull(list.map((p) => p.time)),
  });
  const of = (d: string | undefined): PerProblem[] =>
    per.filter((p) => (p.problem.difficulty ?? 'unrated') === d);
  const domains = [...new Set(per.map((p) => p.problem.domain ?? 'unknown'))].sort();
  const average = cell(per);
  const report: RunReport = {
    schema: SUMMARY_SCHEMA,
    kind: 'run',
    metrics: summaryMetrics(input.records, input.problems),
    model: input.model,
    samples: input.samples,
    problems: input.problems.length,
    responses,
    errors,
    unscored: responses - input.records.length,
    by_difficulty: {
      easy: cell(of('easy')),
      medium: cell(of('medium')),
      hard: cell(of('hard')),
      unrated: cell(of('unrated')),
    },
    average,
    by_domain: Object.fromEntries(
      domains.map((d) => [d, cell(per.filter((p) => (p.problem.domain ?? 'unknown') === d))]),
    ),
  };
  if (input.samples <= 1) return report;
  const pass: Record<string, number | null> = {};
  for (
    let k = 1;
    k <= input.samples;
    k = k * 2 > input.samples && k < input.samples ? input.samples : k * 2
  ) {
    pass[String(k)] = meanOrNull(
      per.filter((p) => p.checkable >= k).map((p) => passAtK(p.checkable, p.correct, k)),
    );
    if (k === input.samples) break;
  }
  return {
    ...report,
    at_k: { mean_at_k: { accuracy: average.accuracy, step_score: average.step_score }, pass_at_k: pass },
  };
}

function meanOrNull(values: readonly (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length === 0 ? null : mean(xs);
}
