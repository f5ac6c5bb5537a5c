/**
 * The numerator S = C − D of Kendall's τ (concordant minus discordant pairs, pairs tied in either
 * variable counting neither) in O(n log n): sort by (x, y), then count the exchanges a merge sort on
 * y needs (Knight 1966). Exact for any ties; equals the O(n²) pair count.
 */
export function kendallStatistic(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (y.length !== n) throw new RangeError(`kendallStatistic: lengths differ (${n} vs ${y.length})`);
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i]! - x[j]! || y[i]! - y[j]!);
  const pairs = (t: number): number => (t * (t - 1)) / 2;
  let tiedX = 0;
  let tiedXY = 0;
  let runX = 1;
  let runXY = 1;
  for (let k = 1; k <= n; k++) {
    const a = order[k - 1]!;
    const b = order[k];
    if (b !== undefined && x[a] === x[b]) {
      runX++;
      if (y[a] === y[b]) runXY++;
      else {
        tiedXY += pairs(runXY);
        runXY = 1;
      }
    } else {
      tiedX += pairs(runX);
      tiedXY += pairs(runXY);
      runX = 1;
      runXY = 1;
    }
  }
  const ys = order.map((i) => y[i]!);
  const swaps = mergeCount(ys, new Array<number>(n), 0, n);
  let tiedY = 0;
  let runY = 1;
  for (let k = 1; k <= n; k++) {
    if (k < n && ys[k] === ys[k - 1]) runY++;
    else {
      tiedY += pairs(runY);
      runY = 1;
    }
  }
  return pairs(n) - tiedX - tiedY + tiedXY - 2 * swaps;
}

/** Sorts `a[lo, hi)` ascending in place and returns the number of strict inversions. */
function mergeCount(a: number[], buf: number[], lo: number, hi: number): number {
  if (hi - lo < 2) return 0;
  const mid = (lo + hi) >>> 1;
  let count = mergeCount(a, buf, lo, mid) + mergeCount(a, buf, mid, hi);
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) {
    if (a[j]! < a[i]!) {
      count += mid - i;
      buf[k++] = a[j++]!;
    } else buf[k++] = a[i++]!;
  }
  while (i < mid) buf[k++] = a[i++]!;
  while (j < hi) buf[k++] = a[j++]!;
  for (let m = lo; m < hi; m++) a[m] = buf[m]!;
  return count;
}
