/**
 * The example clients of OpenRLHF, verl and TRL, driven in each framework's call shape
 * (test/server/fixtures/framework_calls.py) against a real `prism serve`: the rewards they return
 * are the scorer's own, unscorable items are never a silent 0, and a server restart in the middle
 * of a run is waited through.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { runCommand } from '../helpers/cli.js';
import { bundledAnswers, bundledProblems } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const python = spawnSync('python3', ['--version']).status === 0 ? 'python3' : undefined;
const skip = python === undefined && 'python3 not found';
const TOKEN = 'test-token-123';
const FIXTURE = 'test/server/fixtures/framework_calls.py';

interface Served {
  readonly child: ChildProcess;
  url: string;
  stderr: string;
}

/** A real `prism serve` from the TypeScript sources; `port` 0 picks a free one. Resolves when ready. */
async function startServer(port: number): Promise<Served> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/server/serve-entry.ts',
      'serve',
      ...['--port', String(port), '--workers', '2', '--item-timeout-ms', '20000'],
      ...['--warmup-items', '4', '--drain-quiet-ms', '3000', '--drain-grace-ms', '10000'],
    ],
    { cwd: root, env: { ...process.env, PRISM_SERVER_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const served: Served = { child, url: '', stderr: '' };
  child.stderr!.on('data', (chunk: Buffer) => {
    served.stderr += chunk.toString('utf8');
  });
  for (let i = 0; i < 900 && served.url === ''; i++) {
    const m = /listening on (http:\/\/\S+)/.exec(served.stderr);
    if (m) served.url = m[1]!;
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.notEqual(served.url, '', `server did not start: ${served.stderr}`);
  for (let i = 0; i < 900; i++) {
    const health = await fetch(`${served.url}/health`).catch(() => undefined);
    if (health?.status === 200) return served;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`no worker became ready: ${served.stderr}`);
}

function stop(served: Served): Promise<number | null> {
  if (served.child.exitCode !== null) return Promise.resolve(served.child.exitCode);
  const exited = new Promise<number | null>((resolve) => served.child.once('exit', (code) => resolve(code)));
  served.child.kill('SIGTERM');
  return exited;
}

let server: Served | undefined;
before(async () => {
  if (python !== undefined) server = await startServer(0);
});
after(() => {
  if (server !== undefined && server.child.exitCode === null) server.child.kill('SIGKILL');
});

const problems = bundledProblems();
const scorer = createScorer(problems);
/** The reward the server's default mix gives a text: 0.5 × step score + 0.5 × final answer correct. */
function expectedReward(problemId: string, text: string): number {
  const r = scorer.scoreResponse(problemId, text);
  return 0.5 * r.step_score + 0.5 * (r.final_answer_correct === true ? 1 : 0);
}

interface Row {
  problem_id: string;
  response: string;
  reasoning?: string;
  extra?: string;
}

/** Six bundled answers; for TRL, each split into reasoning (first half of its lines) and content. */
function rows(domain: string, split = false): Row[] {
  return bundledAnswers(domain)
    .slice(0, 6)
    .map((a) => {
      if (!split) return { problem_id: a.problem_id, response: a.response };
      const lines = a.response.split('\n');
      const half = Math.floor(lines.length / 2);
      return {
        problem_id: a.problem_id,
        reasoning: lines.slice(0, half).join('\n'),
        response: lines.slice(half).join('\n'),
      };
    });
}

/** The text a TRL completion is scored on: reasoning and content of each message, blank-line joined. */
function trlText(row: Row): string {
  return [row.reasoning, row.response, row.extra]
    .filter((t) => t !== undefined && t.trim() !== '')
    .join('\n\n');
}

function runFixture(mode: string, input: Row[], args: string[] = []): (number | null)[][] {
  const out = execFileSync(python!, [FIXTURE, mode, ...args], {
    cwd: root,
    env: { ...process.env, PRISM_URL: server!.url, PRISM_SERVER_TOKEN: TOKEN, PRISM_RETRY_SECONDS: '60' },
    input: JSON.stringify(input),
    encoding: 'utf8',
    timeout: 180_000,
  });
  return JSON.parse(out) as (number | null)[][];
}

function assertRewards(got: readonly (number | null)[], want: readonly number[], what: string): void {
  assert.equal(got.length, want.length, what);
  got.forEach((x, i) => {
    assert.ok(x !== null && Math.abs(x - want[i]!) < 1e-12, `${what} [${i}]: ${x} != ${want[i]}`);
  });
}

test('OpenRLHF HTTP: a request exactly as its client sends it (token as Basic auth in the URL)', {
  skip,
}, () => {
  const url = server!.url.replace('http://', `http://prism:${TOKEN}@`);
  const out = execFileSync(
    python!,
    ['examples/openrlhf/send_like_openrlhf.py', '--url', `${url}/get_reward`, '--n', '6'],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as { labels: string[]; rewards: number[] };
  const answers = bundledAnswers('mechanics').slice(0, 6);
  assertRewards(
    r.rewards,
    answers.map((a) => expectedReward(a.problem_id, `${a.response}<|im_end|>`)),
    'openrlhf http',
  );
  assert.ok(r.rewards.some((x) => x > 0));
});

test('OpenRLHF reward_func, verl compute_score (reward loop), TRL reward_func: the scorer’s rewards', {
  skip,
}, () => {
  const optics = rows('optics');
  const want = optics.map((r) => expectedReward(r.problem_id, r.response));
  assert.ok(want.some((x) => x > 0));
  assertRewards(runFixture('verl', optics)[0]!, want, 'verl');
  assertRewards(
    runFixture('openrlhf', optics)[0]!,
    optics.map((r) => expectedReward(r.problem_id, `${r.response}<|im_end|>`)),
    'openrlhf reward_func',
  );
  // TRL with a thinking model: half of each derivation is in reasoning_content, and one completion
  // has a second message; the reward is the whole derivation's, not the content's alone.
  const split = rows('mechanics', true);
  split[0] = { ...split[0]!, extra: '$$F = m a$$' };
  const trl = runFixture('trl', split)[0]!;
  assertRewards(
    trl,
    split.map((r) => expectedReward(r.problem_id, trlText(r))),
    'trl',
  );
  const contentOnly = split.map((r) => expectedReward(r.problem_id, r.response));
  assert.ok(
    trl.reduce<number>((s, x) => s + (x ?? 0), 0) > contentOnly.reduce((s, x) => s + x, 0),
    'reading content alone would lose reward',
  );
});

test('unscorable: TRL gets None (NaN), verl and OpenRLHF stop with the label at fault', { skip }, () => {
  const good = rows('optics').slice(0, 2);
  const bad = [...good, { problem_id: 'no-such-problem', response: '$$F = ma$$' }];
  const trl = runFixture('trl', bad)[0]!;
  assert.equal(trl[2], null);
  assertRewards(
    trl.slice(0, 2),
    good.map((r) => expectedReward(r.problem_id, r.response)),
    'trl good rows',
  );
  for (const mode of ['verl', 'openrlhf']) {
    assert.throws(
      () => runFixture(mode, bad),
      (error: Error & { stderr?: string }) =>
        /no-such-problem/.test(error.stderr ?? '') && /ground_truth|label/.test(error.stderr ?? ''),
      mode,
    );
  }
  // OpenRLHF without --data.label_key sends empty labels: refused before any request.
  assert.throws(
    () => runFixture('openrlhf', [{ problem_id: '', response: 'x' }]),
    (error: Error & { stderr?: string }) => /--data\.label_key/.test(error.stderr ?? ''),
  );
});

test('a server restart in the middle of a run: every client waits it out and gets the same rewards', {
  skip,
}, async () => {
  const input = rows('optics').slice(0, 3);
  const want = input.map((r) => expectedReward(r.problem_id, r.response));
  const port = Number(new URL(server!.url).port);
  const runs = ['trl', 'verl', 'openrlhf'].map((mode) => {
    let progress = '';
    const child = execFile(
      python!,
      [FIXTURE, mode, '--repeat', '4', '--pause', '1'],
      {
        cwd: root,
        env: {
          ...process.env,
          PRISM_URL: server!.url,
          PRISM_SERVER_TOKEN: TOKEN,
          PRISM_RETRY_SECONDS: '120',
        },
        encoding: 'utf8',
        timeout: 240_000,
      },
      () => {},
    );
    child.stdin!.end(JSON.stringify(input));
    child.stderr!.on('data', (chunk: string) => {
      progress += chunk;
    });
    const done = new Promise<{ code: number | null; out: string }>((resolve) => {
      let out = '';
      child.stdout!.on('data', (chunk: string) => {
        out += chunk;
      });
      child.once('close', (code) => resolve({ code, out }));
    });
    return { mode, done, progress: () => progress };
  });
  // Once every client has finished its first run, the server goes away and a new one takes its port.
  for (let i = 0; i < 1200 && !runs.every((r) => r.progress().includes('run 1 done')); i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.equal(await stop(server!), 0);
  server = await startServer(port);
  for (const run of runs) {
    const { code, out } = await run.done;
    assert.equal(code, 0, `${run.mode}: ${run.progress()}`);
    const results = JSON.parse(out) as (number | null)[][];
    assert.equal(results.length, 4);
    const transformed =
      run.mode === 'openrlhf'
        ? input.map((r) => expectedReward(r.problem_id, `${r.response}<|im_end|>`))
        : want;
    for (const [k, rewards] of results.entries())
      assertRewards(rewards, transformed, `${run.mode} run ${k + 1}`);
  }
});

test('a client without the token gets 401', { skip }, async () => {
  const r = await fetch(`${server!.url}/get_reward`, { method: 'POST', body: '{"query":[],"labels":[]}' });
  assert.equal(r.status, 401);
});

test('SIGTERM: /health turns 503 at once, requests still arriving are answered, then the server exits 0', {
  skip,
}, async () => {
  const auth = { authorization: `Bearer ${TOKEN}` };
  const answer = rows('optics')[0]!;
  const inflight = fetch(`${server!.url}/v1/score`, {
    method: 'POST',
    headers: auth,
    // A 2 MB answer: over a second of scoring, so SIGTERM arrives while it is in flight.
    body: JSON.stringify([
      { problem_id: 'mech-01', response: '$$x_{k} = y_{k} + 1$$ and prose '.repeat(60_000) },
    ]),
  });
  await new Promise((r) => setTimeout(r, 300));
  const exited = stop(server!);
  await new Promise((r) => setTimeout(r, 150));
  const health = await fetch(`${server!.url}/health`);
  assert.equal(health.status, 503);
  assert.equal(((await health.json()) as { status: string }).status, 'draining');
  // A request routed here before the load balancer saw the readiness change: still scored.
  const late = await fetch(`${server!.url}/v1/score`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify([{ problem_id: answer.problem_id, response: answer.response }]),
  });
  assert.equal(late.status, 200);
  const lateBody = (await late.json()) as { results: { reward: number }[] };
  assert.ok(
    Math.abs(lateBody.results[0]!.reward - expectedReward(answer.problem_id, answer.response)) < 1e-12,
  );
  const response = await inflight;
  assert.equal(response.status, 200);
  assert.equal(((await response.json()) as { results: { status: string }[] }).results[0]!.status, 'ok');
  assert.equal(await exited, 0);
  assert.match(server!.stderr, /SIGTERM: draining/);
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
