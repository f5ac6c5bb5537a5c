import { regularizedIncompleteBeta } from './incomplete-beta.js';
import { normalCdf } from './normal-cdf.js';

/** Above this df the t distribution is taken as a corrected normal (error O(1/df²) < 1e-11). */
const NORMAL_DF = 1e6;

function normalized(t: number, df: number): number {
  return (t * (1 - 1 / (4 * df))) / Math.sqrt(1 + (t * t) / (2 * df));
}

/**
 * The CDF of Student's t distribution with `df` > 0 degrees of freedom (real df allowed), from
 * P(|T| > |t|) = I_{df/(df+t²)}(df/2, 1/2); above df = 10⁶ a corrected normal approximation.
 */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`t distribution needs df > 0 (got ${df})`);
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  if (df > NORMAL_DF) return normalCdf(normalized(t, df));
  const tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5, (t * t) / (df + t * t));
  return t > 0 ? 1 - tail : tail;
}

/** Two-sided p-value of a t statistic: P(|T| ≥ |t|). */
export function studentTTwoSided(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`t distribution needs df > 0 (got ${df})`);
  if (Number.isNaN(t)) return Number.NaN;
  if (!Number.isFinite(t)) return 0;
  if (df > NORMAL_DF) return 2 * normalCdf(-Math.abs(normalized(t, df)));
  return Math.min(1, regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5, (t * t) / (df + t * t)));
}
