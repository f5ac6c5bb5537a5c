import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scoreCommand } from '../../src/cli/commands/score.js';
import { runCommand } from '../helpers/cli.js';

const run = (argv: string[]) => runCommand(scoreCommand, argv);

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../fixtures/bad-input/${name}`, import.meta.url));
const records = (dir: string) =>
  readFileSync(join(dir, 'records.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) => JSON.parse(l) as { response_id: string; step_score: number; diagnostics: { code: string }[] },
    );

test('score: bad lines and unknown problems are reported, the rest is scored', async () => {
  const out = mkdtempSync(join(tmpdir(), 'prism-score-'));
  const r = await run([
    '--dataset',
    fixture('cycle.json'),
    '--responses',
    fixture('responses.jsonl'),
    '--out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /invalid-json\s+responses\.jsonl:3/);
  assert.match(r.stderr, /unknown-problem .*problem nope is not in the dataset/);
  const rows = records(out);
  assert.deepEqual(
    rows.map((x) => [x.response_id, x.step_score]),
    [
      ['full', 1],
      ['empty', 0],
      ['prose', 0],
    ],
  );
  assert.ok(rows[1]!.diagnostics.some((d) => d.code === 'empty-response'));
  assert.match(r.stdout, /\| Overall \| 3 \| 1 \| 33\.3 \|/);
  assert.match(readFileSync(join(out, 'summary.md'), 'utf8'), /By difficulty/);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
    overall: { responses: number };
  };
  assert.equal(summary.overall.responses, 3);
});

test('score: a 2 MB answer is scored with a limit diagnostic', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-score-'));
  const huge = `$$F = ma$$\n${'$$x_{k} = y_{k} + 1$$ and some prose '.repeat(60_000)}`;
  assert.ok(huge.length > 2_000_000);
  writeFileSync(
    join(dir, 'r.jsonl'),
    `${JSON.stringify({ problem_id: 'good-1', answer_id: 'huge', response: huge })}\n${JSON.stringify({ problem_id: 'good-1', answer_id: 'small', response: '$a = v/t$' })}\n`,
  );
  const r = await run([
    '--dataset',
    fixture('cycle.json'),
    '--responses',
    join(dir, 'r.jsonl'),
    '--out',
    dir,
    '--quiet',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const rows = records(dir);
  assert.equal(rows.length, 2);
  assert.ok(Math.abs(rows[0]!.step_score - 1 / 3) < 1e-12);
  assert.ok(rows[0]!.diagnostics.some((d) => d.code === 'too-many-formulas'));
  assert.ok(Math.abs(rows[1]!.step_score - 1 / 3) < 1e-12);
  assert.equal(r.stdout, '');
});

test('score: bad --mode is a usage error; unreadable responses exit 2', async () => {
  assert.equal((await run(['--mode', 'loose'])).code, 2);
  const r = await run(['--dataset', fixture('cycle.json'), '--responses', fixture('nope.jsonl')]);
  assert.equal(r.code, 2);
});
