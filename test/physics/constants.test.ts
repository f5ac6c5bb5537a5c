import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lookupConstant, PHYSICAL_CONSTANTS } from '../../src/physics/constants.js';

const value = (name: string): number => {
  const c = lookupConstant(name);
  assert.ok(c, `no constant named ${name}`);
  return c.value;
};
const near = (actual: number, expected: number, rel: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= rel * Math.abs(expected), `${what}: ${actual} vs ${expected}`);

test('constants: every entry is well formed and every name is unique', () => {
  const seen = new Set<string>();
  for (const c of PHYSICAL_CONSTANTS) {
    assert.equal(c.dim.length, 7, c.id);
    assert.ok(Number.isFinite(c.value) && c.value > 0, c.id);
    assert.ok(c.source.length > 0 && c.unit.length > 0 && c.names.length > 0, c.id);
    for (const n of c.names) {
      assert.ok(!seen.has(n), `duplicate name ${n}`);
      seen.add(n);
      assert.equal(lookupConstant(n), c);
    }
  }
  assert.ok(PHYSICAL_CONSTANTS.length >= 26);
});

test('constants: canonical names as the parser spells them, and loose subscripts', () => {
  assert.equal(lookupConstant('epsilon_{0}')?.id, 'epsilon_0');
  assert.equal(lookupConstant('epsilon_0')?.id, 'epsilon_0');
  assert.equal(lookupConstant('k_B')?.id, 'k_B');
  assert.equal(lookupConstant('hbar')?.id, 'hbar');
  assert.equal(lookupConstant('N_{A}')?.id, 'N_A');
  assert.equal(lookupConstant('m_{e}')?.id, 'm_e');
  assert.equal(lookupConstant('k'), undefined, 'a bare k is a spring constant, not Coulomb');
  assert.equal(lookupConstant('u'), undefined, 'a bare u is a speed');
  assert.equal(lookupConstant('x'), undefined);
});

test('constants: exact SI values and CODATA 2018 values', () => {
  assert.equal(value('c'), 299792458);
  assert.equal(value('h'), 6.62607015e-34);
  assert.equal(value('e'), 1.602176634e-19);
  assert.equal(value('k_{B}'), 1.380649e-23);
  assert.equal(value('N_{A}'), 6.02214076e23);
  assert.equal(value('g_{n}'), 9.80665);
  assert.equal(value('G'), 6.6743e-11);
  assert.equal(value('atm'), 101325);
});

test('constants: the table agrees with the physics relations between its entries', () => {
  const [c, h, hbar, e, me] = [value('c'), value('h'), value('hbar'), value('e'), value('m_{e}')];
  const [eps0, mu0, kB, NA, alpha] = [
    value('epsilon_{0}'),
    value('mu_{0}'),
    value('k_{B}'),
    value('N_{A}'),
    value('alpha'),
  ];
  near(hbar, h / (2 * Math.PI), 1e-9, 'hbar = h/2pi');
  near(value('k_{e}'), 8.9875517923e9, 1e-10, 'k_e');
  near(mu0 * eps0 * c * c, 1, 1e-9, 'mu0 eps0 c^2 = 1');
  near(value('R'), kB * NA, 1e-9, 'R = k_B N_A');
  near(value('F'), e * NA, 1e-9, 'F = e N_A');
  near(alpha, (e * e) / (4 * Math.PI * eps0 * hbar * c), 1e-9, 'alpha');
  near(value('a_{0}'), hbar / (me * c * alpha), 1e-9, 'Bohr radius');
  near(value('R_{infinity}'), (alpha * alpha * me * c) / (2 * h), 1e-9, 'Rydberg');
  near(value('mu_{B}'), (e * hbar) / (2 * me), 1e-9, 'Bohr magneton');
  near(value('mu_{N}'), (e * hbar) / (2 * value('m_{p}')), 1e-9, 'nuclear magneton');
  near(value('sigma'), (2 * Math.PI ** 5 * kB ** 4) / (15 * h ** 3 * c ** 2), 1e-9, 'Stefan-Boltzmann');
  near(value('eV'), e, 0, 'eV in J');
  near(value('b_{W}'), (h * c) / (kB * 4.965114231744276), 1e-9, 'Wien b = hc/(k_B x), (x-5)e^x+5 = 0');
  near(value('M_{sun}'), 1.9884e30, 1e-4, 'solar mass');
  near(value('M_{E}'), 5.9722e24, 1e-4, 'earth mass');
});

test('constants: dimensions agree with the relations', () => {
  const dim = (name: string) => lookupConstant(name)!.dim;
  const sum = (...ds: (readonly number[])[]) => ds[0]!.map((_, i) => ds.reduce((s, d) => s + d[i]!, 0));
  const scale = (d: readonly number[], k: number) => d.map((x) => x * k);
  assert.deepEqual(sum(dim('k_{e}'), dim('epsilon_{0}')), [0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(sum(dim('mu_{0}'), dim('epsilon_{0}'), scale(dim('c'), 2)), [0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(sum(dim('k_{B}'), dim('N_{A}')), [...dim('R')]);
  assert.deepEqual(sum(dim('e'), dim('N_{A}')), [...dim('F')]);
  assert.deepEqual(sum(dim('e'), dim('hbar'), scale(dim('m_{e}'), -1)), [...dim('mu_{B}')]);
  assert.deepEqual(dim('alpha'), [0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(dim('G'), [3, -1, -2, 0, 0, 0, 0]);
});
