import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prepareFormula } from '../../src/equivalence/index.js';
import { relativeTolerance } from '../../src/equivalence/literal-precision.js';
import { normalizePhrase, phraseMatches, relationSides } from '../../src/score/answer-text.js';
import {
  exactData,
  expressionValue,
  gradeExact,
  gradeValue,
  integerUnitReading,
  sameDimension,
  temperatureDifference,
  withinPrecision,
  writtenDimension,
} from '../../src/score/numeric-answer.js';

test('one significant figure: half a unit in the last place', () => {
  assert.equal(withinPrecision(5.4e-8, 5e-8, 1), true);
  assert.equal(withinPrecision(4.6e-8, 5e-8, 1), true);
  assert.equal(withinPrecision(5.6e-8, 5e-8, 1), false);
});

test('three significant figures', () => {
  assert.equal(withinPrecision(9.814, 9.81, 3), true);
  assert.equal(withinPrecision(9.816, 9.81, 3), false);
});

test('without significant figures: 1% relative', () => {
  assert.equal(withinPrecision(101, 100), true);
  assert.equal(withinPrecision(101.5, 100), false);
  assert.equal(withinPrecision(0, 0), true);
  assert.equal(withinPrecision(Number.NaN, 1), false);
});

test('phrases match after normalization, on word boundaries', () => {
  assert.equal(normalizePhrase('\\text{Clock-Wise}!'), 'clock wise');
  assert.equal(phraseMatches('clockwise', 'The current flows \\textbf{clockwise}.'), true);
  assert.equal(phraseMatches('wise', 'clockwise'), false);
});

test('relation sides split at the top-level equals sign', () => {
  assert.deepEqual(relationSides('F = \\frac{a}{b=c}'), { lhs: 'F', rhs: '\\frac{a}{b=c}' });
  assert.deepEqual(relationSides('x \\approx 5'), { lhs: 'x', rhs: '5' });
  assert.equal(relationSides('x + 1'), undefined);
});

test('grader tolerance: one unit in the last place of the less precise value', () => {
  const v = (value: number, unit = 0) => ({ value, unit });
  // 1.54e3 for 1.53e3 at 3 figures: one unit (10 J) — accepted; 1.56e3 is three units (2%) — rejected.
  assert.equal(gradeValue(v(1540, 0.01 / 1.54), v(1530), 3), true);
  assert.equal(gradeValue(v(1560, 0.01 / 1.56), v(1530), 3), false);
  // 48 MeV (exact integer) for 0.047 GeV: the reference's unit (1 MeV) sets the allowance.
  assert.equal(gradeValue(v(48), v(47, 0.001 / 0.047)), true);
  assert.equal(gradeValue(v(49), v(47, 0.001 / 0.047)), false);
  // 2.714 for 2.71: within the 1% floor; 2.75 is 1.5% off — rejected.
  assert.equal(gradeValue(v(2.714, 0.001 / 2.714), v(2.71, 0.01 / 2.71)), true);
  assert.equal(gradeValue(v(2.75, 0.01 / 2.75), v(2.71, 0.01 / 2.71)), false);
});

test('grader tolerance is never stricter than the written precision, and is configurable', () => {
  const v = (value: number, unit = 0) => ({ value, unit });
  // One figure: a unit is 20%; the allowance is capped at 3%, so half a unit (10%) remains the limit.
  assert.equal(gradeValue(v(5.4e-8), v(5e-8), 1), true);
  assert.equal(gradeValue(v(6e-8, 0.2), v(5e-8), 1), false);
  // Exact integers compare exactly.
  assert.equal(gradeValue(v(3), v(4)), false);
  assert.equal(gradeValue(v(4), v(4)), true);
  // A stricter grader: no floor, half a unit.
  const strict = { ulps: 0.5, floor: 0, cap: 0 };
  assert.equal(gradeValue(v(1540, 0.01 / 1.54), v(1530), 3, strict), false);
  assert.equal(gradeValue(v(1534, 0.001 / 1.534), v(1530), 3, strict), true);
});

test('relative tolerance of written literals', () => {
  assert.equal(relativeTolerance(0), 0);
  assert.equal(relativeTolerance(0.01 / 2.71), 0.01); // the 1% floor
  assert.ok(Math.abs(relativeTolerance(0.001 / 0.047) - 0.001 / 0.047) < 1e-15); // one unit (2.1%)
  assert.equal(relativeTolerance(0.2), 0.1); // one figure: half a unit
});

test('an imprecise answer gets the benefit of rounding for one figure fewer, not more', () => {
  const v = (value: number, unit: number) => ({ value, unit });
  // 1.3 for 1.31 (3 figures asked): a rounding to one figure fewer.
  assert.equal(gradeValue(v(1.3, 0.1 / 1.3), v(1.31, 0.01 / 1.31), 3), true);
  // a bare 1 for 1.31 or for 0.576 is not a rounding of either.
  assert.equal(gradeValue(v(1, 1), v(1.31, 0.01 / 1.31), 3), false);
  assert.equal(gradeValue(v(1, 1), v(0.576, 0.001 / 0.576), 3), false);
});

