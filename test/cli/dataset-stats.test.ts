import assert from 'node:assert/strict';
import { test } from 'node:test';
import { datasetStatsCommand } from '../../src/cli/commands/dataset-stats.js';
import { proxyC12 } from '../../src/dag/proxy-c12.js';
import { structuralComplexity } from '../../src/dag/structural-complexity.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { runCommand } from '../helpers/cli.js';
import { missingShared, sharedFile } from '../helpers/shared.js';

const run = (argv: string[]) => runCommand(datasetStatsCommand, argv);

test('dataset stats --json on the real subset', async (t) => {
  const path = sharedFile('peers/prism-physics/dag_02_subset.json');
  if (path === undefined) return t.skip(missingShared('peers/prism-physics/dag_02_subset.json'));
  const r = await run(['--dataset', path, '--json']);
  assert.equal(r.code, 0);
  const stats = JSON.parse(r.stdout) as Record<string, unknown> & { domains: Record<string, number> };
  assert.equal(stats.problems, 15);
  assert.equal(stats.nodes, 131);
  assert.equal(stats.edges, 116);
  assert.equal(stats.final_answer_nodes, 34);
  assert.deepEqual(stats.domains, { unknown: 15 });
  // Unlabelled problems get the one difficulty rule (S = C1 + C2 + C3, as prism difficulty --proxy).
  const problems = loadDataset(path).problems;
  const expected: Record<string, number> = {};
  for (const p of problems) {
    const s = proxyC12(p).c1 + proxyC12(p).c2 + structuralComplexity(p.grading_standard).c3;
    const tier = s <= 5 ? 'easy' : s <= 7 ? 'medium' : 'hard';
    expected[tier] = (expected[tier] ?? 0) + 1;
  }
  assert.deepEqual(stats.difficulties, expected);
  assert.deepEqual(stats.depth, { min: 1, mean: 3.867, max: 7 });
});

test('dataset stats: unreadable input exits 2', async () => {
  assert.equal((await run(['--dataset', '/nonexistent/x.json'])).code, 2);
});
