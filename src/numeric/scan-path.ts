import { brent } from './brent.js';
import type { Equation } from './equation.js';

/** What the scan found. */
export type ScanOutcome = { kind: 'roots'; roots: number[] } | { kind: 'identity' } | { kind: 'undefined' };

/**
 * The general path: evaluates f = lhs − rhs on the grid; every sign change between neighbours is
 * refined by Brent's method and kept when the result is a root (a pole fails the verification: |f|
 * grows towards it); every interior local minimum of the relative residual |f|/(|l|+|r|) below 0.05 is
 * minimised by golden-section search and kept when the relative residual test passes there
 * (touching roots). All finite points pass the residual test → identity; no finite point →
 * undefined. Stops (truncated) when the budget is spent.
 */
export function scanPath(eq: Equation, grid: Float64Array): ScanOutcome {
  const n = grid.length;
  const fs = new Float64Array(n);
  const rel = new Float64Array(n);
  let finite = 0;
  let allOk = true;
  for (let i = 0; i < n; i++) {
    const y = eq.f(grid[i]!);
    fs[i] = y;
    rel[i] = Math.abs(y) / (Math.abs(eq.l) + Math.abs(eq.r) + 1e-300);
    if (Number.isFinite(y)) {
      finite++;
      allOk &&= eq.lastOk();
    } else rel[i] = Number.NaN;
  }
  if (finite === 0) return { kind: 'undefined' };
  if (allOk) return { kind: 'identity' };
  const roots: number[] = [];
  const f = (x: number): number => eq.f(x);
  for (let i = 0; i < n && !eq.exhausted(); i++) {
    const x = grid[i]!;
    const y = fs[i]!;
    if (y === 0) {
      if (eq.isIsolatedRoot(x)) roots.push(x);
      continue;
    }
    if (i + 1 < n) {
      const y1 = fs[i + 1]!;
      if (y * y1 < 0) {
        const r = brent(f, x, grid[i + 1]!, y, y1, 100);
        if (Number.isFinite(r) && eq.isIsolatedRoot(r)) roots.push(r);
        continue;
      }
    }
    if (
      i > 0 &&
      i + 1 < n &&
      rel[i]! < 0.05 &&
      rel[i]! < rel[i - 1]! &&
      rel[i]! < rel[i + 1]! &&
      fs[i - 1]! * y > 0 &&
      fs[i + 1]! * y > 0
    ) {
      const m = goldenMinimum(eq, grid[i - 1]!, grid[i + 1]!);
      if (eq.isIsolatedRoot(m)) roots.push(m);
    }
  }
  return { kind: 'roots', roots };
}

/** The minimiser of the relative residual on [a, b] by golden-section search (≤ 60 evaluations). */
function goldenMinimum(eq: Equation, a: number, b: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  const r = (x: number): number => {
    const y = eq.f(x);
    return Number.isFinite(y)
      ? Math.abs(y) / (Math.abs(eq.l) + Math.abs(eq.r) + 1e-300)
      : Number.POSITIVE_INFINITY;
  };
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = r(c);
  let fd = r(d);
  for (let i = 0; i < 60 && Math.abs(b - a) > 1e-15 * (Math.abs(a) + Math.abs(b)); i++) {
    if (fc === 0) return c;
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
