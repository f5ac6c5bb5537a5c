import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { validateCommand } from '../../src/cli/commands/validate.js';
import type { Command } from '../../src/cli/io.js';
import { runCommand } from '../helpers/cli.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const run = (command: Command, argv: string[]) => runCommand(command, argv);

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/bad-input/${name}`, import.meta.url));

const BAD: [string, string, string, number][] = [
  ['cycle.json', 'dag-cycle', 'problem 2 node 1', 1],
  ['dangling-dependency.json', 'dag-dangling-dependency', 'problem 3 node 2', 1],
  ['duplicate-id.json', 'problem-duplicate-id', 'problem 4', 2],
  // A formula that does not parse is a warning: the problem still loads (that node is unmatchable).
  ['unparseable-formula.json', 'dag-formula-unparseable', 'problem 5 node 1', 2],
  ['no-final-answer.json', 'dag-no-final-answer', 'problem 6', 1],
];

for (const [file, code, where, valid] of BAD) {
  test(`validate ${file}: ${code} at ${where}, the valid problems still load`, async () => {
    const r = await run(validateCommand, ['--dataset', fixture(file), '--json']);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as { valid: number; findings: { code: string; where: string }[] };
    const finding = out.findings.find((f) => f.code === code);
    assert.ok(finding, `no ${code} in ${r.stdout}`);
    assert.equal(finding.where, `${file}: ${where}`);
    assert.equal(out.valid, valid);
  });
}

test('validate: an unreadable path exits 2', async () => {
  const r = await run(validateCommand, ['--dataset', fixture('does-not-exist.json')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /file-unreadable/);
});

test('validate: an unknown option is a usage error', async () => {
  assert.equal((await run(validateCommand, ['--bogus'])).code, 2);
});

test('validate the real subset: all 15 problems load; findings are listed', async (t) => {
  const path = sharedFile('peers/prism-physics/dag_02_subset.json');
  if (path === undefined) return t.skip(missingShared('peers/prism-physics/dag_02_subset.json'));
  const r = await run(validateCommand, ['--dataset', path]);
  assert.match(r.stdout, /structurally valid problem\(s\), \d+ of them with errors/);
  const valid = Number(/(\d+) structurally valid problem/.exec(r.stdout)?.[1]);
  assert.ok(valid >= 14, r.stdout);
});

test('validate: a loaded problem whose witness breaks is counted as with errors beside the valid count', async () => {
  const r = await run(validateCommand, ['--dataset', fixture('witness-violated.json')]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /1 structurally valid problem\(s\), 1 of them with errors/);
  const json = JSON.parse(
    (await run(validateCommand, ['--dataset', fixture('witness-violated.json'), '--json'])).stdout,
  );
  assert.equal(json.with_errors, 1);
});
