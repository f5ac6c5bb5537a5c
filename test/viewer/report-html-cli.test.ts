import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';

test('prism report --html on a missing path or without a file name: one line, exit 2', async () => {
  const missing = await runCli([
    'report',
    join(tmpdir(), 'no-such-run-dir-xyz'),
    '--html',
    join(tmpdir(), 'x.html'),
  ]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /does not exist/);
  assert.equal(missing.stderr.trim().split('\n').length, 1);
  const dir = mkdtempSync(join(tmpdir(), 'prism-html-'));
  const noRecords = await runCli(['report', dir, '--html', join(dir, 'x.html')]);
  assert.equal(noRecords.code, 2);
  assert.match(noRecords.stderr, /no records\.jsonl/);
  const noName = await runCli(['report', dir, '--html']);
  assert.equal(noName.code, 2);
});

test('prism view rejects a bad port before reading anything', async () => {
  const r = await runCli(['view', 'whatever', '--port', 'abc']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--port/);
});

test('a records.jsonl with a broken line still reports the good ones', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-html-'));
  const record = { problem_id: 'no-such-problem', step_score: 1, matched: [], achieved: [], total_nodes: 1 };
  writeFileSync(join(dir, 'records.jsonl'), `${JSON.stringify(record)}\n{broken\n`);
  const r = await runCli([
    'report',
    join(dir, 'records.jsonl'),
    '--html',
    join(dir, 'r.html'),
    '--no-evidence',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /1 record\(s\) name problems not in/);
});
