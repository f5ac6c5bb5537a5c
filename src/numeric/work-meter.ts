/**
 * The deterministic work meter. The core may not read a clock, so a check is bounded by the work it
 * does, counted where it is done: one unit per integrand evaluation, per series term, per solver
 * probe (weighted by the size of the compiled formula) and per compiled node; 12 per node
 * differentiated; per character parsed (extraction, answer preparation: see `create-scorer.ts`).
 * One unit is ≈ 50 ns of CPU on ordinary answers, at most ≈ 0.3 µs on the hostile corpus
 * (`bench/work-meter.bench.ts`). Budgets nest: a response budget holds pair budgets, which hold
 * compile budgets.
 *
 * The meter is dynamically scoped (a stack of frames, innermost charged), because compiled closures
 * are cached and reused by calls with different budgets. A computation that finishes within its
 * frame gives the same result under any larger budget, so results are cacheable when they were
 * not cut by an *outer* budget (see {@link Metered.cut}); a cache hit re-charges the recorded work
 * ({@link chargeRecorded}), so a result never depends on what was scored before.
 */

interface Frame {
  used: number;
  limit: number;
  exhausted: boolean;
}

let current: Frame = { used: 0, limit: Number.POSITIVE_INFINITY, exhausted: false };

/** The outcome of {@link metered}. */
export interface Metered<T> {
  readonly value: T;
  /** Work units spent (at most the cap when capped). */
  readonly work: number;
  /**
   * Work units charged inside, including what the charges that spent the budget overshot it by (a
   * detached computation and the last charge finish their step): `work` is what the budget
   * accounts, `charged` bounds the time the computation took.
   */
  readonly charged: number;
  /** The computation hit its own cap: a deterministic outcome (cacheable). */
  readonly capped: boolean;
  /** The computation hit an outer budget before its own cap: its value depends on the caller's
   * remaining budget, so it must not be cached; the outer budget is exhausted. */
  readonly cut: boolean;
}

/**
 * Charges `units` to the innermost budget. Returns false (and marks the budget exhausted) once it
 * is spent; callers then stop and return their "not determined" value (NaN, not ok, truncated).
 */
export function charge(units: number): boolean {
  const f = current;
  f.used += units;
  if (f.used > f.limit) f.exhausted = true;
  return !f.exhausted;
}

/** Whether the innermost budget is spent. */
export function workExhausted(): boolean {
  return current.exhausted;
}

/** Units charged so far to the innermost budget (the difference of two readings is the work between). */
export function workUsed(): number {
  return current.used;
}

/** Units left in the innermost budget (Infinity without one). */
export function workRemaining(): number {
  return Math.max(0, current.limit - current.used);
}

/**
 * Runs `fn` with a budget of `cap` units (never more than the enclosing budget has left, unless
 * `detached`: then exactly `cap`, for results memoized independently of any caller) and charges
 * the work it spent to the enclosing budget.
 */
export function metered<T>(cap: number, fn: () => T, detached = false): Metered<T> {
  const outer = current;
  const room = detached ? cap : Math.min(cap, Math.max(0, outer.limit - outer.used));
  const frame: Frame = { used: 0, limit: room, exhausted: room <= 0 && cap > 0 };
  current = frame;
  let value: T;
  try {
    value = fn();
  } finally {
    current = outer;
  }
  const cut = frame.exhausted && room < cap;
  const capped = frame.exhausted && !cut;
  const work = frame.exhausted ? room : frame.used;
  outer.used += work;
  if (cut || outer.used > outer.limit) outer.exhausted = true;
  return { value, work, charged: frame.used, capped, cut };
}

/**
 * Charges the recorded work of a cached result. Returns false when the enclosing budget cannot
 * afford it: the caller must then treat the result as cut (as computing it afresh would have been).
 */
export function chargeRecorded(work: number): boolean {
  const f = current;
  if (f.exhausted) return false;
  if (f.used + work > f.limit) {
    f.used = f.limit;
    f.exhausted = true;
    return false;
  }
  f.used += work;
  return true;
}

let epoch = 0;

/**
 * Starts a new memo epoch (every solve does): values remembered inside compiled closures (see
 * `compile`) are reused only within one epoch, so what a call computes and charges never depends
 * on earlier calls.
 */
export function newWorkEpoch(): void {
  epoch++;
}

/** The current memo epoch. */
export function workEpoch(): number {
  return epoch;
}
