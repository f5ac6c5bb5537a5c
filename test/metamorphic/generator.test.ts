import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { printLatex } from '../../src/core/print-latex.js';
import { createPrng } from '../../src/core/prng.js';
import type { Node } from '../../src/core/tree.js';
import { asEquation, type Pair } from './generate.js';
import { oracleVerdicts } from './oracle.js';
import { TEXT_REWRITES } from './text-rewrites.js';
import { treeMutations } from './tree-mutations.js';
import { type Equation, TREE_REWRITES } from './tree-rewrites.js';
import { SPAN } from './tree-tools.js';
import { convertUnit } from './value-rewrites.js';

// The generator on hand-written formulas (no shared data needed): rewrites that must keep the
// solutions, mutations that must change them, and the oracle that tells them apart.

const hasPython = spawnSync('python3', ['-c', 'import math'], { encoding: 'utf8' }).status === 0;
const eq = (latex: string): Equation => {
  const p = asEquation({ corpus: 'prism', latex });
  assert.ok(p !== undefined, latex);
  return p.eq;
};
const latex = (e: Equation): string =>
  printLatex({ type: 'relation', ops: ['='], args: [e.lhs, e.rhs], span: SPAN } as Node)!;
const pair = (id: string, a: Equation, b: Equation): Pair => ({
  id,
  kind: 'x',
  expected: 'equivalent',
  corpus: 'prism',
  a: '',
  b: '',
  trees: { a, b },
});

const SOURCES = [
  'v^{2} = u^{2} + 2 a s',
  'F = \\frac{G m_1 m_2}{r^2}',
  'T = 2\\pi\\sqrt{\\frac{L}{g}}',
  'E = \\frac{1}{2} m v^{2} + m g h',
  'M R - m r = 0',
  'P V = n R T',
];

test('solve-linear isolates a symbol that occurs once: F = m a → a = F / m or m = F / a', () => {
  const out = TREE_REWRITES['solve-linear']!(eq('F = m a'), createPrng('1'))!;
  assert.match(latex(out), /^(a = \\frac\{F\}\{m\}|m = \\frac\{F\}\{a\}|F = m\\,a)$/);
});

test('text rewrites: notation variants are applied only where they are safe', () => {
  const rng = createPrng('t');
  assert.equal(TEXT_REWRITES['notation-frac']!('a = \\frac{b}{c}', rng)?.includes('frac{b}{c}'), true);
  assert.equal(TEXT_REWRITES['notation-times']!('\\vec{a} \\cdot \\vec{b} = c', rng), undefined);
  assert.equal(TEXT_REWRITES['notation-juxtapose']!('x = 2 \\cdot 3', rng), undefined);
  assert.equal(TEXT_REWRITES['notation-left-right']!('x = f \\text{ (b4)}', rng), undefined);
  assert.equal(
    TEXT_REWRITES['notation-mathrm-d']!('a = \\frac{dv}{dt}', rng),
    'a = \\frac{\\mathrm{d}v}{\\mathrm{d}t}',
  );
  assert.equal(TEXT_REWRITES['notation-mathrm-d']!('x = \\frac{d \\sin\\theta}{\\lambda}', rng), undefined);
  assert.equal(TEXT_REWRITES['notation-sqrt-text']!('h = \\sqrt{x}^{2}', rng), undefined);
});

test('unit-convert keeps the mantissa and moves the prefix into the power of ten', () => {
  const out = convertUnit(eq('d = 3\\,\\mathrm{km}'), createPrng('u'))!;
  assert.match(latex(out), /^d = 3\\times10\^\{-?\d+\}\\,\\mathrm\{[a-zµ]*m\}$|^d = 3\\,\\mathrm\{m\}$/);
});

test('oracle: every tree rewrite of the sources is the same equation', {
  skip: !hasPython && 'python3 absent',
}, () => {
  const pairs: Pair[] = [];
  SOURCES.forEach((s, i) => {
    for (const [kind, rewrite] of Object.entries(TREE_REWRITES)) {
      const out = rewrite(eq(s), createPrng(`${kind}/${i}`));
      if (out !== undefined) pairs.push(pair(`${kind}/${i}`, eq(s), out));
    }
  });
  const verdicts = oracleVerdicts(pairs)!;
  const wrong = pairs
    .filter((p) => verdicts.get(p.id) === 'different')
    .map((p) => `${p.id}: ${latex(p.trees!.b)}`);
  assert.deepEqual(wrong, []);
  assert.ok([...verdicts.values()].filter((v) => v === 'same').length >= pairs.length * 0.8);
});

test('oracle: mutations change the solutions; a swap of symmetric symbols does not', {
  skip: !hasPython && 'python3 absent',
}, () => {
  const pairs: Pair[] = [];
  SOURCES.forEach((s, i) => {
    for (const [kind, mutate] of Object.entries(treeMutations({ precision: 0 }))) {
      const out = mutate(eq(s), createPrng(`${kind}/${i}`));
      if (out !== undefined) pairs.push(pair(`${kind}/${i}`, eq(s), out));
    }
  });
  pairs.push(pair('symmetric', eq('x = a + b'), eq('x = b + a')));
  pairs.push(pair('zero side', eq('M R - m r = 0'), eq('M R = m r')));
  const verdicts = oracleVerdicts(pairs)!;
  assert.equal(verdicts.get('symmetric'), 'same');
  assert.equal(verdicts.get('zero side'), 'same');
  const mutations = pairs.filter((p) => p.id !== 'symmetric' && p.id !== 'zero side');
  const different = mutations.filter((p) => verdicts.get(p.id) === 'different').length;
  const same = mutations
    .filter((p) => verdicts.get(p.id) === 'same')
    .map((p) => `${p.id}: ${latex(p.trees!.b)}`);
  assert.ok(different >= mutations.length * 0.8, `${different} of ${mutations.length} confirmed`);
  // A mutation the oracle calls the same must really be an identity (here: a swap of m_1, m_2).
  for (const s of same) assert.match(s, /swap-symbols/);
});
