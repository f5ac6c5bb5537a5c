import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { datasetInstances } from '../../src/instances/index.js';
import type { VisualTaskReport } from '../../src/visual/run-visual-task.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeLlmServer, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeVisionModel, midGreyShare, requestImages } from './fake-vision.js';
import { visualSkip } from './visual-skip.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-task2-'));
const dataset = join(bundledDatasetPath(), 'electromagnetism.json');
const originals = loadDataset(dataset).problems.filter((p) => ['em-02', 'em-07'].includes(p.id));
// Task II holds the inputs constant: one draw per problem (the same call the task makes).
const { instances } = datasetInstances(originals, { n: 1, seed: '0', textualOnly: true });
// Task I rendered: two draws per problem, each asked once.
const drawn = datasetInstances(originals, { n: 2, seed: '0', textualOnly: true }).instances;
// Clean serif, clean handwriting, heavy noise, heavy blur, strong rotation.
const SPEC = 'font=serif;font=hand-humor;font=serif,noise=1;font=sans,blur=1;font=hand-comic,rotation=1';
const dirs: string[] = [];
let server: FakeLlmServer;
before(async () => {
  server = await startFakeLlmServer(
    fakeVisionModel(
      () => dirs,
      (id, dir) =>
        dir.endsWith('rendered')
          ? drawn.find((i) => i.id === id)
          : instances.find((i) => i.instance_of === id.slice(0, id.lastIndexOf('#'))),
    ),
  );
});
after(() => server?.close());

async function run(
  model: string,
  extra: string[] = [],
): Promise<{ report: VisualTaskReport; stdout: string; stderr: string; out: string }> {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const out = join(tmp, `${model}${extra.join('')}`.replace(/[^a-z0-9]/gi, '_'));
  dirs.push(out);
  const r = await runCommand(command, [
    '--model',
    model,
    '--dataset',
    dataset,
    '--task',
    'II',
    '--perturbations',
    SPEC,
    '--problem',
    'em-02,em-07',
    '--out',
    out,
    ...extra,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return {
    report: JSON.parse(readFileSync(join(out, 'prism-ii.json'), 'utf8')) as VisualTaskReport,
    stdout: r.stdout,
    stderr: r.stderr,
    out,
  };
}

const metrics = (r: VisualTaskReport) => {
  const m = r.report.metrics;
  return [m.overall_accuracy, m.true_at_t, m.volatility, m.total_failure_rate];
};

test('Task II through a loopback vision fake (OpenAI protocol): images sent, metrics binned per problem', {
  skip: visualSkip(),
}, async () => {
  const before = server.log.length;
  const { report, stdout, out } = await run('vision');
  const requests = server.log.slice(before);
  assert.equal(requests.length, 10);
  for (const req of requests) {
    const images = requestImages(req);
    assert.equal(images.length, 1);
    assert.equal(images[0]!.mime, 'image/png');
    // The question is in the image only: none of the inputs' values is in the text.
    const text = req.turns.map((t) => t.text).join('\n');
    assert.doesNotMatch(text, /capacitor|series circuit/i);
    for (const inst of instances)
      for (const v of Object.values(inst.parameter_values))
        assert.ok(!text.includes(String(v)), `${v} leaked into the text`);
  }
  // Hand-worked: variants 3 (noise 1) and 4 (blur 1) are illegible to the fake, the others legible,
  // so each problem has a_p = 3/5: Overall 60, TRUE@90 0, Volatility (0.4 ≤ a_p ≤ 0.6) 100, TFR 0.
  assert.deepEqual(metrics(report), [60, 0, 100, 0]);
  assert.deepEqual(
    report.variants.map((v) => v.accuracy),
    [100, 100, 0, 0, 100],
  );
  assert.match(stdout, /\| II \| TRUE@90 ↑ \| 0\.0 \|/);
  assert.match(stdout, /\| 3 \| serif noise=1 \| 0\.0 \|/);
  // The images on disk are the ones sent, and the fake's statistic is what separates them.
  const manifest = report.images;
  assert.equal(manifest.length, 10);
  for (const img of manifest) {
    const share = midGreyShare(readFileSync(join(out, img.file)));
    assert.equal(share >= 0.08, img.variant === 3 || img.variant === 4, `${img.id}: ${share}`);
  }
  assert.ok(readdirSync(out).includes('records.jsonl') && readdirSync(out).includes('summary.md'));
  // Resumable: the same command asks nothing again.
  const again = server.log.length;
  const second = await run('vision');
  assert.equal(server.log.length, again);
  assert.deepEqual(metrics(second.report), [60, 0, 100, 0]);
});

test('Task II over the Anthropic protocol: image blocks carry the same PNG bytes', {
  skip: visualSkip(),
}, async () => {
  const before = server.log.length;
  // --no-cache: the OpenAI run's cached answers would otherwise be reused (same endpoint and model).
  const { report } = await run('vision', ['--provider', 'anthropic', '--base-url', server.url, '--no-cache']);
  const requests = server.log.slice(before);
  assert.equal(requests.length, 10);
  assert.ok(requests.every((r) => r.protocol === 'anthropic' && requestImages(r).length === 1));
  assert.deepEqual(metrics(report), [60, 0, 100, 0]);
});

test('Task II: a model that never reads the image fails every problem (TFR 100)', {
  skip: visualSkip(),
}, async () => {
  const { report } = await run('blind');
  assert.deepEqual(metrics(report), [0, 0, 0, 100]);
});

test('Task I with the question rendered: each draw of the inputs is an image in one font', {
  skip: visualSkip(),
}, async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const out = join(tmp, 'task1-rendered');
  dirs.push(out);
  const before = server.log.length;
  const r = await runCommand(command, [
    '--model',
    'vision',
    '--dataset',
    dataset,
    '--instances',
    '2',
    '--render-question',
    '--perturbations',
    'font=hand-comic',
    '--problem',
    'em-02,em-07',
    '--out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(server.log.length - before, 4);
  const report = JSON.parse(readFileSync(join(out, 'prism-ii.json'), 'utf8')) as VisualTaskReport;
  assert.equal(report.report.task, 'I (rendered)');
  assert.deepEqual(report.images.map((i) => i.id).sort(), drawn.map((i) => i.id).sort());
  // Two different draws per problem, each answered from its own inputs: all right.
  assert.deepEqual(metrics(report), [100, 100, 0, 0]);
  assert.match(r.stdout, /PRiSM Task I \(rendered\)/);
});

test('Task II flags: mistakes are usage errors (exit 2) with the reason', async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: 'http://127.0.0.1:9/v1' },
    onInterrupt: () => () => {},
  });
  const cases: [string[], RegExp][] = [
    [['--task', 'II', '--perturbations', 'font=comic'], /--perturbations: variant 1: unknown font 'comic'/],
    [['--task', 'II', '--perturbations', 'noise=2'], /noise must be a number from 0 to 1/],
    [['--task', 'II', '--text-only'], /--text-only cannot go with --task II/],
    [['--render-question'], /--render-question goes with --instances N/],
    [
      ['--task', 'III', '--perturbations', 'blur=1'],
      /--perturbations goes with --task II or --render-question/,
    ],
  ];
  for (const [args, message] of cases) {
    const r = await runCommand(command, [
      '--model',
      'm',
      '--dataset',
      dataset,
      '--out',
      join(tmp, 'never'),
      ...args,
    ]);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
});
