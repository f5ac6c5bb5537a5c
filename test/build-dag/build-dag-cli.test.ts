// prism build-dag on the command line: bad input is exit 2 with one line; a build against the
// scripted fake model writes the dataset and the report and prints progress per problem.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createBuildDagCommand } from '../../src/cli/commands/build-dag.js';
import { runCli, runCommand } from '../helpers/cli.js';
import { startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { fakeRolesConfig } from '../helpers/fake-roles.js';
import { CAPACITOR, classify, FALL, GOOD, PENDULUM, playbookScript } from './fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-build-dag-cli-'));
const datasetPath = join(tmp, 'imported.json');
writeFileSync(datasetPath, JSON.stringify([PENDULUM, FALL, CAPACITOR]));
const env = { PRISM_CACHE_DIR: join(tmp, 'cache') };
const command = createBuildDagCommand({ env, transport: { backoff: { baseMs: 1, maxMs: 2 } } });
const model = ['--model', 'm', '--base-url', 'http://127.0.0.1:9/v1'];

const badInputs: [string, string[], RegExp][] = [
  [
    'a dataset path that does not exist',
    ['--dataset', join(tmp, 'nope.json'), ...model],
    /nope\.json: no such file/,
  ],
  [
    'a dataset that is not JSON',
    ['--dataset', join(tmp, 'bad.json'), ...model],
    /no problems to build in .*bad\.json \(bad\.json.*JSON/,
  ],
  ['no --dataset', [...model], /--dataset PATH is required/],
  [
    '--max-retries not an integer',
    ['--dataset', datasetPath, '--max-retries', 'x', ...model],
    /--max-retries must be an integer ≥ 0/,
  ],
  [
    '--concurrency 0',
    ['--dataset', datasetPath, '--concurrency', '0', ...model],
    /--concurrency must be a positive integer/,
  ],
  ['an unknown flag', ['--dataset', datasetPath, '--retries', '3', ...model], /Unknown option '--retries'/],
  ['an unknown problem id', ['--dataset', datasetPath, '--problem', 'pendulun', ...model], /pendulum/],
  [
    'a reviewer that is no role or provider',
    ['--dataset', datasetPath, '--reviewer', 'prof', ...model],
    /--reviewer prof: no such role or provider/,
  ],
  [
    '--provider neither openai nor anthropic',
    ['--dataset', datasetPath, '--model', 'm', '--provider', 'x'],
    /--provider must be openai or anthropic/,
  ],
];

for (const [name, argv, message] of badInputs) {
  test(`bad input: ${name} → exit 2, one line on stderr, no stack trace`, async () => {
    writeFileSync(join(tmp, 'bad.json'), '{"id": 1, ');
    const r = await runCli(['build-dag', ...argv]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.equal(r.stdout, '');
  });
}

test('a build from the flags: progress per problem on stderr, dataset and report written, exit 0', async () => {
  const server = await startFakeLlmServer(playbookScript(GOOD));
  try {
    const dir = join(tmp, 'build');
    const out = join(tmp, 'built.json');
    const r = await runCommand(command, [
      '--dataset',
      datasetPath,
      '--model',
      'fake',
      '--base-url',
      server.url,
      '--dir',
      dir,
      '--out',
      out,
      '--concurrency',
      '1',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\[1\/3\] pendulum accepted \(attempts 1\/1\/2\/1\)/);
    assert.match(r.stderr, /\[3\/3\] capacitor accepted \(attempts 1\/1\/1\/1, 1 warning\(s\)\)/);
    assert.match(r.stdout, /3 accepted, 0 rejected, 0 error\(s\) of 3/);
    assert.equal(JSON.parse(readFileSync(out, 'utf8')).length, 3);
    assert.match(readFileSync(join(dir, 'report.md'), 'utf8'), /\| fall \| accepted \|/);
    // Run again: everything is resumed from the transcript, no request is made.
    const before = server.log.length;
    const again = await runCommand(command, [
      '--dataset',
      datasetPath,
      '--model',
      'fake',
      '--base-url',
      server.url,
      '--dir',
      dir,
      '--out',
      out,
      '--json',
    ]);
    assert.equal(again.code, 0);
    assert.equal(server.log.length, before);
    assert.equal(JSON.parse(again.stdout).calls.resumed, before);
  } finally {
    await server.close();
  }
});

test('a rejected key stops the build at once with the server message, exit 1', async () => {
  const server = await startFakeLlmServer(() => ({
    kind: 'status',
    status: 401,
    message: 'Incorrect API key provided',
  }));
  try {
    const r = await runCommand(command, [
      '--dataset',
      datasetPath,
      '--model',
      'fake',
      '--base-url',
      server.url,
      '--dir',
      join(tmp, 'denied'),
      '--no-cache',
      '--quiet',
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /stopped at the first failure .*Incorrect API key provided/);
    assert.ok(server.log.length <= 4, `${server.log.length} requests after a 401`);
  } finally {
    await server.close();
  }
});

test('roles from a config file: --role and --reviewer take a role or a provider name; a problem without a solution makes no call', async () => {
  const server = await startFakeLlmServer(playbookScript(GOOD));
  try {
    const config = join(tmp, 'prism.config.json');
    writeFileSync(config, JSON.stringify(fakeRolesConfig(server.url)));
    const noSolution = {
      id: 'bare',
      context: 'A ball is thrown up at $v_0$. Find its peak height $H$.',
      final_answer: ['H = \\frac{v_0^2}{2g}'],
      grading_standard: [],
    };
    const path = join(tmp, 'with-bare.json');
    writeFileSync(path, JSON.stringify([CAPACITOR, noSolution]));
    const r = await runCommand(command, [
      '--dataset',
      path,
      '--config',
      config,
      '--reviewer',
      'judge',
      '--dir',
      join(tmp, 'cfg'),
      '--no-cache',
      '--json',
    ]);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(
      report.builds.map((b: { problem_id: string; status: string; stage?: string }) => [
        b.problem_id,
        b.status,
        b.stage,
      ]),
      [
        ['capacitor', 'accepted', undefined],
        ['bare', 'rejected', 'input'],
      ],
    );
    assert.deepEqual(report.reviewer, { provider: 'judge', model: 'judge-model' });
    const models = (kind: 'review' | 'write') =>
      new Set(
        server.log.filter((q) => (classify(q).kind === 'review') === (kind === 'review')).map((q) => q.model),
      );
    assert.deepEqual([...models('write')], ['solver-model']);
    assert.deepEqual([...models('review')], ['judge-model']);
    // The transcript labels each call with the role chosen for it (--reviewer judge), not 'reviewer'.
    const roles = new Set(
      readFileSync(join(tmp, 'cfg', 'transcripts.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).role),
    );
    assert.deepEqual([...roles].sort(), ['judge', 'solver']);
    // A provider name works too, and a role the config lacks is a usage error.
    const byProvider = await runCommand(command, [
      '--dataset',
      datasetPath,
      '--config',
      config,
      '--role',
      'v2',
      '--problem',
      'capacitor',
      '--dir',
      join(tmp, 'cfg2'),
      '--no-cache',
      '--quiet',
    ]);
    assert.equal(byProvider.code, 0, byProvider.stderr);
    assert.ok(server.log.some((q) => q.model === 'verifier-2' && classify(q).kind === 'normalize'));
    const { providers } = fakeRolesConfig(server.url);
    writeFileSync(
      config,
      JSON.stringify({ providers: { solver: providers.solver }, roles: { solver: 'solver' } }),
    );
    const missing = await runCommand(command, [
      '--dataset',
      datasetPath,
      '--config',
      config,
      '--dir',
      join(tmp, 'cfg3'),
    ]);
    assert.equal(missing.code, 2);
    assert.match(
      missing.stderr,
      /--reviewer reviewer: no such role or provider in the config \(declare roles\.reviewer\)/,
    );
  } finally {
    await server.close();
  }
});
