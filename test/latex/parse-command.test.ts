import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommand } from '../../src/cli/commands/parse.js';
import type { CliIo } from '../../src/cli/io.js';
import { UsageError } from '../../src/cli/io.js';

async function run(argv: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => stdin,
    isTTY: false,
  };
  const code = await parseCommand.run(argv, io);
  return { code, stdout, stderr };
}

test('prism parse <latex> prints {ok, tree} and the tree text on stderr', async () => {
  const r = await run(['x = v t']);
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout) as { ok: boolean; tree: { type: string } };
  assert.equal(out.ok, true);
  assert.equal(out.tree.type, 'relation');
  assert.equal(r.stderr, 'x = v*t\n');
});

test('prism parse --text prints the tree text; a failure exits 1 with diagnostics', async () => {
  assert.deepEqual(await run(['\\frac{a}{b}', '--text']), { code: 0, stdout: 'a/b\n', stderr: '' });
  const bad = await run(['\\frac{a']);
  assert.equal(bad.code, 1);
  const out = JSON.parse(bad.stdout) as { ok: boolean; diagnostics: { code: string }[] };
  assert.equal(out.ok, false);
  assert.equal(out.diagnostics[0]?.code, 'unbalanced-brace');
});

test('prism parse --jsonl -: one output line per input line, bad lines named', async () => {
  const stdin = [
    JSON.stringify({ id: 'a', latex: 'E = mc^2' }),
    '{not json',
    JSON.stringify({ id: 'c', latex: '\\frac{' }),
    JSON.stringify({ id: 'd' }),
    '',
  ].join('\n');
  const r = await run(['--jsonl', '-'], stdin);
  assert.equal(r.code, 1);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(lines.length, 4);
  assert.equal(lines[0]!.id, 'a');
  assert.equal(lines[0]!.ok, true);
  assert.match(JSON.stringify(lines[1]), /bad-input-line.*line 2/);
  assert.equal(lines[2]!.ok, false);
  assert.equal(lines[3]!.id, 'd');
  assert.match(JSON.stringify(lines[3]), /bad-input-line.*line 4/);
});

test('prism parse --jsonl exits 0 when every formula parses', async () => {
  const r = await run(['--jsonl', '-'], `${JSON.stringify({ id: 1, latex: 'a + b' })}\n`);
  assert.equal(r.code, 0);
});

test('prism parse usage errors throw UsageError (exit 2)', async () => {
  await assert.rejects(run([]), UsageError);
  await assert.rejects(run(['a', 'b']), UsageError);
  await assert.rejects(run(['--nope']), UsageError);
  await assert.rejects(run(['--jsonl', '/no/such/file.jsonl']), UsageError);
});
