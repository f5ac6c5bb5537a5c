import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareFormulas, prepareFormula, valuesClearlyDiffer } from '../../src/equivalence/index.js';

const differ = (a: string, b: string, constants?: Record<string, string>) => {
  const options = constants === undefined ? {} : { constants };
  return valuesClearlyDiffer(prepareFormula(a, options), prepareFormula(b, options));
};

// The prefilter may only say "differ" where Algorithm 1 rejects: each case is checked against it.
const cases: [string, string, boolean, Record<string, string>?][] = [
  ['x\\cdot\\frac{K}{K}', 'K', true],
  ['\\frac{1}{2}mv^2', 'm', true],
  ['\\frac{x^2}{x}', 'x', false],
  ['x\\cdot\\frac{K}{K}', 'x', false],
  ['\\sqrt{x^2}', 'x', false],
  // near misses Algorithm 1 accepts within its tolerance: never told apart here
  ['x(1 + 10^{-9} K)', 'x', false],
  ['x + \\delta', 'x', false, { '\\delta': '10^{-30}' }],
  // angles are drawn inside (0, π/2), as Algorithm 1 draws them
  ['\\arcsin(\\sin\\theta)', '\\theta', false],
  // not bare expressions, or with an integral: no claim
  ['y = x', 'x', false],
  ['\\int_0^a x\\,dx', 'a', false],
];

for (const [a, b, expected, constants] of cases) {
  test(`values clearly differ: ${a} against ${b} → ${expected}`, () => {
    assert.equal(differ(a, b, constants), expected);
    if (expected) {
      const options = constants === undefined ? {} : { constants };
      const verdict = compareFormulas(prepareFormula(a, options), prepareFormula(b, options)).verdict;
      assert.equal(verdict, 'different');
    }
  });
}
