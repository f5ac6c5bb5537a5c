import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

const optics = fileURLToPath(new URL('../../data/benchmark/optics.json', import.meta.url));

/** A dataset folder with one good file and one that is not JSON. */
function brokenFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prism-partial-'));
  copyFileSync(optics, join(dir, 'optics.json'));
  writeFileSync(join(dir, 'zz.json'), '{ "id": "broken", ');
  return dir;
}

test('dataset stats on a file that is not JSON exits 2 naming the file, no zero table', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-bad-'));
  const file = join(dir, 'bad.json');
  writeFileSync(file, '{bad');
  const r = await runCli(['dataset', 'stats', '--dataset', file]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /bad\.json.*invalid JSON/);
  assert.equal(r.stdout, '');
});

test('a dataset folder with one broken file is not scored in part: exit 2 naming the file', async () => {
  const dir = brokenFolder();
  const responses = join(dir, 'r.jsonl');
  writeFileSync(responses, `${JSON.stringify({ problem_id: 'opt-01', response: '$$x = 1$$' })}\n`);
  const r = await runCli([
    'score',
    '--dataset',
    dir,
    '--responses',
    responses,
    '--out',
    join(dir, 'out'),
    '--quiet',
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /zz\.json/);
  const stats = await runCli(['dataset', 'stats', '--dataset', dir]);
  assert.equal(stats.code, 2);
  // validate reports the broken file as a finding (exit 1) and checks the rest.
  const v = await runCli(['validate', '--dataset', dir, '--no-witness']);
  assert.equal(v.code, 1);
  assert.match(v.stdout + v.stderr, /zz\.json/);
});

test('score --dataset without --responses is a usage error, not 210 unknown-problem lines', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-only-'));
  copyFileSync(optics, join(dir, 'optics.json'));
  const r = await runCli(['score', '--dataset', dir, '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--dataset needs --responses/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});

test('the bundled score table says the sample answers are partly wrong on purpose', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-note-'));
  const r = await runCli(['score', '--out', dir]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /sample\* answers/);
  assert.match(r.stdout, /partial on purpose/);
});
