import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PACKAGE_VERSION } from '../../src/core/version.js';
import { SCORER_VERSION } from '../../src/score/codes.js';

test('the version constant is package.json version, and every stamp uses it', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  assert.equal(PACKAGE_VERSION, pkg.version);
  assert.ok(SCORER_VERSION.includes(`prism-physics/${pkg.version} `));
});
