/**
 * The Node floor we declare (`engines.node` in package.json) must be one every direct dependency
 * supports: an npm install with `engine-strict` (or a user on the floor) would otherwise fail, and
 * npm's EBADENGINE warning is easy to miss. Reads each installed dependency's package.json.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  name: string;
  engines: { node: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

type Version = [number, number, number];

/** `20.10` → [20, 10, 0]; `x`/`*` parts read as 0. */
function version(text: string): Version {
  const parts = text.replace(/^v/, '').split('.');
  const at = (i: number) => {
    const n = Number.parseInt(parts[i] ?? '0', 10);
    return Number.isFinite(n) ? n : 0;
  };
  return [at(0), at(1), at(2)];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether a version satisfies a node-semver range of the forms engines fields use: `||`-separated
 * alternatives of space-separated comparators (`>=`, `>`, `<=`, `<`, `=`, `^`, `~`, a bare version
 * or major, `*`).
 */
function satisfies(v: Version, range: string): boolean {
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (comparators.length === 0) return true;
    return comparators.every((c) => {
      const m = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(c)!;
      const op = m[1] ?? '';
      const text = m[2]!;
      if (text === '*' || text === 'x' || text === '') return true;
      const w = version(text);
      const given = text.replace(/^v/, '').split('.').length;
      const d = compare(v, w);
      switch (op) {
        case '>=':
          return d >= 0;
        case '>':
          return d > 0;
        case '<=':
          return d <= 0;
        case '<':
          return d < 0;
        case '^':
          return d >= 0 && (w[0] > 0 ? v[0] === w[0] : v[0] === 0 && v[1] === w[1]);
        case '~':
          return d >= 0 && v[0] === w[0] && (given < 2 || v[1] === w[1]);
        default:
          // A bare `20` or `20.1` is a range over what it leaves out; `20.1.2` is exact.
          return given === 1 ? v[0] === w[0] : given === 2 ? v[0] === w[0] && v[1] === w[1] : d === 0;
      }
    });
  });
}

test('engines: the range reader agrees with node-semver on the forms dependencies use', () => {
  const floor = version('20.10.0');
  assert.equal(satisfies(floor, '>=20'), true);
  assert.equal(satisfies(floor, '>= 18'), true);
  assert.equal(satisfies(floor, '>=22'), false);
  assert.equal(satisfies(floor, '18 || 20 || >=22'), true);
  assert.equal(satisfies(floor, '^18.0.0 || >=20.0.0'), true);
  assert.equal(satisfies(floor, '^20.11.0'), false);
  assert.equal(satisfies(floor, '>=20.10.0 <21'), true);
  assert.equal(satisfies(floor, '20 || >=22'), true);
  assert.equal(satisfies(floor, '18 || >=22'), false);
  assert.equal(satisfies(floor, '~20.9'), false);
});

const floor = version(pkg.engines.node.replace(/^>=\s*/, ''));
const direct = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== pkg.name,
);

for (const name of direct) {
  test(`engines: ${name} supports our Node floor ${pkg.engines.node}`, () => {
    let manifest: { engines?: { node?: string } };
    try {
      manifest = require(`${name}/package.json`);
    } catch {
      // A package that does not export its package.json: read it beside its resolved entry.
      const entry = require.resolve(name);
      const dir = entry.slice(
        0,
        entry.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length,
      );
      manifest = JSON.parse(readFileSync(`${dir}package.json`, 'utf8'));
    }
    const range = manifest.engines?.node;
    if (range === undefined) return; // states no engines: nothing to hold it to
    assert.ok(
      satisfies(floor, range),
      `${name} declares engines.node "${range}", which Node ${floor.join('.')} (our floor) does not satisfy`,
    );
  });
}
