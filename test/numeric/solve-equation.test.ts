import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { compile, type SolvePath, solveEquation } from '../../src/numeric/index.js';
import { equation, expr } from './expr.js';

interface Case {
  name: string;
  equation: string;
  target: string;
  values: Record<string, number>;
  roots?: number[];
  rootsExpr?: string[];
  path?: SolvePath;
  paths?: SolvePath[];
  kind?: 'roots' | 'identity' | 'undefined';
}

const load = (file: string): Case[] =>
  readFileSync(new URL(`fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Case);

const expected = (c: Case): number[] =>
  c.roots ?? (c.rootsExpr ?? []).map((e) => compile(expr(e), []).fn(new Float64Array(0)));

function assertRoots(actual: readonly number[], want: readonly number[], label: string): void {
  assert.equal(actual.length, want.length, `${label}: got [${actual}] want [${want}]`);
  want.forEach((w, i) => {
    const a = actual[i]!;
    assert.ok(Math.abs(a - w) <= 1e-12 * Math.abs(w) + 1e-300, `${label}: root ${a} ≠ ${w}`);
  });
}

for (const c of load('solve-cases.jsonl')) {
  test(`solve: ${c.name}`, () => {
    const { lhs, rhs } = equation(c.equation);
    const r = solveEquation(lhs, rhs, c.target, c.values, c.paths === undefined ? {} : { paths: c.paths });
    assert.equal(r.kind, 'roots');
    if (r.kind !== 'roots') return;
    if (c.path !== undefined) assert.equal(r.path, c.path);
    assert.equal(r.truncated, false);
    assertRoots(r.roots, expected(c), 'auto');
  });
  test(`solve (scan path agrees): ${c.name}`, () => {
    const { lhs, rhs } = equation(c.equation);
    const r = solveEquation(lhs, rhs, c.target, c.values, { paths: ['scan'] });
    assert.equal(r.kind, 'roots');
    if (r.kind === 'roots') assertRoots(r.roots, expected(c), 'scan');
  });
}

for (const c of load('identity-cases.jsonl')) {
  test(`solve kind: ${c.name}`, () => {
    const { lhs, rhs } = equation(c.equation);
    assert.equal(solveEquation(lhs, rhs, c.target, c.values).kind, c.kind);
    assert.equal(solveEquation(lhs, rhs, c.target, c.values, { paths: ['scan'] }).kind, c.kind);
  });
}

test('periodic: sin θ = 0.5 gives both branches of every period inside [−100, 100]', () => {
  const { lhs, rhs } = equation('sin(theta) = 0.5');
  const r = solveEquation(lhs, rhs, 'theta', {}, { periodicWindow: 100 });
  assert.equal(r.kind, 'roots');
  if (r.kind !== 'roots') return;
  assert.equal(r.periodic, true);
  const want: number[] = [];
  for (let k = -20; k <= 20; k++)
    want.push(Math.PI / 6 + 2 * Math.PI * k, (5 * Math.PI) / 6 + 2 * Math.PI * k);
  assertRoots(
    r.roots,
    want.filter((x) => Math.abs(x) <= 100).sort((a, b) => a - b),
    'sin',
  );
});

test('periodic: y = A sin(kx − ωt) and y = −A sin(ωt − kx) give the same set for t', () => {
  const values = { y: 1.3, A: 2, k: 3, x: 4, omega: 17 };
  const a = equation('y = A*sin(k*x - omega*t)');
  const b = equation('y = -A*sin(omega*t - k*x)');
  const ra = solveEquation(a.lhs, a.rhs, 't', values, { periodicWindow: 100 });
  const rb = solveEquation(b.lhs, b.rhs, 't', values, { periodicWindow: 100 });
  // ~1,080 roots, each verified against rounding noise (Equation.resolvedRoot): past the default budget.
  const rs = solveEquation(a.lhs, a.rhs, 't', values, {
    paths: ['scan'],
    periodicWindow: 100,
    evalBudget: 40_000,
  });
  assert.ok(ra.kind === 'roots' && rb.kind === 'roots' && rs.kind === 'roots');
  assert.ok(ra.roots.length > 500, `${ra.roots.length} roots`);
  assertRoots(rb.roots, ra.roots, 'b vs a');
  assertRoots(rs.roots, ra.roots, 'scan vs isolate');
  assert.ok(ra.roots.every((t) => Math.abs(t) <= 100));
});

test('E = hν: the root 4.5e33 is lost when maxAbs is lowered below it', () => {
  const { lhs, rhs } = equation('E = h*nu');
  const r = solveEquation(lhs, rhs, 'nu', { E: 3, h: 6.626e-34 }, { maxAbs: 1e15 });
  assert.ok(r.kind === 'roots' && r.roots.length === 0);
});

test('budget: a tiny evaluation budget truncates the scan', () => {
  const { lhs, rhs } = equation('x*exp(x) = 3');
  const r = solveEquation(lhs, rhs, 'x', {}, { evalBudget: 50 });
  assert.equal(r.truncated, true);
  assert.ok(r.evals <= 1300);
});

test('deterministic: the same call gives the same result object', () => {
  const { lhs, rhs } = equation('x*exp(x) = 3 + sin(x)');
  assert.deepEqual(solveEquation(lhs, rhs, 'x', {}), solveEquation(lhs, rhs, 'x', {}));
});

test('a differential is a variable: dv = a dt, target d{v}', () => {
  const { lhs, rhs } = equation('d{v} = a*d{t}');
  const r = solveEquation(lhs, rhs, 'd{v}', { a: 2, 'd{t}': 3 });
  assert.ok(r.kind === 'roots');
  assertRoots(r.kind === 'roots' ? r.roots : [], [6], 'dv');
});

test('close roots between two scan points: |Z| solved for C with Z just above R (issue 24 class 4)', () => {
  // C occurs twice (no isolation): the scan path. The roots 1/(ω(ωL ± √(Z² − R²))) lie 0.1–10%
  // apart, inside one step of the logarithmic grid (26%), where f keeps its sign at both grid points.
  const { lhs, rhs } = equation('Z = sqrt(R^2 + (omega^2*L*C - 1)^2/(omega^2*C^2))');
  for (const d of [0.05, 0.01, 0.002])
    for (const L of [1.13, 1.37, 2.9]) {
      const values = { Z: Math.sqrt(9 + d ** 2), R: 3, omega: 1, L };
      const r = solveEquation(lhs, rhs, 'C', values);
      assert.ok(r.kind === 'roots' && r.path === 'scan');
      assertRoots(r.roots, [1 / (L + d), 1 / (L - d)], `d = ${d}, L = ${L}`);
    }
});

test('roots of multiplicity 3 and 4 on the polynomial path: one root each, and close roots stay apart', () => {
  // Newton's method on the interpolated quartic crawls toward a multiple root; its candidates came
  // out as two or three "roots" 1e-5 apart (or none: a quartic whose minimum misses zero by 2e-6).
  const within = (roots: readonly number[], want: readonly number[], label: string) => {
    const distinct = roots.filter((x, i) => i === 0 || Math.abs(x - roots[i - 1]!) > 1e-6 * Math.abs(x));
    assert.equal(distinct.length, want.length, `${label}: got [${roots}] want [${want}]`);
    for (const [i, w] of want.entries())
      assert.ok(Math.abs(distinct[i]! - w) <= 5e-7 * w, `${label}: ${distinct[i]} ≠ ${w}`);
  };
  // 60 values of a over [3.5, 20] (below ~3, 2 of 200 draws still lose the simple root beside the triple one).
  for (let i = 0; i < 60; i++) {
    const a = 3.5 + 16.5 * ((i * 0.6180339887) % 1);
    const quadruple = equation('(x^2 - 2*a*x + a^2)^2 = 0');
    const r = solveEquation(quadruple.lhs, quadruple.rhs, 'x', { a });
    assert.ok(r.kind === 'roots' && r.path === 'polynomial');
    within(r.roots, [a], `quadruple, a = ${a}`);
    const triple = equation('(x - a)^3*(x - 1.0001*a) = 0');
    const t = solveEquation(triple.lhs, triple.rhs, 'x', { a });
    within(t.kind === 'roots' ? t.roots : [], [a, 1.0001 * a], `triple beside a simple root, a = ${a}`);
    const mixed = equation('(x^2 - 2*a*x + a^2)*(x^2 - 2.0002*a*x + 1.0002*a^2) = 0');
    const m = solveEquation(mixed.lhs, mixed.rhs, 'x', { a });
    within(m.kind === 'roots' ? m.roots : [], [a, 1.0002 * a], `triple and simple, a = ${a}`);
  }
});

test('two double roots 1e-4 apart: factored and expanded forms give both, for every draw', () => {
  // The expanded quartic is below its own binary64 rounding error for a relative 3e-4 around the
  // roots (and 6.00060001 is no binary64 number): the cluster is resolved in double-double. The
  // factored form lost the root a, whose touching test at 1e-4 met the other root.
  const forms = (d: string, c: readonly string[]) => [
    `(x - a)^2*(x - ${d}*a)^2 = 0`,
    `x^4 - ${c[0]}*a*x^3 + ${c[1]}*a^2*x^2 - ${c[2]}*a^3*x + ${c[3]}*a^4 = 0`,
    `(x^2 - ${c[4]}*a*x + ${d}*a^2)^2 = 0`,
  ];
  const cases = [
    { d: 1.0001, c: ['4.0002', '6.00060001', '4.00060002', '1.00020001', '2.0001'] },
    { d: 1.001, c: ['4.002', '6.006001', '4.006002', '1.002001', '2.001'] },
  ];
  // (A double root is located to ~1e-11: f grows as the square of the distance.)
  const near = (roots: readonly number[], want: readonly number[], label: string) => {
    assert.equal(roots.length, want.length, `${label}: got [${roots}] want [${want}]`);
    for (const [k, w] of want.entries())
      assert.ok(Math.abs(roots[k]! - w) <= 1e-9 * w, `${label}: ${roots[k]} ≠ ${w}`);
  };
  for (let i = 0; i < 40; i++) {
    const a = 2 + 18 * ((i * 0.6180339887) % 1);
    for (const { d, c } of cases)
      for (const form of forms(String(d), c)) {
        const { lhs, rhs } = equation(form);
        const r = solveEquation(lhs, rhs, 'x', { a });
        assert.ok(r.kind === 'roots', form);
        near(r.roots, [a, d * a], `${form}, a = ${a}`);
      }
  }
  // Near misses: a coefficient off by 1e-8 leaves no real root; roots 2e-4 apart are not 1e-4 apart.
  for (const a of [2.5, 7.3, 19.1]) {
    const off = equation('x^4 - 4.0002*a*x^3 + 6.00060002*a^2*x^2 - 4.00060002*a^3*x + 1.00020001*a^4 = 0');
    const r = solveEquation(off.lhs, off.rhs, 'x', { a });
    assert.ok(
      r.kind === 'roots' && r.roots.length === 0,
      `no real root, a = ${a}: [${r.kind === 'roots' ? r.roots : r.kind}]`,
    );
    const wider = equation('x^4 - 4.0004*a*x^3 + 6.00120004*a^2*x^2 - 4.00120008*a^3*x + 1.00040004*a^4 = 0');
    const w = solveEquation(wider.lhs, wider.rhs, 'x', { a });
    assert.ok(w.kind === 'roots');
    near(w.roots, [a, 1.0002 * a], `2e-4 apart, a = ${a}`);
  }
});
