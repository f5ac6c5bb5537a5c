import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain JS launcher helper without types
import { nodeFloor, nodeVersionProblem } from '../../bin/node-floor.js';

test('the Node floor comes from package.json engines', () => {
  assert.match(nodeFloor() as string, /^20\.10\.0$/);
});

test('an older Node gets one line naming both versions; the floor and newer pass', () => {
  const message = nodeVersionProblem('v20.0.0', '20.10.0') as string | undefined;
  assert.ok(message !== undefined);
  assert.doesNotMatch(message, /\n/);
  assert.match(message, /20\.10\.0/);
  assert.match(message, /20\.0\.0/);
  assert.equal(nodeVersionProblem('v20.9.9', '20.10.0') === undefined, false);
  assert.equal(nodeVersionProblem('20.10.0', '20.10.0'), undefined);
  assert.equal(nodeVersionProblem('v22.1.0', '20.10.0'), undefined);
  assert.equal(nodeVersionProblem('v21.0.0', '20.10.0'), undefined);
});

test('the launcher refuses a faked old Node with exit 2 and no stack trace', () => {
  const launcher = fileURLToPath(new URL('../../bin/prism.js', import.meta.url));
  // Fake the version before the launcher's check runs.
  const fake = "Object.defineProperty(process.versions, 'node', { value: '20.0.0' });";
  const r = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(fake)}`, launcher, '--version'],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^prism: prism-physics needs Node >= 20\.10\.0; this is Node 20\.0\.0\./);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});
