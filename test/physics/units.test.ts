import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseUnit } from '../../src/physics/units.js';

function si(text: string): { scale: number; dim: readonly number[] } {
  const r = parseUnit(text);
  assert.ok(r.ok, `${text}: ${r.ok ? '' : r.reason}`);
  return r;
}

function close(a: number, b: number): void {
  assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b)), `${a} != ${b}`);
}

const SPEED = [1, 0, -1, 0, 0, 0, 0];
const cases: readonly [string, number, readonly number[]][] = [
  ['km/h', 1 / 3.6, SPEED],
  ['m/s', 1, SPEED],
  ['m.s^{-1}', 1, SPEED],
  ['ms^{-1}', 1, SPEED],
  ['Hz', 1, [0, 0, -1, 0, 0, 0, 0]],
  ['deg', Math.PI / 180, [0, 0, 0, 0, 0, 0, 0]],
  ['°', Math.PI / 180, [0, 0, 0, 0, 0, 0, 0]],
  ['eV', 1.602176634e-19, [2, 1, -2, 0, 0, 0, 0]],
  ['MeV', 1.602176634e-13, [2, 1, -2, 0, 0, 0, 0]],
  ['atm', 101325, [-1, 1, -2, 0, 0, 0, 0]],
  ['µF', 1e-6, [-2, -1, 4, 2, 0, 0, 0]],
  ['uF', 1e-6, [-2, -1, 4, 2, 0, 0, 0]],
  ['\\mu F', 1e-6, [-2, -1, 4, 2, 0, 0, 0]],
  ['nm', 1e-9, [1, 0, 0, 0, 0, 0, 0]],
  ['kW', 1e3, [2, 1, -3, 0, 0, 0, 0]],
  ['kg', 1, [0, 1, 0, 0, 0, 0, 0]],
  ['mg', 1e-6, [0, 1, 0, 0, 0, 0, 0]],
  ['min', 60, [0, 0, 1, 0, 0, 0, 0]],
  ['Pa', 1, [-1, 1, -2, 0, 0, 0, 0]],
  ['cd', 1, [0, 0, 0, 0, 0, 0, 1]],
  ['mmHg', 133.322387415, [-1, 1, -2, 0, 0, 0, 0]],
  ['Å', 1e-10, [1, 0, 0, 0, 0, 0, 0]],
  ['fm', 1e-15, [1, 0, 0, 0, 0, 0, 0]],
  ['%', 0.01, [0, 0, 0, 0, 0, 0, 0]],
  ['years', 365.25 * 86400, [0, 0, 1, 0, 0, 0, 0]],
  ['J/(kg K)', 1, [2, 0, -2, 0, -1, 0, 0]],
  ['J/kg K', 1, [2, 0, -2, 0, -1, 0, 0]],
  ['\\kilo\\meter\\per\\second\\squared', 1e3, [1, 0, -2, 0, 0, 0, 0]],
  ['\\meter\\per\\second', 1, SPEED],
  ['m/s^{2}', 1, [1, 0, -2, 0, 0, 0, 0]],
  ['m^{1/2}', 1, [0.5, 0, 0, 0, 0, 0, 0]],
  ['Ω', 1, [2, 1, -3, -2, 0, 0, 0]],
  ['kΩ', 1e3, [2, 1, -3, -2, 0, 0, 0]],
  ['kcal', 4184, [2, 1, -2, 0, 0, 0, 0]],
  ['mbar', 100, [-1, 1, -2, 0, 0, 0, 0]],
  ['rpm', (2 * Math.PI) / 60, [0, 0, -1, 0, 0, 0, 0]],
];

for (const [text, scale, dim] of cases) {
  test(`parseUnit ${text}`, () => {
    const r = si(text);
    close(r.scale, scale);
    assert.deepEqual([...r.dim], [...dim]);
  });
}

test('parseUnit: 36 km/h is 10 m/s, 50 Hz is 50 s^-1, 30° is π/6', () => {
  close(36 * si('km/h').scale, 10);
  close(50 * si('Hz').scale, 50);
  close(30 * si('deg').scale, Math.PI / 6);
});

test('parseUnit: kg·m/s² is the newton', () => {
  const n = si('N');
  for (const text of ['kg·m/s²', 'kg\\cdot m/s^2', 'kg.m.s^{-2}', 'kg m s^-2']) {
    const r = si(text);
    close(r.scale, n.scale);
    assert.deepEqual([...r.dim], [...n.dim], text);
  }
});

test('parseUnit: offset units are unsupported', () => {
  for (const text of ['°C', 'degC', '℃', '°F']) {
    const r = parseUnit(text);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.reason, /offset unit .* unsupported/);
  }
});

test('parseUnit: unknown and malformed units fail with a reason', () => {
  for (const text of ['abc', '', 'm/', '\\foo', 'kg#']) {
    const r = parseUnit(text);
    assert.equal(r.ok, false, text);
  }
});
