import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { validateCommand } from '../../src/cli/commands/validate.js';
import { runCommand } from '../helpers/cli.js';

const validate = (argv: string[]) => runCommand(validateCommand, argv);

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/bad-input/${name}`, import.meta.url));

interface JsonOut {
  problems: number;
  valid: number;
  witness_checked: number;
  findings: { code: string; where: string; message: string; severity: string }[];
}

test('validate witness-violated.json: F = 5 contradicts a = v/t at node 2; both values named; exit 1', async () => {
  const r = await validate(['--dataset', fixture('witness-violated.json'), '--json']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as JsonOut;
  assert.equal(out.witness_checked, 1);
  const d = out.findings.find((f) => f.code === 'witness-violated');
  assert.ok(d, r.stdout);
  assert.equal(d.where, 'problem bad-witness witness 1 node 2');
  assert.match(d.message, /a = 2\b.*a = 2\.5/);
});

test('validate wrong-formula.json: the wrong reference formula K = m v^2 is named (node 3)', async () => {
  const r = await validate(['--dataset', fixture('wrong-formula.json')]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /witness-violated\s+problem bad-formula witness 1 node 3: K = m v\^2 gives K = 18/);
  assert.match(r.stdout, /final-answer-mismatch\s+problem bad-formula:/);
  assert.doesNotMatch(r.stdout, /good-1/);
  assert.match(r.stdout, /^2 problems, 2 witness-checked, 2 findings/m);
});

test('validate witness-final-mismatch.json: T = 312 K disagrees with the witness (272.99 K)', async () => {
  const r = await validate(['--dataset', fixture('witness-final-mismatch.json'), '--json']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as JsonOut;
  assert.deepEqual(
    out.findings.map((f) => [f.code, f.where]),
    [['witness-final-mismatch', 'problem bad-final subquestion a']],
  );
  assert.match(out.findings[0]!.message, /272\.99.*312/);
});

test('validate --no-witness runs the structural checks only', async () => {
  const r = await validate(['--dataset', fixture('wrong-formula.json'), '--no-witness']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^2 problems, 0 witness-checked, 0 findings/m);
});

test('a problem with structural errors is not witness-checked (its violated witness is not reported)', async () => {
  const r = await validate(['--dataset', fixture('cycle-with-witness.json'), '--json']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as JsonOut;
  assert.ok(
    out.findings.some((f) => f.code === 'dag-cycle'),
    r.stdout,
  );
  assert.equal(out.problems, 2);
  assert.equal(out.valid, 1);
  assert.equal(out.witness_checked, 1);
  assert.ok(
    out.findings.every((f) => !f.code.startsWith('witness-')),
    r.stdout,
  );
});

test('the bundled benchmark validates with zero findings, witness and final answers included, in seconds', async () => {
  const start = performance.now();
  const r = await validate([]);
  const ms = performance.now() - start;
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /^70 problems, 70 witness-checked, 0 findings/m);
  assert.ok(ms < 15_000, `took ${ms.toFixed(0)} ms`);
});
