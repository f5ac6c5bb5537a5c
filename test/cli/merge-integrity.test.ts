/**
 * `prism merge` joins only shards of one run. Shards of another responses file of the same length,
 * another mode or another selection are refused (shard.json carries a fingerprint of the run); a
 * shard rescored in a separate process still merges. Broken shard files are a one-line exit 2.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { mergeCommand } from '../../src/cli/commands/merge.js';
import { scoreCommand } from '../../src/cli/commands/score.js';
import { runCommand } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-merge-'));
const firstLines = (domain: string, n: number): string => {
  const path = join(tmp, `${domain}.jsonl`);
  const lines = readFileSync(new URL(`../../data/answers/${domain}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .slice(0, n);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
};
// Two inputs of the same length: the old manifest (shard, of, total) could not tell them apart.
const optics = firstLines('optics', 4);
const mechanics = firstLines('mechanics', 4);

let counter = 0;
async function shard(responses: string, i: number, n: number, ...flags: string[]): Promise<string> {
  const out = join(tmp, `s${counter++}`);
  const r = await runCommand(scoreCommand, [
    '--responses',
    responses,
    '--out',
    out,
    '--quiet',
    '--shard',
    `${i}/${n}`,
    ...flags,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return out;
}

const merge = (...dirs: string[]) => runCommand(mergeCommand, [...dirs, '--out', join(tmp, `m${counter++}`)]);

test('merge: a shard rescored in another process joins its run, byte for byte one machine', async () => {
  const whole = join(tmp, 'whole');
  assert.equal((await runCommand(scoreCommand, ['--responses', optics, '--out', whole, '--quiet'])).code, 0);
  const a = await shard(optics, 0, 2);
  const b = await shard(optics, 1, 2);
  const again = await shard(optics, 1, 2);
  const out = join(tmp, 'merged');
  const r = await runCommand(mergeCommand, [a, again, '--out', out, '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  for (const file of ['records.jsonl', 'summary.json', 'summary.md'])
    assert.equal(readFileSync(join(out, file), 'utf8'), readFileSync(join(whole, file), 'utf8'), file);
  assert.equal(readFileSync(join(b, 'shard.json'), 'utf8'), readFileSync(join(again, 'shard.json'), 'utf8'));
});

test('merge: shards of another responses file of the same length are refused', async () => {
  const r = await merge(await shard(optics, 0, 2), await shard(mechanics, 1, 2));
  assert.equal(r.code, 2);
  assert.match(r.stderr, /shard 1\/2 was scored on other input than .*responses, dataset, mode or selection/);
});

test('merge: shards scored in another mode or selection are refused', async () => {
  const a = await shard(optics, 0, 2);
  const strict = await merge(a, await shard(optics, 1, 2, '--mode', 'strict'));
  assert.equal(strict.code, 2);
  assert.match(strict.stderr, /scored on other input/);
  const selected = await merge(a, await shard(optics, 1, 2, '--domain', 'optics'));
  assert.equal(selected.code, 2);
  assert.match(selected.stderr, /scored on other input/);
});

test('merge: a broken shard.json or records.jsonl is a one-line exit 2, not an internal error', async () => {
  const a = await shard(optics, 0, 2);
  const b = await shard(optics, 1, 2);
  const manifest = readFileSync(join(b, 'shard.json'), 'utf8');

  writeFileSync(join(b, 'shard.json'), '{bad');
  let r = await merge(a, b);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /shard\.json: not JSON/);
  assert.doesNotMatch(r.stderr, /internal error/);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);

  // A position of another shard (0 is ≡ 0 mod 2, not 1): it would place a record twice.
  const m = JSON.parse(manifest) as { positions: number[] };
  writeFileSync(join(b, 'shard.json'), JSON.stringify({ ...m, positions: [0, ...m.positions.slice(1)] }));
  r = await merge(a, b);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /position 0 is not a position of shard 1\/2/);

  writeFileSync(join(b, 'shard.json'), manifest);
  const records = readFileSync(join(b, 'records.jsonl'), 'utf8').split('\n');
  writeFileSync(join(b, 'records.jsonl'), [records[0], '{"cut', ...records.slice(1)].join('\n'));
  r = await merge(a, b);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /records\.jsonl line 2: not JSON/);
});
