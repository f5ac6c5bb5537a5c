// prism run / judge / report / compare end to end against the per-role fake server (loopback only).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compareCommand } from '../../src/cli/commands/compare.js';
import { createJudgeCommand } from '../../src/cli/commands/judge.js';
import { reportCommand } from '../../src/cli/commands/report.js';
import { createRunCommand } from '../../src/cli/commands/run.js';
import { runCommand } from '../helpers/cli.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig, verifierReply } from '../helpers/fake-roles.js';
import { validateJsonSchema } from '../helpers/json-schema.js';

const summarySchema = JSON.parse(
  readFileSync(new URL('../../schema/prism.summary.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const root = fileURLToPath(new URL('../..', import.meta.url));
const physicsEval = join(root, 'fixtures/physicseval/sample.json');
const tmp = mkdtempSync(join(tmpdir(), 'prism-cli-pipe-'));
const env = { PRISM_CACHE_DIR: join(tmp, 'cache') };
const transport = { backoff: { baseMs: 1, maxMs: 2 } };
const run = createRunCommand({ env, onInterrupt: () => () => {}, transport });
const judge = createJudgeCommand({ env, transport });

test('a rejected key stops the run at the first failure with the server message on stderr', async () => {
  const server = await startFakeLlmServer(() => ({
    kind: 'status',
    status: 401,
    message: 'Incorrect API key provided: sk-bad',
  }));
  try {
    const out = join(tmp, 'denied');
    const r = await runCommand(run, [
      '--model',
      'm',
      '--base-url',
      server.url,
      '--dataset',
      physicsEval,
      '--out',
      out,
      '--concurrency',
      '2',
      '--quiet',
    ]);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /prism run: stopped at the first failure.*HTTP 401 .*Incorrect API key provided: sk-bad/,
    );
    assert.ok(server.log.length <= 2, `${server.log.length} requests after a 401`);
    assert.equal(readFileSync(join(out, 'responses.jsonl'), 'utf8'), '');
  } finally {
    await server.close();
  }
});

test('an unknown model (404) and a refused connection also stop at once, each with its own message', async () => {
  const server = await startFakeLlmServer(() => ({
    kind: 'status',
    status: 404,
    message: 'The model `gpt-9` does not exist',
  }));
  try {
    const r = await runCommand(run, [
      '--model',
      'gpt-9',
      '--base-url',
      server.url,
      '--dataset',
      physicsEval,
      '--out',
      join(tmp, 'nf'),
      '--quiet',
      '--technique',
      'self-refine',
    ]);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /stopped at the first failure \(solver cli \(gpt-9\)\): HTTP 404 .*The model `gpt-9` does not exist/,
    );
  } finally {
    await server.close();
  }
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const r = await runCommand(run, [
    '--model',
    'm',
    '--base-url',
    `http://127.0.0.1:${port}/v1`,
    '--dataset',
    physicsEval,
    '--out',
    join(tmp, 'refused'),
    '--quiet',
  ]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /stopped at the first failure.*ECONNREFUSED/);
});

test('an invalid config file: exit 2 and messages naming the key path', async () => {
  const cfg = join(tmp, 'bad.config.json');
  writeFileSync(
    cfg,
    JSON.stringify({
      providers: { a: { type: 'openai', model: 'm', temperature: 'warm' } },
      roles: { solver: 'a', judge: 'zz' },
    }),
  );
  const r = await runCommand(run, ['--config', cfg, '--dataset', physicsEval, '--out', join(tmp, 'x')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /providers\.a\.temperature: expected a number, got a string/);
  assert.match(r.stderr, /roles\.judge: no provider named "zz"/);
  const clash = await runCommand(run, ['--config', cfg, '--temperature', '0.5']);
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /--temperature describe one model; with a config file set them per provider/);
  const missing = await runCommand(run, ['--model', 'm', '--technique', 'multi-agent-revue']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /unknown --technique 'multi-agent-revue'/);
});

/** Solver: a decent first answer, a better revision; verifiers: a mistake; meta keeps it; judge: higher PPS for revisions. */
function script(req: LlmRequest): LlmBehaviour {
  const text = req.turns.map((t) => t.text).join('\n');
  switch (req.model) {
    case 'solver-model':
      return {
        kind: 'answer',
        text:
          req.turns.length === 1
            ? 'Step 1: $$F = m a$$\n\nStep 2: $$a = 2.0$$'
            : 'Step 1: $$F = m a$$\n\nStep 2: revised $$a = 3.0$$',
      };
    case 'meta-model':
      return { kind: 'answer', text: '{"mistakes": ["arithmetic in step 2"]}' };
    case 'judge-model': {
      const s = text.includes('revised') ? 5 : 3;
      return {
        kind: 'answer',
        text: JSON.stringify({
          mathematical_accuracy: s,
          logical_consistency: s,
          completeness: 4,
          clarity_and_coherence: 4,
          formulas_principles: s,
          assumptions_made: 4,
          overall_correctness: 7,
        }),
      };
    }
    default:
      return verifierReply(3, ['arithmetic in step 2']);
  }
}

test('config → run two techniques on a PhysicsEval file → judge → report → compare (Table 2, Table 4, cost)', async () => {
  const server = await startFakeLlmServer(script);
  try {
    const cfg = join(tmp, 'prism.config.json');
    writeFileSync(cfg, JSON.stringify(fakeRolesConfig(server.url)));
    const dirs: string[] = [];
    for (const technique of ['zero-shot', 'multi-agent-review']) {
      const out = join(tmp, technique);
      dirs.push(out);
      const r = await runCommand(run, [
        '--config',
        cfg,
        '--technique',
        technique,
        '--dataset',
        physicsEval,
        '--out',
        out,
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`## solver-model · ${technique}`));
      assert.match(r.stdout, /\| Role \| Calls \|/);
      const j = await runCommand(judge, [out, '--config', cfg, '--rubric', 'pps']);
      assert.equal(j.code, 0, j.stderr);
      assert.match(j.stdout, /6 answers judged, 0 judge failure\(s\)/);
      assert.match(j.stdout, /\| easy \| 2 \|/);
      const judged = JSON.parse(readFileSync(join(out, 'judgements-pps.summary.json'), 'utf8'));
      assert.deepEqual(validateJsonSchema(summarySchema, judged), []);
      assert.equal(judged.kind, 'judge');
      assert.equal(judged.metrics.overall.pps.n, 6);
      assert.equal(judged.metrics.overall.pps.mean, judged.overall.pps.mean);
      assert.deepEqual(judged.metrics.overall.pps.scale, [0, 100]);
      assert.match(j.stdout, /mean ± standard error \[95% interval\]/);
    }
    const summary = JSON.parse(readFileSync(join(dirs[1]!, 'summary.json'), 'utf8'));
    // Multi-agent on 6 problems: 6 solve + 18 verify + 6 meta + 6 revise = 36 calls.
    assert.equal(summary.cost.total.calls, 36);
    assert.equal(summary.cost.by_role.verifier.calls, 18);
    // No DAG on 5 of the 6 problems: step score only where a DAG exists (the 'easy' tier holds it).
    assert.equal(summary.by_difficulty.medium.step_score, null);
    assert.equal(typeof summary.by_difficulty.easy.step_score, 'number');
    const report = await runCommand(reportCommand, [dirs[1]!]);
    assert.match(report.stdout, /judge rubric pps/);
    const cmp = await runCommand(compareCommand, dirs);
    assert.equal(cmp.code, 0, cmp.stderr);
    assert.match(cmp.stdout, /PhysicsEval Table 2 layout/);
    assert.match(cmp.stdout, /\| solver-model \| 56\.3 \| 93\.8 \| 56\.3 \| 93\.8 \| 56\.3 \| 93\.8 \|/);
    assert.match(cmp.stdout, /\| pps \| 6 \| 56\.250 \| 93\.750 \| Infinity \| 0 \| yes \|/);
    assert.match(cmp.stdout, /\| multi-agent-review \| 36 \| 6\.00 \|/);
    // The solve step is shared between the two techniques (same call, same key): served by the cache.
    assert.equal(summary.cost.total.cached, 6);
    // --no-cache: the same technique in a fresh directory asks everything again.
    const before = server.log.length;
    const fresh = join(tmp, 'no-cache');
    const r = await runCommand(run, [
      '--config',
      cfg,
      '--technique',
      'multi-agent-review',
      '--dataset',
      physicsEval,
      '--out',
      fresh,
      '--no-cache',
      '--quiet',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(server.log.length - before, 36);
    assert.equal(JSON.parse(readFileSync(join(fresh, 'summary.json'), 'utf8')).cost.total.cached, 0);
  } finally {
    await server.close();
  }
});
