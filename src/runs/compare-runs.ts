import { mean } from '../stats/describe.js';
import { type KendallTau, kendallTauB } from '../stats/kendall-tau-b.js';
import { type PairedTTest, pairedTTest } from '../stats/paired-t-test.js';
import { type SignTest, signTest } from '../stats/sign-test.js';
import { type WilcoxonTest, wilcoxonSignedRank } from '../stats/wilcoxon-signed-rank.js';

/** One run's per-problem scores (each problem averaged over its samples). */
export interface RunScores {
  readonly label: string;
  /** problem id → mean step score over samples. */
  readonly step: ReadonlyMap<string, number>;
  /** problem id → mean final-answer accuracy over checkable samples. */
  readonly accuracy: ReadonlyMap<string, number>;
}

/** Paired statistics of one metric between a baseline and another run. */
export interface PairedComparison {
  /** Problems scored in both runs. */
  readonly n: number;
  readonly meanA: number;
  readonly meanB: number;
  /** Mean of B − A. */
  readonly meanDiff: number;
  readonly tTest: PairedTTest;
  readonly signTest: SignTest;
  readonly wilcoxon: WilcoxonTest;
  /** Agreement of the per-problem scores (do the runs find the same problems hard?). */
  readonly kendall: KendallTau;
  /** Per-problem differences B − A, by problem id. */
  readonly differences: Readonly<Record<string, number>>;
}

/** A run against the baseline (the first run). */
export interface RunComparison {
  readonly baseline: string;
  readonly other: string;
  readonly step: PairedComparison;
  readonly accuracy: PairedComparison;
}

/** Per-problem means from scored records (`problem_id`, `step_score`, `final_answer_correct`). */
export function runScores(
  label: string,
  records: readonly {
    problem_id: string;
    step_score: number;
    final_answer_correct: boolean | null;
    total_nodes?: number;
  }[],
): RunScores {
  const steps = new Map<string, number[]>();
  const accs = new Map<string, number[]>();
  for (const r of records) {
    if (r.total_nodes !== 0) steps.set(r.problem_id, [...(steps.get(r.problem_id) ?? []), r.step_score]);
    if (r.final_answer_correct !== null) {
      accs.set(r.problem_id, [...(accs.get(r.problem_id) ?? []), r.final_answer_correct ? 1 : 0]);
    }
  }
  const avg = (m: Map<string, number[]>): Map<string, number> =>
    new Map([...m].map(([k, v]) => [k, mean(v)]));
  return { label, step: avg(steps), accuracy: avg(accs) };
}

/** Compares a metric of two runs on the problems both scored (sorted by id). */
export function pairedComparison(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
): PairedComparison {
  const ids = [...a.keys()].filter((id) => b.has(id)).sort();
  const xs = ids.map((id) => a.get(id)!);
  const ys = ids.map((id) => b.get(id)!);
  const diffs = ids.map((_, i) => ys[i]! - xs[i]!);
  return {
    n: ids.length,
    meanA: mean(xs),
    meanB: mean(ys),
    meanDiff: mean(diffs),
    tTest: pairedTTest(xs, ys),
    signTest: signTest(diffs),
    wilcoxon: wilcoxonSignedRank(diffs),
    kendall: kendallTauB(xs, ys),
    differences: Object.fromEntries(ids.map((id, i) => [id, diffs[i]!])),
  };
}

/** Compares every run after the first against the first (the baseline). */
export function compareRuns(runs: readonly RunScores[]): RunComparison[] {
  const [baseline, ...others] = runs;
  if (baseline === undefined) return [];
  return others.map((other) => ({
    baseline: baseline.label,
    other: other.label,
    step: pairedComparison(baseline.step, other.step),
    accuracy: pairedComparison(baseline.accuracy, other.accuracy),
  }));
}
