import type { Problem } from '../dag/types.js';
import {
  type EstimateGroup,
  groupByProblem,
  SCALED_INTERVAL_METHOD,
  type SummaryEnvelope,
  shareEstimate,
} from '../report/estimate-metrics.js';
import { SUMMARY_SCHEMA } from '../report/summary-metrics.js';
import { ERROR_LABELS, type ErrorLabel } from './error-taxonomy.js';

/** One classified answer as the summary reads it (a line of `errors.jsonl`, reduced). */
export interface ClassifiedAnswer {
  /** The problem answered: grouped by its domain and difficulty when the problems are given. */
  readonly problem_id?: string;
  readonly result:
    | {
        readonly ok: true;
        readonly primary_error: ErrorLabel;
        readonly secondary_errors: readonly ErrorLabel[];
      }
    | { readonly ok: false };
}

/**
 * The distribution of error labels of one model (one run): table and plot data; `metrics` gives each
 * primary label's share of the classified answers with n, standard error and a 95% (Wilson) interval.
 */
export interface ErrorSummary extends SummaryEnvelope {
  readonly kind: 'errors';
  readonly model: string;
  /** The technique of the run (zero-shot when plain). */
  readonly technique: string;
  /** Which answers were sent: `imperfect` (default) or `all`. */
  readonly included: 'imperfect' | 'all';
  /** Answers of the run (scored records). */
  readonly answers: number;
  /** Answers left out because they were perfect (0 with `all`). */
  readonly perfect_skipped: number;
  /** Answers with a valid classification (the denominator of the shares). */
  readonly classified: number;
  /** Answers whose classification failed (unparseable twice, or the call failed): not in the distribution. */
  readonly failures: number;
  /** The seven labels, in order: the x axis of a plot. */
  readonly labels: readonly ErrorLabel[];
  /** Primary-label counts and shares of `classified` (share 0 when nothing was classified). */
  readonly primary: Readonly<Record<ErrorLabel, { readonly count: number; readonly share: number }>>;
  /** How often each label was named as a secondary error. */
  readonly secondary: Readonly<Record<ErrorLabel, number>>;
}

/**
 * Aggregates classified answers into the per-model distribution of primary labels (counts and
 * shares of the valid classifications; failures counted apart, never as a label) and the counts of
 * secondary labels. With the problems, `metrics` also gives each label's share by difficulty
 * (easy, medium, hard, unrated) and by domain. Pure.
 */
export function summarizeErrors(
  rows: readonly ClassifiedAnswer[],
  run: Pick<ErrorSummary, 'model' | 'technique' | 'included' | 'answers' | 'perfect_skipped'>,
  problems?: readonly Problem[],
): ErrorSummary {
  const primary = Object.fromEntries(ERROR_LABELS.map((l) => [l, 0])) as Record<ErrorLabel, number>;
  const secondary = Object.fromEntries(ERROR_LABELS.map((l) => [l, 0])) as Record<ErrorLabel, number>;
  let classified = 0;
  let failures = 0;
  for (const row of rows) {
    if (!row.result.ok) {
      failures++;
      continue;
    }
    classified++;
    primary[row.result.primary_error]++;
    for (const s of row.result.secondary_errors) secondary[s]++;
  }
  return {
    schema: SUMMARY_SCHEMA,
    kind: 'errors',
    ...run,
    classified,
    failures,
    labels: ERROR_LABELS,
    primary: Object.fromEntries(
      ERROR_LABELS.map((l) => [
        l,
        { count: primary[l], share: classified === 0 ? 0 : primary[l] / classified },
      ]),
    ) as ErrorSummary['primary'],
    secondary,
    metrics: {
      unit: 'answer',
      interval: { level: 0.95, method: SCALED_INTERVAL_METHOD },
      overall: shares(rows),
      ...(problems === undefined ? {} : groupedShares(rows, problems)),
    },
  };
}

/** Each primary label's share of the valid classifications among `rows`, as an estimate. */
function shares(rows: readonly ClassifiedAnswer[]): EstimateGroup {
  const ok = rows.flatMap((r) => (r.result.ok ? [r.result.primary_error] : []));
  return Object.fromEntries(
    ERROR_LABELS.map((l) => [l, shareEstimate(ok.filter((x) => x === l).length, ok.length)]),
  );
}

/** {@link shares} by the difficulty tier and by the domain of each answer's problem. */
function groupedShares(
  rows: readonly ClassifiedAnswer[],
  problems: readonly Problem[],
): { by_difficulty: Record<string, EstimateGroup>; by_domain: Record<string, EstimateGroup> } {
  const { byDifficulty, byDomain } = groupByProblem(rows, problems);
  const map = (groups: Map<string, ClassifiedAnswer[]>) =>
    Object.fromEntries([...groups].map(([k, list]) => [k, shares(list)]));
  return { by_difficulty: map(byDifficulty), by_domain: map(byDomain) };
}
