import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { datasetInstances } from '../../src/instances/index.js';
import type { RobustnessReport } from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { statedAnswers, textbookAnswers, textbookModel } from './fake-models.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-task1-'));
const dataset = join(bundledDatasetPath(), 'electromagnetism.json');
// em-02 (RC discharge) and em-07 (series RLC): the fake solver answers them from the textbook
// formulas and the values in the prompt, independently of our ground truth.
const originals = loadDataset(dataset).problems.filter((p) => ['em-02', 'em-07'].includes(p.id));
const { instances } = datasetInstances(originals, { n: 5, seed: '0', textualOnly: true });
let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer(textbookModel(instances, originals));
});
after(() => server.close());

async function run(model: string): Promise<RobustnessReport> {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const out = join(tmp, model);
  const r = await runCommand(command, [
    '--model',
    model,
    '--dataset',
    dataset,
    '--instances',
    '5',
    '--problem',
    'em-02,em-07',
    '--out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\| I \| TRUE@90 ↑ \|/);
  return JSON.parse(readFileSync(join(out, 'prism.json'), 'utf8')) as RobustnessReport;
}

test('Task I through the loopback server: every instance is asked, scored and binned as spec B4 says', async () => {
  assert.equal(instances.length, 10);
  // The textbook answers agree with the computed ground truth on every instance (to 3 figures).
  for (const inst of instances) {
    const text = `${inst.context}`;
    assert.deepEqual(
      textbookAnswers(text),
      inst.ground_truth.map((g) => g.latex),
      inst.id,
    );
  }
  // No instance happens to have the original's answers, so the memorizer fails them all.
  for (const inst of instances) {
    const original = originals.find((p) => p.id === inst.instance_of)!;
    assert.notDeepEqual(
      inst.ground_truth.map((g) => g.latex),
      statedAnswers(original),
    );
  }
  const solver = await run('solver');
  assert.equal(solver.metrics.instances, 10);
  assert.deepEqual(
    [
      solver.metrics.overall_accuracy,
      solver.metrics.true_at_t,
      solver.metrics.volatility,
      solver.metrics.total_failure_rate,
    ],
    [100, 100, 0, 0],
  );
  const half = await run('half');
  assert.deepEqual(
    [
      half.metrics.overall_accuracy,
      half.metrics.true_at_t,
      half.metrics.volatility,
      half.metrics.total_failure_rate,
    ],
    [40, 0, 100, 0],
  );
  const memorizer = await run('memorizer');
  assert.deepEqual([memorizer.metrics.overall_accuracy, memorizer.metrics.total_failure_rate], [0, 100]);
  assert.equal(server.total(), 30);
  assert.ok(solver.steps !== undefined && solver.steps.mean >= half.steps!.mean);
});
