import { logBeta } from './log-gamma.js';

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITER = 100_000;

/**
 * The regularized incomplete beta function I_x(a, b) for a, b > 0 and x in [0, 1], from its
 * continued fraction evaluated by the modified Lentz method; the symmetry
 * I_x(a, b) = 1 − I_{1−x}(b, a) keeps the fraction in its fast-converging region. Pass `oneMinusX`
 * when 1 − x is known more precisely than x (e.g. t²/(df+t²) for huge df).
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number, oneMinusX = 1 - x): number {
  if (!(a > 0 && b > 0)) throw new RangeError(`incomplete beta needs a, b > 0 (got ${a}, ${b})`);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedIncompleteBeta(oneMinusX, b, a, x);
  const logX = x > 0.5 ? Math.log1p(-oneMinusX) : Math.log(x);
  const logY = x > 0.5 ? Math.log(oneMinusX) : Math.log1p(-x);
  const logFront = a * logX + b * logY - logBeta(a, b);
  return (Math.exp(logFront) / a) * betaContinuedFraction(x, a, b);
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    // Even step.
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + num / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    f *= d * c;
    // Odd step.
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + num / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return f;
}
