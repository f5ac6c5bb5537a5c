import { sortNumbers } from '../core/sort-small.js';
import { exec, type Program } from './program.js';
import { residualOk } from './solve-types.js';
import { charge, newWorkEpoch, workExhausted } from './work-meter.js';

/**
 * One equation lhs(x) = rhs(x) with the other variables fixed in `buf` (the target is slot `slot`):
 * evaluates f = lhs − rhs, counts evaluations against a budget and verifies candidate roots. Each
 * evaluation charges `cost` units to the work meter; once the meter is spent, f is NaN and the
 * solve is truncated.
 */
export class Equation {
  /** The sides at the last evaluated point. */
  l = 0;
  r = 0;
  evals = 0;
  truncated = false;
  /**
   * A candidate root was dropped because the sign change that produced it is rounding noise (see
   * {@link resolvedRoot}): the roots reported may miss one that cannot be resolved here.
   */
  uncertain = false;

  constructor(
    private readonly lhs: Program,
    private readonly rhs: Program,
    readonly buf: Float64Array,
    public budget: number,
    private readonly cost = 1,
    readonly slot = 0,
  ) {
    newWorkEpoch();
  }

  /**
   * The equation as new, for another solve with a budget of its own (the caller fills `buf`): a
   * solver reuses one per prepared equation instead of allocating it and its buffer per solve.
   */
  reset(budget: number): void {
    this.l = 0;
    this.r = 0;
    this.evals = 0;
    this.truncated = false;
    this.uncertain = false;
    this.budget = budget;
    newWorkEpoch();
  }

  /** f(x) = lhs(x) − rhs(x); the sides are kept in `l` and `r`. */
  f(x: number): number {
    this.evals++;
    if (!charge(this.cost)) {
      this.truncated = true;
      this.l = Number.NaN;
      this.r = Number.NaN;
      return Number.NaN;
    }
    this.buf[this.slot] = x;
    // The results are read from the programs' registers: no heap number per evaluation.
    exec(this.lhs, this.buf);
    this.l = this.lhs.regs[this.lhs.result]!;
    exec(this.rhs, this.buf);
    this.r = this.rhs.regs[this.rhs.result]!;
    // An integral or a series inside may have spent the meter: the value is then not to be trusted.
    if (workExhausted()) this.truncated = true;
    return this.l - this.r;
  }

  /** True (and marks the result truncated) once the budget is spent. */
  exhausted(): boolean {
    if (this.evals >= this.budget || workExhausted()) this.truncated = true;
    return this.truncated;
  }

  /** Whether the last evaluation passed the relative residual test. */
  lastOk(): boolean {
    return residualOk(this.l, this.r);
  }

  /**
   * Accepts x as a root when the relative residual test passes; or when f changes sign within a
   * relative 1e-7 neighbourhood and |f(x)| is far below |f| there (a root where both sides vanish,
   * e.g. sin x = 0; a pole fails because |f| grows towards it); or when |f(x)| is 1e4 times below
   * |f| at a relative distance 1e-4 on both sides without a sign change (a touching root of a side
   * that vanishes, e.g. (x − 3)²(x + 1) = 0).
   */
  isRoot(x: number): boolean {
    const y = this.f(x);
    if (!Number.isFinite(y)) return false;
    if (this.lastOk()) return true;
    let d = 1e-7 * Math.abs(x) + 1e-300;
    let a = this.f(x - d);
    let b = this.f(x + d);
    // A root closer to the edge of the domain than d (`\ln\frac{c}{I - V/R}` solved for I, the root
    // 1.4e-8 above V/R): the neighbourhood is narrowed, down to 1e-11, until both sides are defined.
    for (let k = 0; k < 4 && !(Number.isFinite(a) && Number.isFinite(b)); k++) {
      d /= 10;
      a = this.f(x - d);
      b = this.f(x + d);
    }
    if (a * b < 0) return Math.abs(y) <= 1e-3 * Math.min(Math.abs(a), Math.abs(b));
    const w = 1e-4 * Math.abs(x) + 1e-300;
    const c = this.f(x - w);
    const e = this.f(x + w);
    return c * e > 0 && Math.abs(y) <= 1e-4 * Math.min(Math.abs(c), Math.abs(e));
  }

