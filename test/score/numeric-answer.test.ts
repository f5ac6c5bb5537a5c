import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizePhrase, phraseMatches, relationSides } from '../../src/score/answer-text.js';
import { withinPrecision } from '../../src/score/numeric-answer.js';

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
