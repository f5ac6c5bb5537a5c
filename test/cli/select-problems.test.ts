import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { selectProblems } from '../../src/cli/select-problems.js';
import type { Problem } from '../../src/dag/types.js';
import { loadBundledDataset } from '../../src/dataset/index.js';
import { runCli } from '../helpers/cli.js';

const { problems } = loadBundledDataset();

test('--limit spreads over domains instead of taking the first files', () => {
  const twenty = selectProblems(problems, { limit: 20 });
  assert.equal(twenty.length, 20);
  const domains = new Set(twenty.map((p: Problem) => p.domain));
  assert.equal(domains.size, 7);
  assert.deepEqual(selectProblems(problems, { limit: 500 }).length, problems.length);
});

test('--limit spreads over difficulties too: 21 of the bundled 70 are 7 easy, 7 medium, 7 hard', () => {
  const count = (list: readonly Problem[], level: string) =>
    list.filter((p) => p.difficulty === level).length;
  const available = (level: string) => count(problems, level);
  const chosen = selectProblems(problems, { limit: 21 });
  for (const level of ['easy', 'medium', 'hard'])
    assert.equal(count(chosen, level), Math.min(7, available(level)), `${level}: ${chosen.map((p) => p.id)}`);
  // Each domain gets 3, one per difficulty where it has them.
  for (const d of new Set(problems.map((p) => p.domain)))
    assert.equal(chosen.filter((p) => p.domain === d).length, 3, String(d));
  // Near miss: the first 21 in file order are far from balanced.
  const first = problems.slice(0, 21);
  assert.notEqual(new Set(first.map((p) => p.domain)).size, 7);
});

test('filters are ANDed and keep dataset order; a typo is a usage error with a suggestion', () => {
  const hardOptics = selectProblems(problems, { domains: ['optics'], difficulties: ['hard'] });
  assert.ok(hardOptics.length > 0);
  assert.ok(hardOptics.every((p) => p.domain === 'optics' && p.difficulty === 'hard'));
  const two = selectProblems(problems, { ids: ['opt-02', 'mech-01'] });
  assert.deepEqual(
    two.map((p) => p.id),
    problems.filter((p) => p.id === 'opt-02' || p.id === 'mech-01').map((p) => p.id),
  );
  assert.throws(
    () => selectProblems(problems, { domains: ['optcs'] }),
    /'optcs' matches no problem\. Did you mean 'optics'\?/,
  );
});

test('prism score --domain optics --json prints a summary of the optics answers only', async () => {
  const out = mkdtempSync(join(tmpdir(), 'prism-sel-'));
  const r = await runCli(['score', '--domain', 'optics', '--json', '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout) as Record<string, unknown>;
  assert.match(JSON.stringify(summary), /optics/);
  assert.doesNotMatch(JSON.stringify(summary), /mechanics/);
  assert.doesNotMatch(r.stderr, /unknown-problem/);
});
