import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { scoreCommand } from '../../src/cli/commands/score.js';
import { validateCommand } from '../../src/cli/commands/validate.js';
import { runCommand } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'prism-given-'));
const dataset = join(dir, 'gas.json');
writeFileSync(
  dataset,
  JSON.stringify([
    {
      id: 'gas',
      context: 'The compressibility factor is $Z = \\frac{p V}{R T}$.',
      grading_standard: [
        { index: 1, formula: '$$Z = \\frac{p V}{R T}$$', dependency: [] },
        { index: 2, formula: '$$Z_c = \\frac{3}{8}$$', dependency: [1], is_final_answer: true },
      ],
    },
  ]),
);
const responses = join(dir, 'responses.jsonl');
writeFileSync(responses, `${JSON.stringify({ problem_id: 'gas', response: '$$Z = \\frac{pV}{RT}$$' })}\n`);

test('validate lists the given nodes without counting them as findings', async () => {
  const r = await runCommand(validateCommand, ['--dataset', dataset, '--json']);
  const out = JSON.parse(r.stdout) as { findings: unknown[]; given: { problem: string; node: number }[] };
  assert.deepEqual(out.findings, []);
  assert.deepEqual(
    out.given.map((g) => [g.problem, g.node]),
    [['gas', 1]],
  );
  assert.equal(r.code, 0);
  const text = await runCommand(validateCommand, ['--dataset', dataset]);
  assert.match(text.stdout, /given {3}problem gas node 1: .*the problem states Z = \\frac\{p V\}\{R T\}/);
});

test('score --policy: derived by default, paper on request, a bad policy is a usage error', async () => {
  const scores: Record<string, number> = {};
  for (const policy of ['derived', 'paper']) {
    const out = join(dir, policy);
    const r = await runCommand(scoreCommand, [
      '--dataset',
      dataset,
      '--responses',
      responses,
      '--out',
      out,
      '--quiet',
      ...(policy === 'paper' ? ['--policy', 'paper'] : []),
    ]);
    assert.equal(r.code, 0, r.stderr);
    const record = JSON.parse(readFileSync(join(out, 'records.jsonl'), 'utf8')) as {
      step_score: number;
      policy: string;
    };
    assert.equal(record.policy, policy);
    scores[policy] = record.step_score;
  }
  assert.deepEqual(scores, { derived: 0, paper: 0.5 });
  const bad = await runCommand(scoreCommand, [
    '--dataset',
    dataset,
    '--responses',
    responses,
    '--policy',
    'x',
  ]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--policy must be derived or paper/);
});
