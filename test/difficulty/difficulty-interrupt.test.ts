// An interrupted difficulty pass (the user's Ctrl-C) keeps every finished call; the next pass asks
// only for the rest, and the one after asks nothing. Uses the Anthropic-speaking judge role.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { runDifficulty } from '../../src/difficulty/run-difficulty.js';
import { resolveRoles } from '../../src/pipeline/index.js';
import { startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig } from '../helpers/fake-roles.js';

const reply = (c1: number, c2: number) =>
  JSON.stringify({
    scores: { C1: c1, C2: c2 },
    rationales: { C1: 'a', C2: 'b' },
    reasoning: 'c',
    confidence: 0.5,
  });

test('abort mid-pass: finished calls are kept, the next pass requests only the unfinished ones', async () => {
  const problems = loadBundledDataset()
    .problems.filter((p) => p.domain === 'optics')
    .slice(0, 6);
  const server = await startFakeLlmServer((req) => ({
    kind: 'answer',
    text: reply(2, 1),
    delayMs: req.nth <= 2 ? 0 : 200,
  }));
  const out = mkdtempSync(join(tmpdir(), 'prism-difficulty-int-'));
  try {
    const { roles } = resolveRoles(fakeRolesConfig(server.url), { env: {} });
    const controller = new AbortController();
    const judge = { kind: 'judge' as const, binding: roles.judge!, concurrency: 1 };
    const pending = runDifficulty({ problems, outDir: out, c12: { ...judge, signal: controller.signal } });
    // the first two replies are immediate; abort while the third is in flight
    while (server.log.length < 3) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const first = await pending;
    assert.equal(first.interrupted, true);
    assert.equal(first.rows.length, 0);
    assert.equal(first.requested, 3);
    assert.throws(() => readFileSync(join(out, 'difficulty.jsonl')), 'no partial result file');
    assert.equal(server.log[0]!.protocol, 'anthropic');

    const second = await runDifficulty({ problems, outDir: out, c12: judge });
    assert.equal(second.interrupted, false);
    assert.equal(second.resumed, 2);
    assert.equal(second.requested, 4, 'the aborted call and the three never started');
    assert.equal(second.rows.length, 6);
    assert.ok(second.rows.every((r) => r.c1 === 2 && r.c2 === 1 && r.tier !== null));

    const third = await runDifficulty({ problems, outDir: out, c12: judge });
    assert.equal(third.requested, 0);
    assert.equal(third.resumed, 6);
    assert.equal(server.log.length, 7);
  } finally {
    await server.close();
  }
});
