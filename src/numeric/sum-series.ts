import { integrate } from './integrate.js';
import { charge } from './work-meter.js';

/** Most terms a sum or product may take before it gives up (NaN). */
export const MAX_TERMS = 1_000_000;

/**
 * Σ (or Π) of `term(n)` for integer n from `lower` to `upper`. Bounds must be integers (to 1e-9);
 * `upper = +∞` sums until the terms are negligible. Slowly converging sums of terms that are
 * smooth in real n (Σ 1/n²) get an Euler–Maclaurin tail: ∫_M^∞ f + f(M)/2 − f'(M)/12, accepted
 * when two cut-offs agree. Alternating sums are averaged over consecutive partial sums. Returns NaN
 * when the bounds are not integers, more than {@link MAX_TERMS} terms are needed, it diverges, or
 * the work meter is spent (`unitCost` units per term, by the size of the term).
 */
export function sumSeries(
  kind: 'sum' | 'product',
  term: (n: number) => number,
  lower: number,
  upper: number,
  unitCost = 1,
): number {
  const lo = integerBound(lower);
  if (lo === undefined || Number.isNaN(upper)) return Number.NaN;
  if (unitCost !== 1) {
    const inner = term;
    term = (n) => (charge(unitCost - 1) ? inner(n) : Number.NaN);
  }
  if (upper === Number.POSITIVE_INFINITY)
    return kind === 'sum' ? infiniteSum(term, lo) : infiniteProduct(term, lo);
  const hi = integerBound(upper);
  if (hi === undefined) return Number.NaN;
  if (hi - lo + 1 > MAX_TERMS) return Number.NaN;
  let acc = kind === 'sum' ? 0 : 1;
  for (let n = lo; n <= hi; n++) {
    if (!charge(1)) return Number.NaN;
    acc = kind === 'sum' ? acc + term(n) : acc * term(n);
  }
  return acc;
}

function integerBound(x: number): number | undefined {
  if (!Number.isFinite(x)) return undefined;
  const r = Math.round(x);
  return Math.abs(x - r) <= 1e-9 * Math.max(1, Math.abs(x)) ? r : undefined;
}

function infiniteSum(term: (n: number) => number, lo: number): number {
  let sum = 0;
  let quiet = 0;
  let n = lo;
  for (; n < lo + 200; n++) {
    if (!charge(1)) return Number.NaN;
    const t = term(n);
    if (!Number.isFinite(t)) return Number.NaN;
    sum += t;
    quiet = Math.abs(t) <= 1e-17 * Math.abs(sum) || t === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return sum;
  }
  const tail = eulerMaclaurin(term, lo, 64, 128);
  if (tail !== undefined) return tail;
  return alternatingOrSlow(term, lo);
}

function eulerMaclaurin(term: (n: number) => number, lo: number, ...cuts: number[]): number | undefined {
  const estimates = cuts.map((cut) => {
    let s = 0;
    if (!charge(cut + 2)) return Number.NaN;
    for (let n = lo; n < lo + cut; n++) s += term(n);
    const m = lo + cut;
    const h = 1e-3 * Math.max(1, m);
    const slope = (term(m + h) - term(m - h)) / (2 * h);
    const integral = integrate(term, m, Number.POSITIVE_INFINITY, { maxEvals: 4000 });
    return integral.ok ? s + integral.value + term(m) / 2 - slope / 12 : Number.NaN;
  });
  const [a, b] = estimates as [number, number];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(b), 1e-300) ? b : undefined;
}

function alternatingOrSlow(term: (n: number) => number, lo: number): number {
  let sum = 0;
  let lastTerm = 0;
  let lastMean = Number.NaN;
  for (let n = lo; n < lo + MAX_TERMS; n++) {
    if (!charge(1)) return Number.NaN;
    const t = term(n);
    if (!Number.isFinite(t)) return Number.NaN;
    const previous = sum;
    sum += t;
    if (Math.abs(t) <= 1e-15 * Math.abs(sum)) return sum;
    if (t * lastTerm < 0) {
      // For alternating terms the mean of consecutive partial sums converges much faster.
      const mean = 0.5 * (sum + previous);
      if (Math.abs(mean - lastMean) <= 1e-11 * Math.abs(mean)) return mean;
      lastMean = mean;
    }
    lastTerm = t;
  }
  return Number.NaN;
}

function infiniteProduct(term: (n: number) => number, lo: number): number {
  let p = 1;
  let quiet = 0;
  for (let n = lo; n < lo + MAX_TERMS; n++) {
    if (!charge(1)) return Number.NaN;
    const t = term(n);
    if (!Number.isFinite(t)) return Number.NaN;
    p *= t;
    if (p === 0) return 0;
    quiet = Math.abs(t - 1) <= 1e-16 ? quiet + 1 : 0;
    if (quiet >= 3) return p;
  }
  return Number.NaN;
}
