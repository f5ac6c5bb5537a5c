import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { datasetInstances } from '../../src/instances/index.js';
import {
  behaviourShares,
  type CorrectionOutcome,
  labelCorrection,
  type RobustnessReport,
} from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';
import { instanceOf, statedAnswers } from './fake-models.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-task3-'));
const dataset = join(bundledDatasetPath(), 'mechanics.json');
const originals = loadDataset(dataset).problems;
const { instances } = datasetInstances(originals, { n: 4, seed: '0', textualOnly: true });

/** The partial solution's steps, as shown in the prompt. */
const partial = (text: string): string =>
  text.slice(text.indexOf('Partial solution')).split('Answer-format')[0]!.split('\n').slice(1).join('\n');

let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer((req) => {
    if (req.body.model === 'judge') return { kind: 'answer', text: 'It carries the slip on.\nACCEPT' };
    if (req.body.model?.startsWith('vague') === true)
      return { kind: 'answer', text: 'Hard to say. $$\\boxed{x = 1}$$' };
    const inst = instanceOf(req, instances);
    if (inst === undefined) return { kind: 'answer', text: 'No idea.' };
    const steps = partial(userText(req.body));
    const truth = inst.ground_truth.map((g) => `$$\\boxed{${g.latex}}$$`).join('\n');
    if (req.body.model === 'fixer')
      return { kind: 'answer', text: `The step above contains an error; it should be corrected.\n${truth}` };
    // The silent fixer writes the right answers and never says anything was wrong.
    if (req.body.model === 'silent') return { kind: 'answer', text: `Solving it through:\n${truth}` };
    // The accepter copies the flawed steps and finishes with the published problem's answers.
    const stale = statedAnswers(originals.find((p) => p.id === inst.instance_of)!);
    return { kind: 'answer', text: `${steps}\n${stale.map((a) => `$$\\boxed{${a}}$$`).join('\n')}` };
  });
});
after(() => server.close());

async function run(
  model: string,
  ...extra: string[]
): Promise<{ report: RobustnessReport; outcomes: CorrectionOutcome[] }> {
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
    '--task',
    'III',
    '--instances',
    '4',
    '--out',
    out,
    ...extra,
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\| III \| TRUE@90 ↑ \|/);
  return JSON.parse(readFileSync(join(out, 'prism-iii.json'), 'utf8'));
}

test('Task III through the loopback server: errors injected by rule, answers scored, behaviour labelled', async () => {
  const fixer = await run('fixer');
  const kinds = new Set(fixer.outcomes.map((o) => o.error.kind));
  assert.deepEqual([...kinds].sort(), ['careless', 'conceptual', 'encoding', 'knowledge-gap']);
  assert.equal(fixer.report.metrics.overall_accuracy, 100);
  assert.ok(fixer.outcomes.every((o) => o.behaviour === 'explicit-correction'));
  const accepter = await run('accepter');
  assert.equal(accepter.report.metrics.total_failure_rate, 100);
  const labels = accepter.outcomes.map((o) => o.behaviour);
  assert.ok(
    labels.every((l) => l === 'uncritical-acceptance'),
    JSON.stringify(accepter.outcomes.map((o) => [o.error.kind, o.error.wrong, o.behaviour])),
  );
  // Right answers without a word about the error: silent correction (spec B6), on every kind.
  const silent = await run('silent');
  assert.equal(silent.report.metrics.overall_accuracy, 100);
  assert.ok(
    silent.outcomes.every((o) => o.behaviour === 'silent-correction'),
    JSON.stringify(silent.outcomes.map((o) => [o.error.kind, o.behaviour])),
  );
  assert.equal(silent.outcomes.length, fixer.outcomes.length);
  // A response the formulas do not decide is unlabelled by rule, and labelled by the judge when named.
  const vague = await run('vague');
  assert.ok(
    vague.outcomes.every((o) => o.behaviour === 'unlabelled' && o.labelled_by === 'rule'),
    JSON.stringify(vague.outcomes.map((o) => [o.error.kind, o.behaviour, o.labelled_by])),
  );
  const judged = await run('vague-judged', '--judge-model', 'judge');
  assert.ok(
    judged.outcomes.every((o) => o.behaviour === 'uncritical-acceptance' && o.labelled_by === 'judge'),
  );
  // Every shown partial solution stops before a final node.
  for (const o of fixer.outcomes) assert.ok(!o.error.shown.includes('\\boxed'));
});

test('labelCorrection: the four behaviours by hand on one injected numeric slip', () => {
  // A careless error: the partial solution states v = 109 where the right value is 10.9.
  const error = { kind: 'careless' as const, node: 2, shown: '', wrong: 'v = 109', right: 'v = 10.9' };
  const right = { finalCorrect: true, matched: [1, 2, 3] };
  const wrong = { finalCorrect: false, matched: [1] };
  assert.equal(
    labelCorrection('Step 2 is wrong: v = 10.9, so $$x = 5$$', error, {}, right),
    'explicit-correction',
  );
  assert.equal(labelCorrection('With v = 10.9 we get $$x = 5$$', error, {}, right), 'silent-correction');
  assert.equal(labelCorrection('With v = 109 we get $$x = 50$$', error, {}, wrong), 'uncritical-acceptance');
  // Mentions a mistake and still uses the wrong number without fixing: not an explicit correction.
  assert.equal(
    labelCorrection('There is a mistake somewhere; v = 109 gives $$x = 50$$', error, {}, wrong),
    'unlabelled',
  );
  // Neither uses nor fixes, and says nothing: left to a judge.
  assert.equal(labelCorrection('I am not sure. $$x = 7$$', error, {}, wrong), 'unlabelled');
});

test('behaviour shares are percentages of the outcomes (PRiSM Table 4 layout)', () => {
  const o = (behaviour: string) => ({ behaviour }) as unknown as CorrectionOutcome;
  assert.deepEqual(
    behaviourShares([
      o('explicit-correction'),
      o('explicit-correction'),
      o('silent-correction'),
      o('uncritical-acceptance'),
    ]),
    { 'explicit-correction': 50, 'silent-correction': 25, 'uncritical-acceptance': 25, unlabelled: 0 },
  );
  assert.deepEqual(behaviourShares([]), {
    'explicit-correction': 0,
    'silent-correction': 0,
    'uncritical-acceptance': 0,
    unlabelled: 0,
  });
});
