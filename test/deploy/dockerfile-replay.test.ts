/**
 * deploy/Dockerfile, replayed without a Docker daemon: each stage gets a scratch root folder, COPY
 * copies from the repository (the build context) or from an earlier stage's root, RUN runs in the
 * stage's WORKDIR with its ENV, and the last stage's ENTRYPOINT + CMD must start a server that
 * answers /health and scores an answer as the library does. So a file the build needs and the
 * Dockerfile forgets to copy (scripts/ and viewer/ for `prepare`, once) fails here.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createScorer } from '../../src/score/create-scorer.js';
import { bundledAnswers, bundledProblems } from '../server/helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const npm = spawnSync('npm', ['--version']).status === 0;

interface Stage {
  readonly name: string;
  readonly dir: string;
  workdir: string;
  env: Record<string, string>;
  entrypoint: string[];
  cmd: string[];
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
export function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const space = l.indexOf(' ');
      return { op: l.slice(0, space).toUpperCase(), args: l.slice(space + 1).trim() };
    });
}

function copyInto(sources: string[], from: string, dest: string): void {
  for (const source of sources) {
    const src = join(from, source);
    assert.ok(
      existsSync(src),
      `COPY: ${source} does not exist in ${from === root ? 'the build context' : from}`,
    );
    const target = dest.endsWith('/') ? join(dest, basename(src)) : dest;
    if (statSync(src).isDirectory()) cpSync(src, dest, { recursive: true, verbatimSymlinks: true });
    else cpSync(src, target);
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'prism-docker-'));
let server: ChildProcess | undefined;
after(() => {
  if (server !== undefined && server.exitCode === null) server.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

test('deploy/Dockerfile builds and its image serves rewards (steps replayed in a scratch folder)', {
  skip: !npm && 'npm not found',
  timeout: 600_000,
}, async () => {
  const stages: Stage[] = [];
  for (const { op, args } of instructions(readFileSync(join(root, 'deploy/Dockerfile'), 'utf8'))) {
    const stage = stages.at(-1);
    if (op === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length);
      stages.push({ name, dir: join(scratch, name), workdir: '/', env: {}, entrypoint: [], cmd: [] });
      continue;
    }
    assert.ok(stage !== undefined, `${op} before FROM`);
    const here = join(stage.dir, stage.workdir);
    if (op === 'WORKDIR') stage.workdir = args;
    else if (op === 'ENV') {
      const [key, ...value] = args.split('=');
      stage.env[key!] = value.join('=');
    } else if (op === 'COPY') {
      const parts = args.split(/\s+/);
      const fromFlag = parts.find((p) => p.startsWith('--from='));
      const paths = parts.filter((p) => !p.startsWith('--'));
      const dest = paths.pop()!;
      const source = fromFlag === undefined ? root : stages.find((s) => s.name === fromFlag.slice(7))!.dir;
      const absolute = paths.map((p) => (fromFlag === undefined ? p : p.replace(/^\//, '')));
      copyInto(absolute, source, dest.startsWith('/') ? join(stage.dir, dest) : join(here, dest));
    } else if (op === 'RUN') {
      const run = spawnSync('bash', ['-c', args], {
        cwd: here,
        env: { ...process.env, ...stage.env, CI: 'true' },
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      assert.equal(run.status, 0, `RUN ${args}\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`);
    } else if (op === 'ENTRYPOINT') stage.entrypoint = JSON.parse(args) as string[];
    else if (op === 'CMD') stage.cmd = JSON.parse(args) as string[];
  }
  const image = stages.at(-1)!;
  assert.equal(image.entrypoint[0], 'node');
  // The image holds the production dependencies and none of the build's (typescript, tsx, katex).
  const modules = join(image.dir, image.workdir, 'node_modules');
  const production = Object.keys(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: object })
      .dependencies ?? {},
  );
  for (const name of production) assert.ok(existsSync(join(modules, name)), `${name} missing from the image`);
  for (const name of ['typescript', 'tsx', 'katex'])
    assert.ok(!existsSync(join(modules, name)), `${name} in the image`);
  // ENTRYPOINT + CMD as `docker run` would, on a free loopback port (a later --host/--port wins).
  const args = [...image.entrypoint.slice(1), ...image.cmd, '--host', '127.0.0.1', '--port', '0'];
  let stderr = '';
  server = spawn(process.execPath, args, {
    cwd: join(image.dir, image.workdir),
    env: { PATH: process.env.PATH ?? '', ...image.env, PRISM_SERVER_TOKEN: 'docker-token' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  let url = '';
  for (let i = 0; i < 600 && url === ''; i++) {
    url = /listening on (http:\/\/\S+)/.exec(stderr)?.[1] ?? '';
    if (url === '') await new Promise((r) => setTimeout(r, 100));
  }
  assert.notEqual(url, '', `the image's server did not start: ${stderr}`);
  let ready = false;
  for (let i = 0; i < 600 && !ready; i++) {
    ready = (await fetch(`${url}/health`).catch(() => undefined))?.status === 200;
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(ready, `no worker became ready: ${stderr}`);
  const [answer] = bundledAnswers('mechanics');
  const r = await fetch(`${url}/v1/score`, {
    method: 'POST',
    headers: { authorization: 'Bearer docker-token' },
    body: JSON.stringify([{ problem_id: answer!.problem_id, response: answer!.response }]),
  });
  assert.equal(r.status, 200);
  const got = ((await r.json()) as { results: { step_score: number }[] }).results[0]!.step_score;
  assert.equal(
    got,
    createScorer(bundledProblems()).scoreResponse(answer!.problem_id, answer!.response).step_score,
  );
  // The viewer bundle the build made is in the image (`prism report` needs it).
  assert.ok(existsSync(join(image.dir, image.workdir, 'dist/viewer/app.js')));
});
