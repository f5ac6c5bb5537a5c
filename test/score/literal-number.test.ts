import assert from 'node:assert/strict';
import { test } from 'node:test';
import { leadingNumber, literalNumber } from '../../src/score/literal-number.js';

const rows: [string, number | undefined][] = [
  ['4.3', 4.3],
  ['-1.2\\times10^{3}', -1200],
  ['−2.5 \\cdot 10^{-3}', -0.0025],
  ['6.2×10¹¹', 6.2e11],
  ['2e-3', 0.002],
  ['3.0 \\times 10^8', 3e8],
  ['x = 3', undefined],
  ['3 m', undefined],
];
for (const [text, value] of rows)
  test(`literalNumber reads ${text}`, () => assert.equal(literalNumber(text), value));

test('leadingNumber splits the number a text opens with from what follows', () => {
  assert.deepEqual(leadingNumber('9.8\\ \\mathrm{m/s^2}'), { value: 9.8, rest: '\\ \\mathrm{m/s^2}' });
  assert.deepEqual(leadingNumber('1.602\\times10^{-19}\\ \\mathrm{C}'), {
    value: 1.602e-19,
    rest: '\\ \\mathrm{C}',
  });
  assert.equal(leadingNumber('\\frac{1}{2}'), undefined);
  assert.equal(leadingNumber('g = 9.8'), undefined);
});
