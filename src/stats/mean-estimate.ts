import { mean, sampleSd } from './describe.js';
import { studentTCdf } from './student-t-cdf.js';

/** How a 95% interval was made: Wilson's score interval (a share of 0/1 outcomes) or Student's t. */
export type IntervalMethod = 'wilson' | 't';

/** A mean with its uncertainty, as a paper reports it. */
export interface MeanEstimate {
  /** The mean; null when n = 0. */
  readonly mean: number | null;
  /** Units averaged (problems, each first averaged over its samples). */
  readonly n: number;
  /** Standard error: sample sd (n − 1) / √n; null below n = 2. */
  readonly stderr: number | null;
  /** 95% interval [low, high] within the scale ([0, 1] unless stated); null when it cannot be made (n = 0, or n = 1 with t). */
  readonly ci95: readonly [number, number] | null;
  readonly ci_method: IntervalMethod | null;
}

/** z for a two-sided 95% normal interval. */
const Z95 = 1.959963984540054;

/** The 0.975 quantile of Student's t with `df` degrees of freedom (bisection on the CDF, to 1e-12). */
export function tQuantile975(df: number): number {
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < 0.975) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < 0.975) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Wilson's score interval of k successes in n (good at small n and near 0 or 1, unlike p ± z·se). */
export function wilsonInterval(k: number, n: number): readonly [number, number] {
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The mean of values in [0, 1] with n, standard error and a 95% interval: Wilson's score interval when
 * every value is 0 or 1 (a share of correct answers, one sample per problem), else Student's t
 * (mean ± t₀.₉₇₅,ₙ₋₁ · se), clipped to [0, 1]. The standard error is the sample sd over √n, as
 * lm-evaluation-harness reports `acc_stderr`.
 */
export function estimateMean(values: readonly number[]): MeanEstimate {
  return estimateOnScale(values, [0, 1]);
}

/**
 * {@link estimateMean} for values on a scale `[lo, hi]` (a PPS in 0–100, a criterion in 1–5): Wilson's
 * interval only for 0/1 values on [0, 1]; otherwise Student's t, clipped to the scale.
 */
export function estimateOnScale(values: readonly number[], scale: readonly [number, number]): MeanEstimate {
  const n = values.length;
  if (n === 0) return { mean: null, n: 0, stderr: null, ci95: null, ci_method: null };
  const m = mean(values);
  const stderr = n < 2 ? null : sampleSd(values) / Math.sqrt(n);
  const [lo, hi] = scale;
  if (lo === 0 && hi === 1 && values.every((v) => v === 0 || v === 1)) {
    const k = values.filter((v) => v === 1).length;
    return { mean: m, n, stderr, ci95: wilsonInterval(k, n), ci_method: 'wilson' };
  }
  if (stderr === null) return { mean: m, n, stderr, ci95: null, ci_method: null };
  const half = tQuantile975(n - 1) * stderr;
  return { mean: m, n, stderr, ci95: [Math.max(lo, m - half), Math.min(hi, m + half)], ci_method: 't' };
}
