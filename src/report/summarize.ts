import { problemDifficulty } from '../dag/difficulty-model.js';
import type { Problem } from '../dag/types.js';
import type { ScoreRecord } from '../score/types.js';
import { SUMMARY_SCHEMA, type SummaryMetrics, summaryMetrics } from './summary-metrics.js';

/** Aggregates of one group of records. */
export interface SummaryRow {
  readonly group: string;
  /** Responses scored. */
  readonly responses: number;
  /** Distinct problems among them. */
  readonly problems: number;
  /** Mean step score, in [0, 1]. */
  readonly mean_step_score: number;
  /** Share of responses with a correct final answer, over those with a checkable one (null: none). */
  readonly final_answer_accuracy: number | null;
  readonly final_answer_checked: number;
  /** Means of spec C1's baselines (strict ≤ step score ≤ prefix), for comparison. */
  readonly mean_strict: number;
  readonly mean_strict_all_nodes: number;
  readonly mean_prefix: number;
  /** Mean of our longest-matched-run baseline (≤ strict). */
  readonly mean_matched_run: number;
}

/**
 * `prism score`'s summary.json: the one versioned format (`schema`, `kind`, `metrics` with n,
 * standard error and 95% interval; JSON Schema in schema/prism.summary.schema.json) plus the
 * per-response table (PRISM-Physics Table 1 style) over responses.
 */
export interface Summary {
  readonly schema: typeof SUMMARY_SCHEMA;
  readonly kind: 'score';
  readonly metrics: SummaryMetrics;
  readonly overall: SummaryRow;
  readonly by_difficulty: readonly SummaryRow[];
  readonly by_domain: readonly SummaryRow[];
  readonly scorer_version: string | null;
  readonly mode: string | null;
}

const DIFFICULTY_ORDER = ['easy', 'medium', 'hard'];

function row(group: string, records: readonly ScoreRecord[]): SummaryRow {
  const n = records.length;
  const mean = (f: (r: ScoreRecord) => number): number =>
    n === 0 ? 0 : records.reduce((s, r) => s + f(r), 0) / n;
  const checked = records.filter((r) => r.final_answer_correct !== null);
  return {
    group,
    responses: n,
    problems: new Set(records.map((r) => r.problem_id)).size,
    mean_step_score: mean((r) => r.step_score),
    final_answer_accuracy:
      checked.length === 0
        ? null
        : checked.filter((r) => r.final_answer_correct === true).length / checked.length,
    final_answer_checked: checked.length,
    mean_strict: mean((r) => r.baselines?.strict ?? 0),
    mean_strict_all_nodes: mean((r) => r.baselines?.strict_all_nodes ?? 0),
    mean_prefix: mean((r) => r.baselines?.prefix ?? 0),
    mean_matched_run: mean((r) => r.baselines?.matched_run ?? 0),
  };
}

/**
 * Summarizes score records against their problems: mean step score and final-answer accuracy
 * overall, by difficulty (the problem's field, else from its DAG complexity) and by domain
 * (`unknown` when absent). Records whose problem is not given count only in `overall`.
 */
export function summarize(records: readonly ScoreRecord[], problems: readonly Problem[]): Summary {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const group = (key: (p: Problem) => string): Map<string, ScoreRecord[]> => {
    const groups = new Map<string, ScoreRecord[]>();
    for (const record of records) {
      const problem = byId.get(record.problem_id);
      if (problem === undefined) continue;
      const k = key(problem);
      const list = groups.get(k) ?? [];
      list.push(record);
      groups.set(k, list);
    }
    return groups;
  };
  const difficulties = group((p) => problemDifficulty(p));
  const domains = group((p) => p.domain ?? 'unknown');
  const first = records[0];
  return {
    schema: SUMMARY_SCHEMA,
    kind: 'score',
    metrics: summaryMetrics(records, problems),
    overall: row('overall', records),
    by_difficulty: DIFFICULTY_ORDER.filter((d) => difficulties.has(d)).map((d) =>
      row(d, difficulties.get(d)!),
    ),
    by_domain: [...domains.keys()].sort().map((d) => row(d, domains.get(d)!)),
    scorer_version: first?.scorer_version ?? null,
    mode: first?.mode ?? null,
  };
}
