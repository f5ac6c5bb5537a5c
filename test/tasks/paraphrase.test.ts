import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { bundledDatasetPath } from '../../src/cli/paths.js';
import { checkParaphrase } from '../../src/tasks/index.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer, userText } from '../helpers/fake-openai-server.js';

test('a paraphrase must keep every placeholder and invent none', () => {
  const t = 'A mass $m = {{m}}$ falls $h = {{h}}$.';
  assert.equal(checkParaphrase(t, 'From $h = {{h}}$ drops a body of mass $m = {{m}}$.'), undefined);
  assert.match(checkParaphrase(t, 'A body of mass {{m}} falls.') ?? '', /lost: h/);
  assert.match(checkParaphrase(t, '{{m}} {{h}} {{g}}') ?? '', /invented: g/);
  assert.match(checkParaphrase(t, '  ') ?? '', /empty/);
});

const tmp = mkdtempSync(join(tmpdir(), 'prism-paraphrase-'));
const seen: { model: string; text: string }[] = [];
let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer((req) => {
    const text = userText(req.body);
    seen.push({ model: String(req.body.model), text });
    if (text.includes('Rewrite the physics problem text')) {
      const context = text.split('Problem:\n')[1]!.split('\n\nText to rewrite')[0]!;
      const k = /This is rewrite (\d+) of (\d+)/.exec(text);
      // The proton problem's paraphrase loses its placeholders: it must be refused.
      return {
        kind: 'answer',
        text: /proton/.test(context)
          ? 'A proton moves in a field.'
          : `Rewrite ${k?.[1]}/${k?.[2]}: ${context}`,
      };
    }
    return { kind: 'answer', text: 'No idea.' };
  });
});
after(() => server.close());

test('--paraphrase: every variation is paraphrased on its own, by the paraphrasing model, then checked', async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const dataset = join(bundledDatasetPath(), 'electromagnetism.json');
  const r = await runCommand(command, [
    '--model',
    'para',
    '--paraphrase-model',
    'writer',
    '--dataset',
    dataset,
    '--instances',
    '2',
    '--paraphrase',
    '--out',
    join(tmp, 'run'),
    '--quiet',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const rewrites = seen.filter((t) => t.text.includes('Rewrite the physics problem text'));
  const asked = seen.filter((t) => !t.text.includes('Rewrite the physics problem text'));
  // 4 problems show parameters in their text (em-02, em-04, em-07, em-08) × 2 variations.
  assert.equal(rewrites.length, 8);
  assert.ok(rewrites.every((t) => t.model === 'writer'));
  assert.ok(asked.every((t) => t.model === 'para'));
  assert.deepEqual(rewrites.map((t) => /This is rewrite (\d) of 2/.exec(t.text)?.[1]).sort(), [
    '1',
    '1',
    '1',
    '1',
    '2',
    '2',
    '2',
    '2',
  ]);
  // Each of em-04's two paraphrases is refused on its own; the others are rendered with their instance's values.
  assert.match(r.stderr, /paraphrase of em-04#1 refused \(placeholders lost/);
  assert.match(r.stderr, /paraphrase of em-04#2 refused \(placeholders lost/);
  assert.equal(asked.length, 8);
  assert.equal(asked.filter((t) => /Rewrite 1\/2: /.test(t.text)).length, 3);
  assert.equal(asked.filter((t) => /Rewrite 2\/2: /.test(t.text)).length, 3);
  assert.ok(asked.every((t) => !t.text.includes('{{')));
  // The two variations of a problem show different values.
  const em02 = asked
    .filter((t) => /Rewrite \d\/2: /.test(t.text))
    .map((t) => t.text.split(': ').slice(1).join(': '));
  assert.equal(new Set(em02).size, em02.length);
});
