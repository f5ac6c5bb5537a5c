/**
 * Numeric-core benchmark. Run: `npx tsx bench/numeric.bench.ts`.
 * (1) One evaluation of a compiled formula (ns/eval) against a naive recursive tree-walking
 *     interpreter written here as the baseline, same trees, same values, same process.
 * (2) `solveEquation` wall time per call (median / p99 µs) per path on physics formulas, the other
 *     variables drawn from [2, 20] by the seeded PRNG, as the equivalence checker calls it (trees
 *     reused, so compilation is cached after the first call).
 */
import { performance } from 'node:perf_hooks';
import { createPrng } from '../src/core/prng.js';
import type { Node } from '../src/core/tree.js';
import { compile, freeVariables, type SolvePath, solveEquation } from '../src/numeric/index.js';
import { equation, expr } from '../test/numeric/expr.js';

const FORMULAS = [
  'm*g*h + m*v^2/2 - k*x^2/2',
  'k*q_1*q_2/r^2 + G*M*m/(R + h)^2',
  'A*exp(-b*t/(2*m))*cos(omega*t + phi)',
  'sqrt(2*g*h)*sin(theta) + v_0*cos(theta)*t',
  'h*c/lambda - W_0 + ln(T_1/T_2)*n*R*T',
];

function naive(node: Node, env: Record<string, number>): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'symbol':
      return env[node.name] ?? Number.NaN;
    case 'unary':
      return node.op === '-' ? -naive(node.arg, env) : naive(node.arg, env);
    case 'binary': {
      const a = naive(node.left, env);
      const b = naive(node.right, env);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      if (node.op === '/') return a / b;
      return a ** b;
    }
    case 'call': {
      const fn = (Math as unknown as Record<string, (x: number) => number>)[
        node.fn === 'ln' ? 'log' : node.fn
      ];
      return fn !== undefined ? fn(naive(node.args[0]!, env)) : Number.NaN;
    }
    default:
      return Number.NaN;
  }
}

function countNodes(node: Node): number {
  if (node.type === 'binary') return 1 + countNodes(node.left) + countNodes(node.right);
  if (node.type === 'unary') return 1 + countNodes(node.arg);
  if (node.type === 'call') return 1 + node.args.reduce((s, a) => s + countNodes(a), 0);
  return 1;
}

function timeNs(run: () => number, iterations: number): number {
  let sink = 0;
  for (let i = 0; i < iterations / 10; i++) sink += run();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) sink += run();
  const ns = ((performance.now() - t0) * 1e6) / iterations;
  if (sink === 42.4242) console.log('');
  return ns;
}

console.log('(1) one evaluation: compiled closure vs naive tree-walking interpreter (ns/eval)');
let totalRatio = 0;
for (const text of FORMULAS) {
  const tree = expr(text);
  const names = freeVariables(tree);
  const values = Float64Array.from(names, (_, i) => 2 + i);
  const env = Object.fromEntries(names.map((n, i) => [n, values[i]!]));
  const fn = compile(tree, names).fn;
  let k = 0;
  const compiled = timeNs(() => {
    values[0] = 2 + (k++ & 7);
    return fn(values);
  }, 2_000_000);
  const walked = timeNs(() => {
    env[names[0]!] = 2 + (k++ & 7);
    return naive(tree, env);
  }, 500_000);
  totalRatio += walked / compiled;
  console.log(
    `  ${text.padEnd(44)} ${String(countNodes(tree)).padStart(3)} nodes  compiled ${compiled.toFixed(1).padStart(6)}  naive ${walked.toFixed(1).padStart(6)}  ×${(walked / compiled).toFixed(1)}`,
  );
}
console.log(`  mean speed-up ×${(totalRatio / FORMULAS.length).toFixed(1)} (target: compiled ≤ 1000 ns)`);

const SOLVES: [string, string, SolvePath][] = [
  ['v^2 = 2*g*h', 'v', 'isolate'],
  ['P = sigma*A*T^4', 'T', 'isolate'],
  ['F = k*q_1*q_2/r^2', 'r', 'isolate'],
  ['x = A_0 + A_1*t^2*delta', 't', 'isolate'],
  ['E = h*nu', 'nu', 'isolate'],
  ['y = A*sin(k*x - omega*t)', 't', 'isolate'],
  ['s = v_0*t + a*t^2/2', 't', 'polynomial'],
  ['1/f = 1/u + 1/(u + d)', 'u', 'scan'],
  ['E = m*c^2 + p*v/2 + m*v^2', 'v', 'polynomial'],
  ['x*exp(x/L) = s', 'x', 'scan'],
  ['T = 2*pi*sqrt(L/g)*(1 + theta^2/16) + theta', 'theta', 'polynomial'],
  ['v = u*ln(m_0/m) - g*m', 'm', 'scan'],
];

console.log('\n(2) solveEquation per call (µs), 400 calls per formula, values from [2, 20]');
const byPath = new Map<string, number[]>();
for (const [text, target, expectedPath] of SOLVES) {
  const { lhs, rhs } = equation(text);
  const names = [...new Set([...freeVariables(lhs), ...freeVariables(rhs)])].filter((n) => n !== target);
  const prng = createPrng(text);
  const times: number[] = [];
  let path = '';
  let evals = 0;
  for (let i = 0; i < 420; i++) {
    const values = Object.fromEntries(names.map((n) => [n, n === 'delta' ? 1e-8 : prng.uniform(2, 20)]));
    const t0 = performance.now();
    const r = solveEquation(lhs, rhs, target, values);
    const us = (performance.now() - t0) * 1e3;
    if (i >= 20) times.push(us);
    path = r.path;
    evals += r.evals;
  }
  times.sort((a, b) => a - b);
  const q = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const list = byPath.get(path) ?? [];
  list.push(...times);
  byPath.set(path, list);
  const flag = path === expectedPath ? '' : ` (expected ${expectedPath})`;
  console.log(
    `  ${`${text} [${target}]`.padEnd(50)} ${path.padEnd(10)} median ${q(0.5).toFixed(2).padStart(7)}  p99 ${q(0.99).toFixed(2).padStart(8)}  evals/call ${(evals / 420).toFixed(0)}${flag}`,
  );
}
for (const [path, times] of byPath) {
  times.sort((a, b) => a - b);
  const q = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(
    `  path ${path.padEnd(10)} all formulas: median ${q(0.5).toFixed(2)} µs, p99 ${q(0.99).toFixed(2)} µs`,
  );
}
