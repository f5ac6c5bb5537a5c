// Every run goes through the one call pipeline: a zero-shot run started from flags writes its
// transcript like any technique; a directory an older prism started on the single-call layer is
// resumed on that layer, so its finished samples are not asked again.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { createChatClient } from '../../src/llm/chat-client.js';
import { readJsonLines } from '../../src/pipeline/jsonl-file.js';
import { runModel } from '../../src/runs/run-model.js';
import { runCommand } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { syntheticAnswer, syntheticProblems, tinyScorer } from './synthetic.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-zero-shot-'));
const datasetPath = join(tmp, 'dataset.json');
const problems = syntheticProblems(4);
let server: FakeServer;
before(async () => {
  writeFileSync(datasetPath, JSON.stringify(problems));
  server = await startFakeOpenAiServer((req) => ({ kind: 'answer', text: syntheticAnswer(req.problemId) }));
});
after(() => server.close());

const run = (cache: string) =>
  createRunCommand({
    env: { PRISM_CACHE_DIR: join(tmp, cache), PRISM_BASE_URL: server.url },
    makeScorer: () => tinyScorer,
    onInterrupt: () => () => {},
  });

test('a zero-shot run from flags writes transcripts.jsonl: one solve call per sample, with its prompt and reply', async () => {
  const out = join(tmp, 'flags');
  const argv = ['--model', 'good', '--dataset', datasetPath, '--samples', '2', '--out', out, '--quiet'];
  const r = await runCommand(run('c1'), argv);
  assert.equal(r.code, 0, r.stderr);
  const calls = readJsonLines(join(out, 'transcripts.jsonl')).rows as {
    sample: string;
    step: string;
    role: string;
    response: string;
    messages: unknown[];
  }[];
  assert.equal(calls.length, problems.length * 2);
  assert.deepEqual(new Set(calls.map((c) => c.step)), new Set(['solve']));
  assert.deepEqual(new Set(calls.map((c) => c.role)), new Set(['solver']));
  const p0 = problems[0]!.id;
  assert.equal(calls.find((c) => c.sample === `${p0}#1`)?.response, syntheticAnswer(p0));
  const config = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
  assert.equal(config.technique, 'zero-shot');
  // The same command again resumes: nothing asked, nothing appended.
  const before = server.total();
  const again = await runCommand(run('c2'), argv);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(server.total(), before);
  assert.equal(readJsonLines(join(out, 'transcripts.jsonl')).rows.length, calls.length);
});

test('near miss: a directory started on the single-call layer resumes there, asking nothing it has', async () => {
  const out = join(tmp, 'legacy');
  // An older prism's run: one call per sample, no technique in run.json, no transcript.
  const real = createChatClient({ baseUrl: server.url });
  const first = await runModel({
    dir: out,
    problems: problems.slice(0, 2),
    dataset: datasetPath,
    client: real,
    params: { model: 'good', temperature: 0 },
    loadImage: () => undefined,
    scorer: tinyScorer,
  });
  assert.ok(first.ok && first.requested === 2, JSON.stringify(first));
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).technique, undefined);
  const before = server.total();
  const r = await runCommand(run('c3'), [
    '--model',
    'good',
    '--dataset',
    datasetPath,
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(r.code, 0, r.stderr);
  // Only the two problems it did not have were asked; its run.json still names no technique.
  assert.equal(server.total() - before, 2);
  assert.equal(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).technique, undefined);
});
