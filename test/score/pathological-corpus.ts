/**
 * A seeded corpus of hostile answers for the work-meter test and `bench/pathological.bench.ts`:
 * nested integrals and sums, sums to 10⁶ and divergent sums to ∞, divergent improper integrals,
 * deep nesting, huge exponents, derivative blow-ups and floods (2,000 distinct 8th derivatives),
 * parse floods, 2 MB answers and fuzzed LaTeX. Each item is
 * built from a PRNG seeded by its name, so the corpus is the same on every run.
 */
import { createPrng, type Prng } from '../../src/core/prng.js';
import type { Problem } from '../../src/dag/types.js';

/** One hostile answer, against one of {@link PATHOLOGICAL_PROBLEMS}. */
export interface PathologicalItem {
  readonly name: string;
  readonly problemId: string;
  readonly response: string;
}

/** Two small problems: a plain one, and one whose nodes hold an integral and a series. */
export const PATHOLOGICAL_PROBLEMS: readonly Problem[] = [
  {
    id: 'cart',
    context: 'A cart of mass m reaches speed v from rest in time t. Find the force F.',
    final_answer_form: 'algebraic',
    grading_standard: [
      { index: 1, formula: '$$F = m a$$', dependency: [] },
      { index: 2, formula: '$$a = \\frac{v}{t}$$', dependency: [] },
      { index: 3, formula: '$$F = \\frac{m v}{t}$$', dependency: [1, 2], is_final_answer: true },
    ],
  },
  {
    id: 'spring',
    context: 'A spring of constant k is stretched by x. Find the work W and the energy sum E.',
    final_answer_form: 'algebraic',
    grading_standard: [
      { index: 1, formula: '$$W = \\int_0^{x} k s \\, ds$$', dependency: [] },
      { index: 2, formula: '$$W = \\frac{1}{2} k x^2$$', dependency: [1] },
      {
        index: 3,
        formula: '$$E = W \\sum_{n=1}^{\\infty} \\frac{1}{n^2}$$',
        dependency: [2],
        is_final_answer: true,
      },
    ],
  },
];

const VARS = ['m', 'a', 'v', 't', 'k', 'x', 'W', 'F'];

function pick<T>(prng: Prng, list: readonly T[]): T {
  return list[prng.int(list.length)]!;
}

function lhs(problemId: string, prng: Prng): string {
  return problemId === 'cart' ? pick(prng, ['F', 'a']) : pick(prng, ['W', 'E']);
}

const DVARS = ['x', 'y', 'z', 'u'];

function nestedIntegral(prng: Prng, depth: number, infinite: boolean): string {
  let body = Array.from({ length: depth }, (_, i) => DVARS[i]).join(' ');
  body = pick(prng, [`\\sin(${body})`, `\\frac{m a}{1 + ${body}}`, `e^{${DVARS[0]}} ${body}`, body]);
  let out = body;
  for (let i = 0; i < depth; i++) {
    const hi = infinite ? '\\infty' : pick(prng, VARS);
    out = `\\int_0^{${hi}} ${out} \\, d${DVARS[i]}`;
  }
  return out;
}

function fuzz(prng: Prng, length: number): string {
  const atoms = [
    '\\frac{',
    '}{',
    '}',
    '{',
    '\\int_',
    '\\sum_{n=1}^{',
    '\\infty',
    '^{',
    '_{',
    '\\sqrt{',
    '\\left(',
    '\\right)',
    '(',
    ')',
    '=',
    '+',
    '-',
    '\\cdot',
    'x',
    'm',
    'a',
    '10^{9}',
    '\\,dx',
    '\\prod_{k=1}^{',
    '\\sin',
    '!',
    '\\text{',
    '\\mathrm{kg}',
    '$$',
    '\\\\',
    '&',
    '\\begin{aligned}',
    '\\end{aligned}',
  ];
  let s = '';
  while (s.length < length) s += pick(prng, atoms);
  return s;
}

type Maker = (prng: Prng, p: string) => string;