test('a decimal against an exact reference is its rounding: half a unit of its own last place, at most 3%', () => {
  const v = (value: number, unit = 0) => ({ value, unit });
  const half = Math.SQRT2 / 2; // 0.7071…
  assert.equal(gradeValue(v(0.71, 0.01 / 0.71), v(half)), true);
  assert.equal(gradeValue(v(0.7068, 0.0001 / 0.7068), v(half)), true);
  assert.equal(gradeValue(v(0.7072, 0.0001 / 0.7072), v(half)), true); // within the 1% floor
  // near misses: 0.69 and 0.73 are 2.4% and 3.2% off, beyond half a unit of their last place
  assert.equal(gradeValue(v(0.69, 0.01 / 0.69), v(half)), false);
  assert.equal(gradeValue(v(0.73, 0.01 / 0.73), v(half)), false);
  // one figure: half a unit (7%) is capped at 3%: 0.4 is not 3/7 = 0.4286
  assert.equal(gradeValue(v(0.4, 0.1 / 0.4), v(3 / 7)), false);
  assert.equal(gradeValue(v(0.43, 0.01 / 0.43), v(3 / 7)), true);
  // two exact values still compare exactly
  assert.equal(gradeValue(v(0.7), v(half)), false);
});

test('a written value has the dimension of its units, none without units or with symbols', () => {
  const dim = (latex: string) => writtenDimension(prepareFormula(latex));
  const power = [2, 1, -3, 0, 0, 0, 0];
  assert.deepEqual(dim('773\\,\\mathrm{J}\\,\\mathrm{s}^{-1}'), power);
  assert.deepEqual(dim('0.773\\,\\mathrm{kW}'), power);
  assert.ok(sameDimension(dim('13.6\\,\\mathrm{eV}')!, dim('2.18\\times10^{-18}\\,\\mathrm{J}')!));
  assert.ok(!sameDimension(dim('-92.2\\,\\mathrm{kJ}')!, dim('-92.2\\,\\mathrm{kJ\\,mol^{-1}}')!));
  assert.ok(!sameDimension(dim('0.511\\,\\mathrm{MeV}/c')!, dim('0.511\\,\\mathrm{MeV}')!));
  assert.ok(sameDimension(dim('253\\,\\mathrm{GHz}')!, dim('2.53\\times10^{11}\\,\\mathrm{s^{-1}}')!));
  assert.deepEqual(dim('59.4 %'), [0, 0, 0, 0, 0, 0, 0]);
  assert.equal(dim('0.594'), undefined);
  assert.equal(dim('\\frac{3}{5}c'), undefined);
  assert.equal(dim('3\\,\\mathrm{m} + 2\\,\\mathrm{s}'), undefined);
});

test('an integer and a bare SI letter read as a unit; the problem’s own letters stay quantities', () => {
  assert.equal(integerUnitReading('71 m'), '71\\,\\mathrm{m}');
  assert.equal(integerUnitReading(' -322\\,K '), '-322\\,\\mathrm{K}');
  assert.equal(integerUnitReading('2.5 m'), undefined);
  assert.equal(integerUnitReading('2 m g'), undefined);
  assert.equal(integerUnitReading('3 T', ['T']), undefined);
  assert.equal(integerUnitReading('3 h'), undefined);
});

test('a temperature difference in °C or °F read alone stays a difference', () => {
  assert.equal(temperatureDifference('\\Delta T', '22.2\\,^{\\circ}\\mathrm{C}'), '22.2\\,\\mathrm{K}');
  // 9 °F of difference is 5 K.
  const f = temperatureDifference('T_2 - T_1', '9\\,^{\\circ}\\mathrm{F}');
  assert.ok(f !== undefined);
  const kelvin = expressionValue(prepareFormula(f));
  assert.ok(kelvin !== undefined && Math.abs(kelvin - 5) < 1e-12, `${f} is ${kelvin} K`);
  assert.equal(temperatureDifference('T', '22.2\\,^{\\circ}\\mathrm{C}'), undefined);
  assert.equal(temperatureDifference('\\Delta T', '22.2\\,\\mathrm{K}'), undefined);
});

test('exact data: a text that writes no measured value; then the written precision governs', () => {
  assert.equal(exactData('After four cycles the amplitude has dropped to $1/e$ of its value.'), true);
  assert.equal(exactData('masses $m_1$ and $m_2$ collide elastically'), true);
  assert.equal(exactData('A $2\\,\\mathrm{kg}$ block'), false);
  assert.equal(exactData('at 426 K'), false);
  assert.equal(exactData('a ratio of 0.5'), false);
  assert.equal(exactData(''), false);
  const v = (value: number, unit = 0) => ({ value, unit });
  const ratio = v(0.9992093669);
  assert.equal(gradeExact(v(1.0008, 1e-4 / 1.0008), ratio, 10), false);
  assert.equal(gradeExact(v(0.9992, 1e-4 / 0.9992), ratio, 10), true);
  assert.equal(gradeExact(v(1.0, 0.01), ratio, 10), true);
  // The answer's own rounding is capped at 3%: a one-figure 0.4 is not 3/7.
  assert.equal(gradeExact(v(0.4, 0.25), v(3 / 7)), false);
  assert.equal(gradeExact(v(0.43, 0.01 / 0.43), v(3 / 7)), true);
  // An exact answer against a reference's decimals, which may be truncated: one unit in their last place.
  const truncated = v(-Number('3.141592'), 1e-6 / 3.14);
  assert.equal(gradeExact(v(-Math.PI), truncated), true);
  assert.equal(gradeExact(v(-22 / 7), truncated), false);
  assert.equal(gradeExact(v(-Math.PI + 3e-6), truncated), false);
  // A decimal answer keeps half a unit: 3.141594 is no rounding of 3.141592.
  assert.equal(gradeExact(v(-3.141594, 1e-6 / 3.141594), truncated), false);
});
