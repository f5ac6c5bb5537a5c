import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLatex } from '../../src/latex/index.js';
import { normalize } from '../../src/normalize/index.js';
import { parseUnit } from '../../src/physics/units.js';

// Units added for issue 16 (siunitx prefixes, US customary units, compound spellings) and issue 9
// item 3 (units built with the speed of light; natural units). Values: NIST SP 811 (2008) App. B.
const C = 299792458;
const EV = 1.602176634e-19;

function scale(text: string, naturalUnits = false): number {
  const r = parseUnit(text, { naturalUnits });
  assert.ok(r.ok, `${text}: ${r.ok ? '' : r.reason}`);
  return r.scale;
}

function close(a: number, b: number, what: string): void {
  assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b)), `${what}: ${a} != ${b}`);
}

test('siunitx prefix macros reach their unit across a space; a dangling or doubled prefix is an error', () => {
  close(scale('\\micro F'), 1e-6, '\\micro F');
  close(scale('\\micro\\farad'), 1e-6, '\\micro\\farad');
  close(scale('\\kilo m / \\second'), 1000, '\\kilo m / \\second');
  close(scale('\\milli\\ampere\\hour'), 3.6, 'mAh');
  for (const bad of ['\\micro', '\\kilo m \\micro', '\\micro\\micro F', '\\foo F']) {
    const r = parseUnit(bad);
    assert.equal(r.ok, false, `${bad} must not resolve`);
  }
});

test('US customary units (NIST SP 811)', () => {
  const cases: [string, number][] = [
    ['ft', 0.3048],
    ['in', 0.0254],
    ['yd', 0.9144],
    ['mi', 1609.344],
    ['lb', 0.45359237],
    ['lbf', 4.4482216152605],
    ['oz', 0.028349523125],
    ['gal', 3.785411784e-3],
    ['mph', 0.44704],
    ['psi', 6894.757293168],
    ['ft/s^2', 0.3048],
    ['lb/in^2', 0.45359237 / 0.0254 ** 2],
    ['ft.lbf', 0.3048 * 4.4482216152605],
    ['feet', 0.3048],
  ];
  for (const [text, value] of cases) close(scale(text), value, text);
  close(scale('lbf/in^2'), scale('psi'), 'lbf/in^2 = psi (to 13 digits)');
});

test('compound spellings agree', () => {
  const r = scale('J/(mol.K)');
  close(scale('J.mol^{-1}.K^{-1}'), r, 'negative powers');
  close(scale('\\joule\\per\\mole\\per\\kelvin'), r, 'siunitx per');
  close(scale('J/(g.K)'), 1000, 'J/(g K)');
  close(scale('J.g.K^{-1}'), 1e-3, 'J g / K');
});

test('c inside a unit is the speed of light, or 1 in natural units', () => {
  close(scale('GeV/c'), (1e9 * EV) / C, 'GeV/c');
  close(scale('MeV/c^2'), (1e6 * EV) / C ** 2, 'MeV/c^2');
  close(scale('c/GeV'), C / (1e9 * EV), 'c/GeV');
  close(scale('GeV/c', true), 1e9 * EV, 'natural GeV/c');
  close(scale('MeV/c^2', true), 1e6 * EV, 'natural MeV/c^2');
  // `cm`, `cd`, `cal` keep their meaning: c is the speed of light only as a whole word.
  close(scale('cm'), 0.01, 'cm');
  close(scale('cal'), 4.184, 'cal');
});

function normalizedNumbers(latex: string, constants?: Record<string, string>): number[] {
  const parsed = parseLatex(latex);
  assert.ok(parsed.ok);
  const out = normalize(parsed.tree, constants === undefined ? {} : { constants });
  assert.deepEqual(
    out.diagnostics.filter((d) => d.severity === 'error'),
    [],
    `${latex}: no normalization error`,
  );
  const numbers: number[] = [];
  const walk = (n: unknown): void => {
    if (typeof n !== 'object' || n === null) return;
    const node = n as { type?: string; value?: number };
    if (node.type === 'number' && typeof node.value === 'number') numbers.push(node.value);
    for (const v of Object.values(n)) walk(v);
  };
  walk(out.tree);
  return numbers;
}

test('normalize: a constants map with c = 1 reads units in natural units', () => {
  assert.ok(normalizedNumbers('p = 3\\,\\mathrm{GeV}/c').some((v) => Math.abs(v - (1e9 * EV) / C) < 1e-25));
  const natural = normalizedNumbers('p = 3\\,\\unit{GeV/c}', { c: '1' });
  assert.ok(
    natural.some((v) => Math.abs(v / (1e9 * EV) - 1) < 1e-12),
    JSON.stringify(natural),
  );
});

test('normalize: an unreadable unit inside a unit macro is an unknown-unit error, never a silent 1', () => {
  for (const latex of [
    'C = 3\\,\\si{\\micro}',
    'C = 3\\,\\unit{\\foo F}',
    'C = \\SI{3}{}',
    'p = 2\\,\\unit{blah}',
  ]) {
    const parsed = parseLatex(latex);
    assert.ok(parsed.ok, latex);
    const codes = normalize(parsed.tree).diagnostics.map((d) => `${d.code}/${d.severity}`);
    assert.ok(codes.includes('unknown-unit/error'), `${latex}: ${codes.join(', ')}`);
  }
});
