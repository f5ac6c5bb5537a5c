import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

test('prism help score prints the score help, as prism score --help does', async () => {
  const viaHelp = await runCli(['help', 'score']);
  const viaFlag = await runCli(['score', '--help']);
  assert.equal(viaHelp.code, 0);
  assert.equal(viaHelp.stdout, viaFlag.stdout);
  assert.match(viaHelp.stdout, /^Usage: prism score/);
});

test('prism help dataset stats and prism dataset --help', async () => {
  const two = await runCli(['help', 'dataset', 'stats']);
  assert.equal(two.code, 0);
  assert.match(two.stdout, /prism dataset stats/);
  const group = await runCli(['dataset', '--help']);
  assert.equal(group.code, 0);
  assert.match(group.stdout, /prism dataset stats/);
  assert.equal(group.stderr, '');
  const bad = await runCli(['dataset', 'stat']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown sub-command 'stat'/);
});

test('a mistyped command or flag gets a did-you-mean, exit 2, one line', async () => {
  const cmd = await runCli(['scroe']);
  assert.equal(cmd.code, 2);
  assert.match(cmd.stderr, /unknown command 'scroe'\. Did you mean 'score'\?/);
  assert.equal(cmd.stderr.trim().split('\n').length, 1);
  const far = await runCli(['frobnicate']);
  assert.equal(far.code, 2);
  assert.doesNotMatch(far.stderr, /Did you mean/);
  const flag = await runCli(['equiv', 'a=b', 'a=b', '--explian']);
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /Unknown option '--explian'.*Did you mean '--explain'\?/);
});

test('piping into a closed reader (prism explain | head -1) ends quietly, no EPIPE trace', async (t) => {
  const launcher = fileURLToPath(new URL('../../bin/prism.js', import.meta.url));
  if (!existsSync(fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url)))) {
    t.skip('dist/ is not built (npm install builds it)');
    return;
  }
  const child = spawn(process.execPath, [launcher, 'explain'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  // Read the first chunk, then close our end of the pipe, as `head -1` does.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  assert.doesNotMatch(stderr, /EPIPE|\n\s+at /);
  assert.equal(code, 0);
});
