import { charge } from './work-meter.js';

/** Options of {@link integrate}. */
export interface IntegrateOptions {
  /** Absolute error target. Default 1e-12. */
  readonly absTol?: number;
  /** Relative error target. Default 1e-10. */
  readonly relTol?: number;
  /** Budget of integrand evaluations (15 per panel). Default 20 000. */
  readonly maxEvals?: number;
  /** Work units charged per integrand evaluation (by the size of the integrand). Default 1. */
  readonly unitCost?: number;
}

/** The outcome of {@link integrate}; `ok` is false when the error target was not met in budget. */
export interface IntegrateResult {
  readonly value: number;
  readonly error: number;
  readonly ok: boolean;
  readonly evals: number;
}

// Gauss–Kronrod 7/15 abscissae (descending, last is 0) and weights; Gauss weights for the
// abscissae XK[1], XK[3], XK[5], XK[7]. Standard published values.
const XK = [
  0.9914553711208126, 0.9491079123427585, 0.8648644233597691, 0.7415311855993945, 0.5860872354676911,
  0.4058451513773972, 0.20778495500789848, 0,
];
const WK = [
  0.022935322010529224, 0.06309209262997856, 0.10479001032225019, 0.14065325971552592, 0.1690047266392679,
  0.19035057806478542, 0.20443294007529889, 0.20948214108472782,
];
const WG = [0.1294849661688697, 0.27970539148927664, 0.3818300505051189, 0.4179591836734694];

interface Panel {
  a: number;
  b: number;
  value: number;
  error: number;
}

/**
 * ∫_a^b f(x) dx by adaptive Gauss–Kronrod (G7–K15) quadrature: the panel with the largest error
 * estimate is bisected until the total error meets `max(absTol, relTol·|value|)` or the evaluation
 * budget is spent. Infinite bounds are mapped to finite ones (x = a + t/(1−t), x = b − (1−t)/t,
 * x = t/(1−t²)). A non-finite integrand value makes the result not ok. Each panel charges 15 units
 * to the work meter; a spent meter makes the result not ok. Never throws.
 */
export function integrate(
  f: (x: number) => number,
  a: number,
  b: number,
  options: IntegrateOptions = {},
): IntegrateResult {
  if (Number.isNaN(a) || Number.isNaN(b))
    return { value: Number.NaN, error: Number.NaN, ok: false, evals: 0 };
  if (a === b) return { value: 0, error: 0, ok: true, evals: 0 };
  if (a > b) {
    const r = integrate(f, b, a, options);
    return { ...r, value: -r.value };
  }
  const inf = Number.POSITIVE_INFINITY;
  // An integrand that does not decay at an infinite bound (x·|f(x)| growing tenfold at each of
  // 1e4, 1e25, 1e50, 1e100 times the finite bound) diverges: not ok at once, where the quadrature
  // would spend its whole budget to reach the same answer (`\int_r^\infty E\,dr` with E a symbol).
  if (
    (b === inf && growsAtInfinity(f, a === -inf ? 1 : a, 1)) ||
    (a === -inf && growsAtInfinity(f, b === inf ? 1 : b, -1))
  ) {
    charge(4);
    return { value: Number.NaN, error: Number.POSITIVE_INFINITY, ok: false, evals: 4 };
  }
  if (a === -inf && b === inf)
    return adaptive((t) => mapped(f, t / (1 - t * t), (1 + t * t) / (1 - t * t) ** 2), -1, 1, options);
  if (b === inf) return adaptive((t) => mapped(f, a + t / (1 - t), 1 / (1 - t) ** 2), 0, 1, options);
  if (a === -inf) return adaptive((t) => mapped(f, b - (1 - t) / t, 1 / (t * t)), 0, 1, options);
  return adaptive(f, a, b, options);
}

/** x·|f(x)| grows at least tenfold between successive points s·10^k, k = 4, 25, 50, 100 (s = max(1, |from|)). */
function growsAtInfinity(f: (x: number) => number, from: number, direction: 1 | -1): boolean {
  const s = Math.max(1, Math.abs(from));
  let last = 0;
  for (const k of [4, 25, 50, 100]) {
    const x = direction * s * 10 ** k;
    const g = Math.abs(x * f(x));
    if (!Number.isFinite(g) || g === 0 || (last > 0 && g < 10 * last)) return false;
    last = g;
  }
  return true;
}

function mapped(f: (x: number) => number, x: number, jacobian: number): number {
  if (!Number.isFinite(x)) return 0;
  const y = f(x);
  return y === 0 ? 0 : y * jacobian;
}

function adaptive(
  f: (x: number) => number,
  a: number,
  b: number,
  options: IntegrateOptions,
): IntegrateResult {
  const absTol = options.absTol ?? 1e-12;
  const relTol = options.relTol ?? 1e-10;
  const maxEvals = options.maxEvals ?? 20_000;
  const unit = options.unitCost ?? 1;
  if (!charge(15 * unit)) return { value: Number.NaN, error: Number.NaN, ok: false, evals: 0 };
  const panels: Panel[] = [panel(f, a, b)];
  let evals = 15;
  for (;;) {
    let value = 0;
    let error = 0;
    let worst = 0;
    for (let i = 0; i < panels.length; i++) {
      const p = panels[i]!;
      value += p.value;
      error += p.error;
      if (p.error > panels[worst]!.error) worst = i;
    }
    if (!Number.isFinite(value) || Number.isNaN(error)) return { value: Number.NaN, error, ok: false, evals };
    if (error <= Math.max(absTol, relTol * Math.abs(value))) return { value, error, ok: true, evals };
    if (evals + 30 > maxEvals) return { value, error, ok: false, evals };
    const p = panels[worst]!;
    const mid = 0.5 * (p.a + p.b);
    if (mid <= p.a || mid >= p.b) return { value, error, ok: false, evals };
    if (!charge(30 * unit)) return { value, error, ok: false, evals };
    panels[worst] = panel(f, p.a, mid);
    panels.push(panel(f, mid, p.b));
    evals += 30;
  }
}

function panel(f: (x: number) => number, a: number, b: number): Panel {
  const c = 0.5 * (a + b);
  const h = 0.5 * (b - a);
  const fc = f(c);
  let kronrod = WK[7]! * fc;
  let gauss = WG[3]! * fc;
  for (let i = 0; i < 7; i++) {
    const dx = h * XK[i]!;
    const s = f(c - dx) + f(c + dx);
    kronrod += WK[i]! * s;
    if (i % 2 === 1) gauss += WG[(i - 1) / 2]! * s;
  }
  return { a, b, value: kronrod * h, error: Math.abs((kronrod - gauss) * h) };
}
