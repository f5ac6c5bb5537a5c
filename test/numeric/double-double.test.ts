import assert from 'node:assert/strict';
import { test } from 'node:test';
import { difference, evaluateDoubleDouble, isDoubleDoubleTree } from '../../src/numeric/double-double.js';
import { expr } from './expr.js';

test('double-double: the expanded quartic of two double roots 1e-4 apart is resolved where binary64 is noise', () => {
  const quartic = expr('x^4 - 4.0002*a*x^3 + 6.00060001*a^2*x^2 - 4.00060002*a^3*x + 1.00020001*a^4');
  const a = 3.7;
  for (const t of [1, 1.00005, 1.0001, 1.0003]) {
    const x = t * a;
    const exact = (x - a) ** 2 * (x - 1.0001 * a) ** 2;
    const v = evaluateDoubleDouble(quartic, { x, a });
    assert.ok(v !== undefined);
    // (The factored form in binary64 is good to ~1e-15 relative; x − 1.0001a carries 1.0001a's rounding.)
    assert.ok(Math.abs(v.hi - exact) <= 1e-9 * exact + 1e-27, `t = ${t}: ${v.hi} against ${exact}`);
  }
});

test('double-double: decimals from their digits only when they spell the same binary64 value', () => {
  const read = (raw: string, value: number) =>
    evaluateDoubleDouble({ type: 'number', value, raw, span: { start: 0, end: 0 } }, {});
  // 0.1 is not a binary64 number: its low part carries the rest.
  const tenth = read('0.1', 0.1)!;
  assert.equal(tenth.hi, 0.1);
  assert.ok(tenth.lo !== 0 && Math.abs(tenth.lo) < 1e-17);
  // A kelvin value that keeps the written decimals (300.2 for 300.15) is read as its value.
  assert.deepEqual(read('300.2', 300.15), { hi: 300.15, lo: 0 });
  assert.deepEqual(read('km/h', 1 / 3.6), { hi: 1 / 3.6, lo: 0 });
});

test('double-double: only arithmetic, square roots and |…|; the difference of two values rounds once', () => {
  assert.ok(isDoubleDoubleTree(expr('sqrt(a^2 + b)^3 - a^(1/2)/b')));
  assert.ok(!isDoubleDoubleTree(expr('sin(x)')));
  assert.ok(!isDoubleDoubleTree(expr('x^y')));
  assert.equal(evaluateDoubleDouble(expr('cosh(x)'), { x: 1 }), undefined);
  assert.equal(evaluateDoubleDouble(expr('x + y'), { x: 1 }), undefined);
  // a − √(a² − b) at a = 1e8: binary64 cancels to 0 or noise; double-double keeps b/2a.
  const v = evaluateDoubleDouble(expr('a - sqrt(a^2 - b)'), { a: 1e8, b: 3 })!;
  assert.ok(Math.abs(v.hi - 1.5e-8) <= 1e-15, `${v.hi}`);
  const w = evaluateDoubleDouble(expr('sqrt(a)^2'), { a: 2 })!;
  assert.equal(
    difference(w, { hi: 2, lo: 0 }) === 0 || Math.abs(difference(w, { hi: 2, lo: 0 })) < 1e-30,
    true,
  );
});
