import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { kendallTauB } from '../../src/stats/index.js';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'prism-agreement-'));

function jsonl(name: string, rows: readonly unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return path;
}

// 24 items over two domains; predicted step scores in eighths, human marks 0..10 (tied on purpose).
const domains = ['mechanics', 'optics'];
const human = Array.from({ length: 24 }, (_, i) => ({
  problem_id: String(100 + i),
  response_id: 'r1',
  domain: domains[i % 2],
  human_score: (i * 7) % 11,
}));
const pred = human.map((h, i) => ({
  problem_id: h.problem_id,
  response_id: 'r1',
  step_score: Math.round(((h.human_score + ((i * 5) % 4) - 1.5) / 10) * 8) / 8,
}));

test('prism agreement joins on problem_id + response_id, reads step_score and human_score, and reports τ_b', async () => {
  const r = await runCli([
    'agreement',
    '--pred',
    jsonl('pred.jsonl', pred),
    '--human',
    jsonl('human.jsonl', human),
    '--by',
    'domain',
    '--permutations',
    '2000',
    '--bootstrap',
    '300',
    '--json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.joined, 24);
  assert.deepEqual(
    out.results.map((g: { group: string; n: number }) => [g.group, g.n]),
    [
      ['all', 24],
      ['mechanics', 12],
      ['optics', 12],
    ],
  );
  const expected = kendallTauB(
    pred.map((p) => p.step_score),
    human.map((h) => h.human_score),
  );
  assert.equal(out.results[0].tau, expected.tau);
  assert.equal(out.results[0].pAsymptotic, expected.p);
  assert.ok(out.results[0].permutation.p > 0 && out.results[0].permutation.p < 0.05);
  assert.ok(out.results[0].bootstrap.low <= expected.tau && expected.tau <= out.results[0].bootstrap.high);
  // Same seed, same numbers.
  const again = await runCli([
    'agreement',
    '--pred',
    join(dir, 'pred.jsonl'),
    '--human',
    join(dir, 'human.jsonl'),
    '--by',
    'domain',
    '--permutations',
    '2000',
    '--bootstrap',
    '300',
    '--json',
  ]);
  assert.equal(again.stdout, r.stdout);
});

test('prism agreement prints a Markdown table and counts skipped and unmatched lines on stderr', async () => {
  const predPath = jsonl('pred2.jsonl', [
    ...pred.map((p, i) => ({ id: `q${i}`, score: p.step_score })),
    { id: 'extra', score: 1 },
  ]);
  const humanPath = join(dir, 'human2.jsonl');
  writeFileSync(
    humanPath,
    `${human.map((h, i) => JSON.stringify({ id: `q${i}`, score: h.human_score })).join('\n')}\n{broken\n{"id":"q99","score":"high"}\n`,
  );
  const r = await runCli([
    'agreement',
    '--pred',
    predPath,
    '--human',
    humanPath,
    '--permutations',
    '500',
    '--bootstrap',
    '100',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^\| group \| n \| τ_b/);
  assert.match(r.stdout, /\| all \| 24 \|/);
  assert.match(r.stderr, /--human line 25: invalid JSON/);
  assert.match(r.stderr, /--human line 26: no finite score/);
  assert.match(r.stderr, /1 items have no partner/);
});

test('prism agreement: bad input is one line on stderr with exit 2', async () => {
  const p = jsonl('p3.jsonl', [
    { id: 'a', score: 1 },
    { id: 'a', score: 2 },
  ]);
  const h = jsonl('h3.jsonl', [{ id: 'a', score: 1 }]);
  const dup = await runCli(['agreement', '--pred', p, '--human', h]);
  assert.equal(dup.code, 2);
  assert.match(dup.stderr, /duplicate key a/);
  const few = await runCli(['agreement', '--pred', h, '--human', h]);
  assert.equal(few.code, 2);
  assert.match(few.stderr, /only 1 items joined/);
  const missing = await runCli(['agreement', '--pred', join(dir, 'nope.jsonl'), '--human', h]);
  assert.equal(missing.code, 2);
  const badN = await runCli(['agreement', '--pred', h, '--human', h, '--permutations', '0']);
  assert.equal(badN.code, 2);
  assert.match(badN.stderr, /--permutations must be an integer/);
  for (const run of [dup, few, missing, badN]) assert.equal(run.stderr.trim().split('\n').length, 1);
});
