import type { Equation } from './equation.js';

/**
 * The minimiser of the relative residual (`absolute`: of |f|) on [a, b] by golden-section search (≤ 60 evaluations), to a
 * relative width of 1e-10 (a touching root found to that width passes the root tests by ten orders
 * of magnitude). Gives up after 20 steps when the residual has not halved from `start`, its value at
 * the grid point: near a touching root it falls by 0.38 a step, while on a plateau of rounding noise
 * (|x| ~ 1e38, where both sides agree to 3e-4) it stays put.
 */
export function goldenMinimum(
  eq: Pick<Equation, 'f' | 'l' | 'r'>,
  a: number,
  b: number,
  start: number,
  absolute = false,
): number {
  const g = (Math.sqrt(5) - 1) / 2;
  const r = (x: number): number => {
    const y = eq.f(x);
    if (!Number.isFinite(y)) return Number.POSITIVE_INFINITY;
    return absolute ? Math.abs(y) : Math.abs(y) / (Math.abs(eq.l) + Math.abs(eq.r) + 1e-300);
  };
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = r(c);
  let fd = r(d);
  for (let i = 0; i < 60 && Math.abs(b - a) > 1e-10 * (Math.abs(a) + Math.abs(b)); i++) {
    if (fc === 0) return c;
    if (i === 20 && Math.min(fc, fd) > 0.5 * start) break;
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = r(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = r(d);
    }
  }
  return fc < fd ? c : d;
}
