import { normalTwoSided } from './normal-cdf.js';

/** Kendall's τ_b with its asymptotic two-sided p-value. */
export interface KendallTau {
  readonly n: number;
  readonly tau: number;
  readonly concordant: number;
  readonly discordant: number;
  readonly z: number;
  /** Two-sided p-value from the tie-corrected variance of C − D (normal approximation). */
  readonly p: number;
}

/**
 * Kendall's τ_b = (C − D)/√((n₀ − n₁)(n₀ − n₂)) for paired observations, O(n²). The p-value uses
 * the variance of S = C − D with ties in both variables (Kendall 1970, eq. 4.4); NaN τ when either
 * variable is constant.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): KendallTau {
  if (x.length !== y.length) throw new RangeError(`kendallTauB: lengths differ (${x.length} vs ${y.length})`);
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = Math.sign(x[i]! - x[j]!) * Math.sign(y[i]! - y[j]!);
      if (s > 0) concordant++;
      else if (s < 0) discordant++;
    }
  }
  const tx = tieSizes(x);
  const ty = tieSizes(y);
  const n0 = (n * (n - 1)) / 2;
  const n1 = tx.reduce((s, t) => s + (t * (t - 1)) / 2, 0);
  const n2 = ty.reduce((s, t) => s + (t * (t - 1)) / 2, 0);
  const denom = Math.sqrt((n0 - n1) * (n0 - n2));
  const tau = denom > 0 ? (concordant - discordant) / denom : Number.NaN;
  const sum = (ts: number[], f: (t: number) => number): number => ts.reduce((s, t) => s + f(t), 0);
  const v0 = n * (n - 1) * (2 * n + 5);
  const vt = sum(tx, (t) => t * (t - 1) * (2 * t + 5));
  const vu = sum(ty, (t) => t * (t - 1) * (2 * t + 5));
  const v1 = n > 1 ? (sum(tx, (t) => t * (t - 1)) * sum(ty, (t) => t * (t - 1))) / (2 * n * (n - 1)) : 0;
  const v2 =
    n > 2
      ? (sum(tx, (t) => t * (t - 1) * (t - 2)) * sum(ty, (t) => t * (t - 1) * (t - 2))) /
        (9 * n * (n - 1) * (n - 2))
      : 0;
  const variance = (v0 - vt - vu) / 18 + v1 + v2;
  const z = variance > 0 ? (concordant - discordant) / Math.sqrt(variance) : Number.NaN;
  return { n, tau, concordant, discordant, z, p: Number.isNaN(z) ? Number.NaN : normalTwoSided(z) };
}

function tieSizes(values: readonly number[]): number[] {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.values()].filter((c) => c > 1);
}
