import { logChoose } from './log-gamma.js';

/** The result of a two-sided exact sign test. */
export interface SignTest {
  /** Pairs with a non-zero difference (ties are dropped). */
  readonly n: number;
  readonly positive: number;
  readonly negative: number;
  readonly ties: number;
  /** Two-sided exact binomial p-value under p = 1/2; 1 when n = 0. */
  readonly p: number;
}

/** Exact two-sided sign test on paired differences (zeros are ties and are dropped). */
export function signTest(differences: readonly number[]): SignTest {
  let positive = 0;
  let negative = 0;
  for (const d of differences) {
    if (d > 0) positive++;
    else if (d < 0) negative++;
  }
  const n = positive + negative;
  const ties = differences.length - n;
  if (n === 0) return { n, positive, negative, ties, p: 1 };
  const k = Math.min(positive, negative);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return { n, positive, negative, ties, p: Math.min(1, 2 * tail) };
}