const MAKERS: readonly (readonly [string, Maker])[] = [
  ['double-integral', (r, p) => `$$${lhs(p, r)} = ${nestedIntegral(r, 2, false)}$$`],
  ['triple-integral', (r, p) => `$$${lhs(p, r)} = m a + ${nestedIntegral(r, 3, false)}$$`],
  ['quadruple-integral', (r, p) => `$$${lhs(p, r)} = ${nestedIntegral(r, 4, false)}$$`],
  ['double-integral-to-infinity', (r, p) => `$$${lhs(p, r)} = ${nestedIntegral(r, 2, true)}$$`],
  ['divergent-integral', (r, p) => `$$${lhs(p, r)} = \\int_0^\\infty ${pick(r, VARS)} x \\, dx + m a$$`],
  [
    'divergent-integral-target',
    (r, p) => `$$${lhs(p, r)} = \\int_0^{\\infty} ${pick(r, VARS)}\\, e^{x} \\, dx$$`,
  ],
  ['sum-to-million', (r, p) => `$$${lhs(p, r)} = \\sum_{n=1}^{10^{6}} \\frac{${pick(r, VARS)}}{n^{2}}$$`],
  [
    'nested-sums',
    (r, p) =>
      `$$${lhs(p, r)} = \\sum_{n=1}^{10^{3}}\\sum_{j=1}^{10^{3}} \\frac{m ${pick(r, VARS)}}{n^2 j^2}$$`,
  ],
  [
    'divergent-sum',
    (r, p) => `$$${lhs(p, r)} = ${pick(r, VARS)} \\sum_{n=1}^{\\infty} n^{${1 + r.int(3)}}$$`,
  ],
  [
    'alternating-divergent-sum',
    (r, p) => `$$${lhs(p, r)} = ${pick(r, VARS)} \\sum_{n=1}^{\\infty} (-1)^n n$$`,
  ],
  [
    'infinite-product',
    (r, p) => `$$${lhs(p, r)} = m a \\prod_{n=1}^{\\infty} (1 + \\frac{${pick(r, VARS)}}{n})$$`,
  ],
  [
    'sum-of-integrals',
    (r, p) => `$$${lhs(p, r)} = \\sum_{n=1}^{10^{4}} \\int_0^{n} ${pick(r, VARS)} x^{n} \\, dx$$`,
  ],
  ['deep-parentheses', (r, p) => `$$${lhs(p, r)} = ${'('.repeat(2000 + r.int(500))}m a${')'.repeat(2500)}$$`],
  [
    'deep-fractions',
    (r, p) => `$$${lhs(p, r)} = ${'\\frac{1}{'.repeat(500 + r.int(100))}m${'}'.repeat(600)}$$`,
  ],
  ['deep-sqrt', (r, p) => `$$${lhs(p, r)} = ${'\\sqrt{'.repeat(300)}m a${'}'.repeat(300)}$$`],
  ['huge-exponent', (r, p) => `$$${lhs(p, r)} = m a^{10^{${300 + r.int(9)}}}$$`],
  [
    'power-tower',
    (r, p) =>
      `$$${lhs(p, r)} = ${pick(r, VARS)}^{${pick(r, VARS)}^{${pick(r, VARS)}^{${pick(r, VARS)}^{9}}}}$$`,
  ],
  ['huge-factorial', (r, p) => `$$${lhs(p, r)} = \\frac{m a}{(10^{${6 + r.int(3)}})!}$$`],
  [
    'derivative-blow-up',
    (r, p) =>
      `$$${lhs(p, r)} = \\frac{d^{${8 + r.int(4)}}}{dt^{${8 + r.int(4)}}}\\left(t^{t} \\sin(t) e^{t} m a\\right)$$`,
  ],
  [
    'long-sum-of-terms',
    (r, p) =>
      `$$${lhs(p, r)} = ${Array.from({ length: 3000 }, (_, i) => `${i + r.int(9)} m a`).join(' + ')}$$`,
  ],
  [
    'many-formulas',
    (r, p) =>
      Array.from(
        { length: 3000 },
        (_, i) => `$$${lhs(p, r)}_{${i}} = ${r.int(100)} m ${pick(r, VARS)}$$ so`,
      ).join('\n'),
  ],
  [
    'two-megabytes',
    (r, p) => {
      const line = `$$${lhs(p, r)} = \\int_0^{${pick(r, VARS)}} x^{2} \\, dx + ${r.int(9)} m a$$ and then `;
      return line.repeat(Math.ceil(2_000_000 / line.length)).slice(0, 2_000_000);
    },
  ],
  [
    'two-megabytes-prose',
    (r) => 'the force grows as the cart moves on '.repeat(54_000).slice(0, 2_000_000 + r.int(9)),
  ],
  [
    // Every formula distinct (no cache helps), none naming the final quantity: the final-answer
    // check's fallback prepares each one (symbolic differentiation of an 8th derivative).
    'derivative-flood',
    (r) =>
      Array.from(
        { length: 2000 },
        (_, i) => `$$q = \\frac{d^{8}}{dt^{8}}\\left(t^{t} \\sin(${i + r.int(9)} t) e^{t}\\right)$$`,
      ).join('\n'),
  ],
  [
    'parse-flood',
    (r) =>
      Array.from(
        { length: 2000 },
        (_, i) =>
          `$$q_{${i}} = \\frac{\\sqrt{${i} + ${r.int(99)} x^{2}}}{\\left(1 + \\frac{a}{b + c}\\right)^{3}}$$`,
      ).join('\n'),
  ],
  ['fuzz-short', (r) => `$$${fuzz(r, 120)}$$`],
  ['fuzz-long', (r) => `$$${fuzz(r, 4000)}$$ $$${fuzz(r, 4000)}$$`],
];

/** The corpus: every maker, `perKind` seeded variants each, against both problems. */
export function pathologicalCorpus(perKind = 1): PathologicalItem[] {
  const items: PathologicalItem[] = [];
  for (const [kind, make] of MAKERS) {
    for (let i = 0; i < perKind; i++) {
      for (const problem of PATHOLOGICAL_PROBLEMS) {
        const name = `${kind}#${i}@${problem.id}`;
        items.push({ name, problemId: problem.id, response: make(createPrng(name), problem.id) });
      }
    }
  }
  return items;
}
