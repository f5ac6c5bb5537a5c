import { regularizedGammaQ } from './incomplete-gamma.js';

/**
 * The standard normal CDF Φ(z), through erfc(u) = Q(1/2, u²): both tails keep full relative
 * precision (Φ(−10) ≈ 7.6e−24 is not rounded to 0).
 */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  const tail = 0.5 * regularizedGammaQ(0.5, (z * z) / 2);
  return z < 0 ? tail : 1 - tail;
}

/** Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|). */
export function normalTwoSided(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  return Math.min(1, regularizedGammaQ(0.5, (z * z) / 2));
}
