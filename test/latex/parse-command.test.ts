import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommand } from '../../src/cli/commands/parse.js';
import { UsageError } from '../../src/cli/io.js';
import { runCommand } from '../helpers/cli.js';

const run = (argv: string[], stdin = '') => runCommand(parseCommand, argv, stdin);

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
  for (const argv of [[], ['a', 'b'], ['--nope'], ['--jsonl', '/no/such/file.jsonl']]) {
    await assert.rejects(
      parseCommand.run(argv, { stdout() {}, stderr() {}, readStdin: async () => '', isTTY: false }),
      UsageError,
    );
    assert.equal((await run(argv)).code, 2);
  }
});
