import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveUnits } from '../../src/normalize/resolve-units.js';
import { parseUnit } from '../../src/physics/units.js';
import { close, evaluate, mul, num, unit } from './trees.js';

test('units: 36 km/h is 10 m/s with its dimension beside the value', () => {
  const { tree, diagnostics } = resolveUnits(mul(num(36), unit('km/h')), parseUnit);
  assert.deepEqual(diagnostics, []);
  assert.ok(close(evaluate(tree), 10));
  assert.deepEqual((tree as unknown as { right: { dim: number[] } }).right.dim, [1, 0, -1, 0, 0, 0, 0]);
});

test('units: degrees become radians', () => {
  const { tree } = resolveUnits(mul(num(30), unit('deg')), parseUnit);
  assert.ok(close(evaluate(tree), Math.PI / 6));
});

test('units: °C is unsupported, an unknown unit is unknown; both are errors with a span', () => {
  const c = resolveUnits(mul(num(25), unit('°C')), parseUnit);
  assert.deepEqual(
    c.diagnostics.map((d) => [d.code, d.severity]),
    [['unsupported-unit', 'error']],
  );
  const f = resolveUnits(mul(num(3), unit('furlongs')), parseUnit);
  assert.deepEqual(
    f.diagnostics.map((d) => [d.code, d.severity]),
    [['unknown-unit', 'error']],
  );
  assert.ok(f.diagnostics[0]!.span);
});

test('units: a resolver that reports an offset is unsupported too', () => {
  const r = resolveUnits(unit('degF'), () => ({
    ok: true,
    scale: 5 / 9,
    dim: [0, 0, 0, 0, 1, 0, 0],
    offset: 255.37,
  }));
  assert.deepEqual(
    r.diagnostics.map((d) => d.code),
    ['unsupported-unit'],
  );
});
