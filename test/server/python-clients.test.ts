import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const python = spawnSync('python3', ['--version']).status === 0 ? 'python3' : undefined;
const TOKEN = 'test-token-123';
let server: ChildProcess | undefined;
let baseUrl = '';
let stderr = '';

before(async () => {
  if (python === undefined) return;
  // A real `prism serve` on a free loopback port (--port 0), run from the TypeScript sources.
  server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/server/serve-entry.ts',
      'serve',
      '--port',
      '0',
      '--workers',
      '2',
      '--item-timeout-ms',
      '20000',
    ],
    { cwd: root, env: { ...process.env, PRISM_SERVER_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  server.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  for (let i = 0; i < 600 && baseUrl === ''; i++) {
    const m = /listening on (http:\/\/\S+)/.exec(stderr);
    if (m) baseUrl = m[1]!;
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.notEqual(baseUrl, '', `server did not start: ${stderr}`);
  for (let i = 0; i < 600; i++) {
    const health = await fetch(`${baseUrl}/health`).catch(() => undefined);
    if (health?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`no worker became ready: ${stderr}`);
});

after(() => {
  if (server !== undefined && server.exitCode === null) server.kill('SIGKILL');
});

function runPython(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Record<string, unknown> {
  const out = execFileSync(python!, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const last = out.trim().split('\n').pop()!;
  return JSON.parse(last) as Record<string, unknown>;
}

test('OpenRLHF: a request exactly as OpenRLHF sends it (token as Basic auth in the URL)', {
  skip: python === undefined && 'python3 not found',
}, () => {
  const url = baseUrl.replace('http://', `http://prism:${TOKEN}@`);
  const r = runPython('examples/openrlhf/send_like_openrlhf.py', ['--url', `${url}/get_reward`, '--n', '6']);
  assert.equal(r.ok, true);
  assert.equal(r.n, 6);
  assert.ok((r.mean_reward as number) > 0);
});

test('verl: compute_score and compute_score_batch through the server', {
  skip: python === undefined && 'python3 not found',
}, () => {
  const r = runPython('examples/verl/prism_reward.py', ['data/answers/optics.jsonl'], {
    PRISM_URL: baseUrl,
    PRISM_SERVER_TOKEN: TOKEN,
  });
  assert.equal(r.ok, true);
  assert.equal((r.scores as number[]).length, 6);
});

test('TRL: a reward function called as GRPOTrainer calls it', {
  skip: python === undefined && 'python3 not found',
}, () => {
  const r = runPython('examples/trl/prism_reward.py', ['data/answers/mechanics.jsonl'], {
    PRISM_URL: baseUrl,
    PRISM_SERVER_TOKEN: TOKEN,
  });
  assert.equal(r.ok, true);
  assert.ok((r.rewards as number[]).some((x) => x > 0));
});

test('a client without the token gets 401', {
  skip: python === undefined && 'python3 not found',
}, async () => {
  const r = await fetch(`${baseUrl}/get_reward`, { method: 'POST', body: '{"query":[],"labels":[]}' });
  assert.equal(r.status, 401);
});

test('SIGTERM drains the in-flight request, then the server exits 0', {
  skip: python === undefined && 'python3 not found',
}, async () => {
  const inflight = fetch(`${baseUrl}/v1/score`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    // A 2 MB answer: over a second of scoring, so SIGTERM arrives while it is in flight.
    body: JSON.stringify([
      { problem_id: 'mech-01', response: '$$x_{k} = y_{k} + 1$$ and prose '.repeat(60_000) },
    ]),
  });
  await new Promise((r) => setTimeout(r, 300));
  const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
  server!.kill('SIGTERM');
  const response = await inflight;
  assert.equal(response.status, 200);
  assert.equal(((await response.json()) as { results: { status: string }[] }).results[0]!.status, 'ok');
  assert.equal(await exited, 0);
  assert.match(stderr, /SIGTERM: draining/);
});

test('serve refuses a non-loopback host without a token', async () => {
  const saved = process.env.PRISM_SERVER_TOKEN;
  delete process.env.PRISM_SERVER_TOKEN;
  try {
    const r = await runCommand(serveCommand, ['--host', '0.0.0.0']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /refusing to bind 0\.0\.0\.0 without a token/);
  } finally {
    if (saved !== undefined) process.env.PRISM_SERVER_TOKEN = saved;
  }
});
