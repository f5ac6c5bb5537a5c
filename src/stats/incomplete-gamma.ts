import { logGamma } from './log-gamma.js';

const EPS = 1e-16;
const TINY = 1e-300;
const MAX_ITER = 1000;

/**
 * The regularized upper incomplete gamma function Q(a, x) = Γ(a, x)/Γ(a) for a > 0, x ≥ 0: the
 * power series of P below x < a + 1, the Lentz continued fraction of Q above (so tails keep their
 * relative precision).
 */
export function regularizedGammaQ(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`incomplete gamma needs a > 0 (got ${a})`);
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return 0;
  const logFront = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n <= MAX_ITER; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * Math.exp(logFront);
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let f = d;
  for (let i = 1; i <= MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    f *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(logFront) * f;
}
