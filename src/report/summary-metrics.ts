import { problemDifficulty } from '../dag/difficulty-model.js';
import type { Problem } from '../dag/types.js';
import { estimateMean, type MeanEstimate } from '../stats/mean-estimate.js';

/** The version of the one `summary.json` format that `prism score`, `prism run` and `prism rescore` write. */
export const SUMMARY_SCHEMA = 'prism-summary-v1' as const;

/** The two metrics of one group, each a mean over problems with its uncertainty. */
export interface MetricSet {
  /** Problems in the group with at least one scored response. */
  readonly problems: number;
  /** Scored responses (samples) in the group. */
  readonly responses: number;
  /** PRISM step score |Ach(M)|/|F| (problems without a DAG left out). */
  readonly step_score: MeanEstimate;
  /** Final-answer accuracy (problems without a checkable final answer left out). */
  readonly final_answer_accuracy: MeanEstimate;
}

/** The metrics block every summary.json carries, overall, by difficulty and by domain. */
export interface SummaryMetrics {
  /** What n counts: problems, each first averaged over its scored responses (samples). */
  readonly unit: 'problem';
  readonly interval: {
    readonly level: 0.95;
    /** How the intervals were made, in words (also per estimate: `ci_method`). */
    readonly method: string;
  };
  readonly overall: MetricSet;
  readonly by_difficulty: Readonly<Record<string, MetricSet>>;
  readonly by_domain: Readonly<Record<string, MetricSet>>;
}

/** What the metrics need of a scored response; extra record fields are ignored. */
export interface ScoredItem {
  readonly problem_id: string;
  readonly step_score: number;
  readonly final_answer_correct: boolean | null;
  /** 0 for a problem without a DAG: it has no step score. */
  readonly total_nodes?: number;
}

export const INTERVAL_METHOD =
  "analytic, over problems: Wilson's score interval when every problem's value is 0 or 1 (final-answer accuracy with one sample), else Student's t (mean ± t(0.975, n−1)·se), clipped to [0, 1]; se = sample sd / √n";

const DIFFICULTY_ORDER = ['easy', 'medium', 'hard'];

/**
 * The metrics of scored responses against their problems: per problem the mean step score and the
 * share of correct final answers over its responses, then means over problems with n, standard error
 * and 95% interval — overall, by difficulty (the problem's, else from its DAG) and by domain
 * (`unknown` when absent). Responses to problems not given count in `overall` only.
 */
export function summaryMetrics(items: readonly ScoredItem[], problems: readonly Problem[]): SummaryMetrics {
  const byId = new Map(problems.map((p) => [p.id, p]));
  const perProblem = new Map<string, ScoredItem[]>();
  for (const item of items) {
    const list = perProblem.get(item.problem_id) ?? [];
    list.push(item);
    perProblem.set(item.problem_id, list);
  }
  const set = (ids: readonly string[]): MetricSet => {
    const steps: number[] = [];
    const accuracies: number[] = [];
    let responses = 0;
    for (const id of ids) {
      const list = perProblem.get(id)!;
      responses += list.length;
      const withDag = list.filter((r) => r.total_nodes !== 0 && Number.isFinite(r.step_score));
      if (withDag.length > 0) steps.push(withDag.reduce((s, r) => s + r.step_score, 0) / withDag.length);
      const checked = list.filter(
        (r) => r.final_answer_correct !== null && r.final_answer_correct !== undefined,
      );
      if (checked.length > 0)
        accuracies.push(checked.filter((r) => r.final_answer_correct === true).length / checked.length);
    }
    return {
      problems: ids.length,
      responses,
      step_score: estimateMean(steps),
      final_answer_accuracy: estimateMean(accuracies),
    };
  };
  const groups = (key: (p: Problem) => string): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const id of perProblem.keys()) {
      const p = byId.get(id);
      if (p === undefined) continue;
      const k = key(p);
      out.set(k, [...(out.get(k) ?? []), id]);
    }
    return out;
  };
  const difficulties = groups((p) => problemDifficulty(p));
  const domains = groups((p) => p.domain ?? 'unknown');
  const difficultyKeys = [
    ...DIFFICULTY_ORDER.filter((d) => difficulties.has(d)),
    ...[...difficulties.keys()].filter((d) => !DIFFICULTY_ORDER.includes(d)).sort(),
  ];
  return {
    unit: 'problem',
    interval: { level: 0.95, method: INTERVAL_METHOD },
    overall: set([...perProblem.keys()]),
    by_difficulty: Object.fromEntries(difficultyKeys.map((d) => [d, set(difficulties.get(d)!)])),
    by_domain: Object.fromEntries([...domains.keys()].sort().map((d) => [d, set(domains.get(d)!)])),
  };
}

const pct = (x: number): string => (100 * x).toFixed(1);

function cell(e: MeanEstimate): string {
  if (e.mean === null) return '—';
  const se = e.stderr === null ? '' : ` ± ${pct(e.stderr)}`;
  const ci = e.ci95 === null ? '' : ` [${pct(e.ci95[0])}, ${pct(e.ci95[1])}]`;
  return `${pct(e.mean)}${se}${ci}`;
}

/** The metrics as a Markdown table: mean ± standard error [95% interval], in percent, with n. */
export function renderMetricsMarkdown(metrics: SummaryMetrics): string {
  const rows: string[] = [
    '| Group | n problems | Step score % ± se [95% CI] | Final answer % ± se [95% CI] |',
    '|---|---:|---:|---:|',
  ];
  const line = (name: string, s: MetricSet): string =>
    `| ${name} | ${s.problems} | ${cell(s.step_score)} | ${cell(s.final_answer_accuracy)} |`;
  rows.push(line('Overall', metrics.overall));
  for (const [k, s] of Object.entries(metrics.by_difficulty)) rows.push(line(`difficulty: ${k}`, s));
  for (const [k, s] of Object.entries(metrics.by_domain)) rows.push(line(`domain: ${k}`, s));
  return `## Uncertainty (95% intervals over problems)\n\n${rows.join('\n')}\n\n_Intervals: ${metrics.interval.method}._\n`;
}