  /**
   * For a candidate obtained by exact inversion (path A): accepts x when its residual is within
   * what a relative change of 1e-9 in x produces (a backward-error test). An ill-conditioned side
   * near the edge of its domain (`\operatorname{artanh}(v/c)` with v/c = 1 − 1e-12) fails the
   * relative residual test by rounding alone although x is a root to 1e-8.
   */
  isConditionedRoot(x: number): boolean {
    const y = this.f(x);
    if (!Number.isFinite(y) || x === 0) return false;
    let change = 0;
    for (const k of [1, -1]) {
      const z = this.f(x * (1 + k * 1e-9));
      if (Number.isFinite(z)) change = Math.max(change, Math.abs(z - y));
    }
    return change > 0 && Math.abs(y) <= 10 * change;
  }

  /**
   * A root of f at x that is real, not rounding noise: on each side, at relative distances w, 4w
   * and 16w (w = 1e-8, else 1e-6), f keeps one sign (opposite signs on the two sides for a crossing,
   * the same for a touching root) and |f| grows with the distance. A "root" where f changes sign only by rounding (cancellation: the
   * dozens of roots of `\cosh^2 x - \sinh^2 x = 1` beyond x = 10, tiny or huge roots of
   * `a - \sqrt{a^2 - b}` forms that the residual test accepts because both sides round alike) has
   * random signs and sizes there; a true root that rounding hides at this resolution fails too.
   */
  resolvedRoot(x: number): boolean {
    if (x === 0) return true;
    for (const w of CROSSING_STEPS) {
      let left = 0;
      let right = 0;
      let ok = true;
      for (let k = 0; k < 3 && ok; k++) {
        const d = w * 4 ** k;
        const fa = this.f(x * (1 - d));
        const fb = this.f(x * (1 + d));
        ok =
          fa !== 0 &&
          fb !== 0 &&
          (k === 0 || fa * fb * left * right > 0) &&
          Math.abs(fa) > Math.abs(left) &&
          Math.abs(fb) > Math.abs(right) &&
          (k === 0 || (fa * left > 0 && fb * right > 0));
        left = fa;
        right = fb;
      }
      if (ok) return true;
    }
    return false;
  }

  /**
   * {@link isRoot}, and not inside a stretch where the equation holds numerically on both sides at
   * a relative distance 1e-4 (so `x = x + 1` has no "roots" at |x| > 1e16, where 1 is absorbed) —
   * unless the residual grows away from x on both sides as a root's does: a double root of a flat
   * f (`e^{2x/a} + e^{2b/a} = 2e^{(x+b)/a}` at x = b with b/a small: f ∝ (x − b)², within the
   * residual test at 1e-4 on both sides) is 16 times larger at 4·1e-4 than at 1e-4, where a
   * stretch of absorption or cancellation is zero or noise.
   */
  isIsolatedRoot(x: number): boolean {
    if (!this.isRoot(x)) return false;
    const w = 1e-4 * Math.abs(x) + 1e-300;
    const fl = this.f(x - w);
    const left = Number.isFinite(fl) && this.lastOk();
    const fr = this.f(x + w);
    const right = Number.isFinite(fr) && this.lastOk();
    if (!(left && right)) return true;
    return this.growsAway(x, w, fl) && this.growsAway(x, -w, fr);
  }

  /** f at x − 4d has the sign of `near` (f at x − d, not zero) and at least 8 times its size. */
  private growsAway(x: number, d: number, near: number): boolean {
    if (near === 0) return false;
    const far = this.f(x - 4 * d);
    return far * near > 0 && Math.abs(far) >= 8 * Math.abs(near);
  }
}

/** The smallest relative distances at which {@link Equation.resolvedRoot} looks for the sign change. */
const CROSSING_STEPS = [1e-8, 1e-6];

/** Sorted roots with near-duplicates (relative 1e-10) merged. */
export function dedupeRoots(roots: readonly number[]): number[] {
  // (Most solves give none or one: no copy to sort.)
  if (roots.length < 2) return roots.length === 0 ? [] : [roots[0] === 0 ? 0 : roots[0]!];
  const sorted = sortNumbers([...roots]);
  const out: number[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && Math.abs(x - last) <= 1e-10 * Math.max(Math.abs(x), Math.abs(last)) + 1e-300)
      continue;
    out.push(x === 0 ? 0 : x);
  }
  return out;
}
