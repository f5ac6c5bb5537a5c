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
const seen: string[] = [];
let server: FakeServer;
before(async () => {
  server = await startFakeOpenAiServer((req) => {
    const text = userText(req.body);
    seen.push(text);
    if (text.includes('Rewrite the physics problem text')) {
      const context = text.split('Problem:\n')[1]!.split('\n\nText to rewrite')[0]!;
      // The proton problem's paraphrase loses its placeholders: it must be refused.
      return {
        kind: 'answer',
        text: /proton/.test(context) ? 'A proton moves in a field.' : `In other words: ${context}`,
      };
    }
    return { kind: 'answer', text: 'No idea.' };
  });
});
after(() => server.close());

test('--paraphrase: instances are rendered from the checked paraphrases', async () => {
  const command = createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache'), PRISM_BASE_URL: server.url },
    onInterrupt: () => () => {},
  });
  const dataset = join(bundledDatasetPath(), 'electromagnetism.json');
  const r = await runCommand(command, [
    '--model',
    'para',
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
  assert.match(r.stderr, /paraphrase of em-04 refused \(placeholders lost/);
  const asked = seen.filter((t) => !t.includes('Rewrite the physics problem text'));
  assert.equal(asked.length, 8);
  assert.equal(asked.filter((t) => t.includes('In other words:')).length, 6);
  assert.ok(asked.every((t) => !t.includes('{{')));
});
