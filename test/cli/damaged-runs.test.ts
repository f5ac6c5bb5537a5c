import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { modelDirName } from '../../src/cli/commands/run.js';
import { runCli } from '../helpers/cli.js';

/** A minimal run directory: run.json, and one record per problem id. */
function fakeRun(dir: string, model: string, ids: readonly string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({ model, base_url: 'http://127.0.0.1:1/v1', samples: 1 }),
  );
  const rows = ids.map((id) =>
    JSON.stringify({ problem_id: id, sample: 0, step_score: 0.5, final_answer_correct: true }),
  );
  writeFileSync(join(dir, 'records.jsonl'), `${rows.join('\n')}\n`);
}

test('a corrupt run.json is exit 2 and one line, not an internal error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'prism-damaged-'));
  writeFileSync(join(dir, 'run.json'), '{"model": "x", ');
  const r = await runCli(['report', dir]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /run-config-invalid: .*run\.json is not a valid run\.json/);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
});

test('compare on runs with no problem in common is exit 2, not n = 0 rows', async () => {
  const base = mkdtempSync(join(tmpdir(), 'prism-disjoint-'));
  fakeRun(join(base, 'a'), 'model-a', ['mech-01', 'mech-02']);
  fakeRun(join(base, 'b'), 'model-b', ['opt-01', 'opt-02']);
  const r = await runCli(['compare', join(base, 'a'), join(base, 'b')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no problem in common/);
});

test('a model name never makes the run directory . or .. or hidden', () => {
  assert.equal(modelDirName('..'), '__');
  assert.equal(modelDirName('.'), '_');
  assert.equal(modelDirName('../../etc'), '___.._etc');
  assert.equal(modelDirName('gpt-4o/mini'), 'gpt-4o_mini');
  assert.equal(modelDirName(''), '_');
  for (const m of ['..', '.', '../x', '.hidden']) assert.ok(!modelDirName(m).startsWith('.'), m);
});
