import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { mergeCommand } from '../../src/cli/commands/merge.js';
import { scoreCommand } from '../../src/cli/commands/score.js';
import { runCommand } from '../helpers/cli.js';

const answers = new URL('../../data/answers/optics.jsonl', import.meta.url).pathname;

test('score --shard i/n on three machines, then merge: the same files as one machine', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'prism-shard-'));
  const whole = join(tmp, 'whole');
  assert.equal((await runCommand(scoreCommand, ['--responses', answers, '--out', whole, '--quiet'])).code, 0);
  const dirs: string[] = [];
  for (const i of [2, 0, 1]) {
    const dir = join(tmp, `shard-${i}`);
    const r = await runCommand(scoreCommand, [
      '--responses',
      answers,
      '--out',
      dir,
      '--quiet',
      '--shard',
      `${i}/3`,
    ]);
    assert.equal(r.code, 0, r.stderr);
    dirs.push(dir);
  }
  // A shard holds only its third of the responses.
  const shard0 = readFileSync(join(tmp, 'shard-0', 'records.jsonl'), 'utf8')
    .trim()
    .split('\n');
  const all = readFileSync(join(whole, 'records.jsonl'), 'utf8').trim().split('\n');
  assert.equal(shard0.length, Math.ceil(all.length / 3));
  const merged = join(tmp, 'merged');
  const m = await runCommand(mergeCommand, [...dirs, '--out', merged, '--quiet']);
  assert.equal(m.code, 0, m.stderr);
  for (const file of ['records.jsonl', 'summary.json', 'summary.md'])
    assert.equal(readFileSync(join(merged, file), 'utf8'), readFileSync(join(whole, file), 'utf8'), file);

  // Missing or duplicate shards are refused with a one-line message.
  const missing = await runCommand(mergeCommand, [dirs[0]!, dirs[1]!, '--out', join(tmp, 'x')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /missing shard\(s\) 1\/3/);
  const twice = await runCommand(mergeCommand, [dirs[0]!, dirs[0]!, dirs[1]!, '--out', join(tmp, 'y')]);
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /given twice/);
  assert.equal((await runCommand(scoreCommand, ['--shard', '3/3'])).code, 2);
});
