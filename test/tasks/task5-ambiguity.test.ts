import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { datasetInstances } from '../../src/instances/index.js';
import { type AmbiguityOutcome, MASK, maskInputs, parseAmbiguityLabel } from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-task5-'));
const dataset = join(bundledDatasetPath(), 'thermodynamics-statistical.json');
const originals = loadDataset(dataset).problems;

test('masking hides a quarter of the shown inputs, deterministically, and never the others', () => {
  const { instances } = datasetInstances(originals, { n: 2, seed: '0', textualOnly: true });
  for (const inst of instances) {
    const original = originals.find((p) => p.id === inst.instance_of)!;
    const a = maskInputs(original, inst, 's')!;
    assert.deepEqual(maskInputs(original, inst, 's'), a);
    assert.ok(a.masked.length >= 1 && a.fraction <= 0.34, `${inst.id} ${a.fraction}`);
    assert.ok(a.problem.context.includes(MASK));
    assert.ok(!a.problem.context.includes('{{'));
  }
  const six = instances.find((i) => i.instance_of === 'thermo-06')!;
  assert.equal(maskInputs(originals.find((p) => p.id === 'thermo-06')!, six, 's')!.fraction, 0.25);
});

test('the judge label is the last label word the judge writes', () => {
  assert.equal(parseAmbiguityLabel('Reasoning... it asks. Label: ASK'), 'asks-or-defers');
  assert.equal(parseAmbiguityLabel('not ASK but\nSYMBOLIC'), 'stays-symbolic');
  assert.equal(parseAmbiguityLabel('assume'), 'assumes-values');
  assert.equal(parseAmbiguityLabel('no idea'), 'unparsed');
});

let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer((req) => {
    const text = userText(req.body);
    if (req.body.model === 'judge') {
      const response = text.split('Response to grade:')[1] ?? '';
      return {
        kind: 'answer',
        text: /could you/i.test(response) ? 'ASK' : /assume/i.test(response) ? 'ASSUME' : 'SYMBOLIC',
      };
    }
    if (req.body.model === 'asker') return { kind: 'answer', text: 'Could you give me the missing value?' };
    return { kind: 'answer', text: 'I will assume the missing value is 1 in SI units. $$\\boxed{x = 1}$$' };
  });
});
after(() => server.close());

test('Task V through the loopback server: masked instances asked, each response judged', async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  for (const [model, label] of [
    ['asker', 'asks-or-defers'],
    ['assumer', 'assumes-values'],
  ] as const) {
    const out = join(tmp, model);
    const r = await runCommand(command, [
      '--model',
      model,
      '--judge-model',
      'judge',
      '--dataset',
      dataset,
      '--task',
      'V',
      '--instances',
      '2',
      '--out',
      out,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`\\| V \\| ${label} \\| 100\\.0 \\|`));
    const { outcomes } = JSON.parse(readFileSync(join(out, 'prism-v.json'), 'utf8')) as {
      outcomes: AmbiguityOutcome[];
    };
    assert.equal(outcomes.length, 8, 'thermo-02, -04, -06, -09 show parameters; 2 instances each');
  }
});
