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
  type AmbiguityOutcome,
  MASK,
  maskCount,
  maskInputs,
  parseAmbiguityLabel,
  shownInputs,
} from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-task5-'));
const dataset = join(bundledDatasetPath(), 'thermodynamics-statistical.json');
const originals = loadDataset(dataset).problems;

test('mask counts: hand-computed, and in the 20–30 % band exactly when an integer count can be', () => {
  // n shown → count (nearest 25 %, within [0.2n, 0.3n]); none for 1, 2, 3 and 6.
  const expected: Record<number, number | undefined> = {
    1: undefined,
    2: undefined,
    3: undefined,
    4: 1,
    5: 1,
    6: undefined,
    7: 2,
    8: 2,
    9: 2,
    10: 3,
    11: 3,
    12: 3,
    13: 3,
    14: 4,
    20: 5,
  };
  for (const [n, c] of Object.entries(expected)) assert.equal(maskCount(Number(n)), c, `n = ${n}`);
  // Brute force in integers (10c between 2n and 3n), independent of the code's floating bounds.
  for (let n = 1; n <= 300; n++) {
    const possible = Array.from({ length: n }, (_, i) => i + 1).filter(
      (c) => 2 * n <= 10 * c && 10 * c <= 3 * n,
    );
    const c = maskCount(n);
    if (possible.length === 0) assert.equal(c, undefined, `n = ${n}`);
    else assert.ok(c !== undefined && possible.includes(c), `n = ${n}: ${c} not in ${possible}`);
  }
});

test('masking hides 20–30 % of the shown inputs, deterministically, and never the others', () => {
  const { instances } = datasetInstances(originals, { n: 2, seed: '0', textualOnly: true });
  let posed = 0;
  for (const inst of instances) {
    const original = originals.find((p) => p.id === inst.instance_of)!;
    const a = maskInputs(original, inst, 's');
    const shown = shownInputs(original).length;
    if (a === undefined) {
      assert.equal(maskCount(shown), undefined, inst.id);
      continue;
    }
    posed++;
    assert.deepEqual(maskInputs(original, inst, 's'), a);
    assert.ok(a.fraction >= 0.2 && a.fraction <= 0.3, `${inst.id} ${a.fraction}`);
    assert.equal(a.fraction, a.masked.length / shown);
    assert.ok(a.problem.context.includes(MASK));
    assert.ok(!a.problem.context.includes('{{'));
    // The inputs not masked keep their values.
    const kept = shownInputs(original).filter((name) => !a.masked.includes(name));
    for (const name of kept) assert.ok(!a.masked.includes(name));
  }
  assert.ok(posed > 0);
  // thermo-06 shows 8 inputs: 2 masked (25 %).
  const six = instances.find((i) => i.instance_of === 'thermo-06')!;
  assert.equal(maskInputs(originals.find((p) => p.id === 'thermo-06')!, six, 's')!.fraction, 0.25);
});

test('over the bundled benchmark: problems with 1, 2, 3 or 6 shown inputs are the ones no count can mask', () => {
  const all = loadDataset(bundledDatasetPath()).problems;
  const unmaskable = all
    .filter((p) => shownInputs(p).length > 0 && maskCount(shownInputs(p).length) === undefined)
    .map((p) => shownInputs(p).length);
  assert.ok(unmaskable.length > 0);
  for (const n of unmaskable) assert.ok([1, 2, 3, 6].includes(n), String(n));
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

test('Task V lists the problems where no masked count falls in the band, and does not pose them', async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const out = join(tmp, 'ssm');
  const ssm = join(bundledDatasetPath(), 'solid-state-misc.json');
  const r = await runCommand(command, [
    '--model',
    'asker',
    '--judge-model',
    'judge',
    '--dataset',
    ssm,
    '--task',
    'V',
    '--instances',
    '2',
    '--out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  // ssm-01 shows 1 input and ssm-05 2 (no count in 20–30 %); ssm-03 (5) and ssm-08 (4) get one masked.
  assert.match(
    r.stdout,
    /Not posed — no masked count puts them in the 20–30 % band: ssm-01 \(1 input shown\), ssm-05 \(2 inputs shown\)/,
  );
  const json = JSON.parse(readFileSync(join(out, 'prism-v.json'), 'utf8')) as {
    outcomes: AmbiguityOutcome[];
    unmaskable: { problem_id: string; shown: number }[];
  };
  assert.deepEqual(json.unmaskable, [
    { problem_id: 'ssm-01', shown: 1 },
    { problem_id: 'ssm-05', shown: 2 },
  ]);
  assert.deepEqual([...new Set(json.outcomes.map((o) => o.problem_id.split('#')[0]))].sort(), [
    'ssm-03',
    'ssm-08',
  ]);
  for (const o of json.outcomes) assert.equal(o.masked.length, 1);
});
