/**
 * The unbiased pass@k estimator (Chen et al. 2021): with n samples of which c are correct,
 * 1 − C(n−c, k)/C(n, k), computed as a stable product. Requires 1 ≤ k ≤ n.
 */
export function passAtK(n: number, c: number, k: number): number {
  if (!(k >= 1 && k <= n && c >= 0 && c <= n)) throw new RangeError(`passAtK needs 1 ≤ k ≤ n, 0 ≤ c ≤ n`);
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}
