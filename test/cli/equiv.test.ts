import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';

test('prism equiv: a pair prints the verdict and exits 0 when equivalent, 1 when not', async () => {
  const same = await runCli(['equiv', 'v^2 = 2gh', 'v = \\sqrt{2gh}']);
  assert.equal(same.code, 0);
  assert.equal(JSON.parse(same.stdout).verdict, 'equivalent');
  const diff = await runCli(['equiv', 'E = mc^2', 'E = mc']);
  assert.equal(diff.code, 1);
  assert.equal(JSON.parse(diff.stdout).verdict, 'different');
});

test('prism equiv --explain includes the counterexample', async () => {
  const r = await runCli(['equiv', 'x = A_0 + A_1 t^2', 'x = A_0 + 2A_1 t^2', '--explain']);
  const out = JSON.parse(r.stdout);
  assert.equal(out.evidence.counterexample.outcome, 'rejecting');
});

test('prism equiv --jsonl: one output line per input line, bad lines reported, the rest checked', async () => {
  const input = [
    JSON.stringify({ id: 'a', a: 'F = ma', b: 'a = F/m' }),
    '{not json',
    JSON.stringify({ id: 'c', a: 'F = ma' }),
    JSON.stringify({
      id: 'd',
      a: 'F = kx',
      b: 'F = x/(4\\pi\\epsilon_0)',
      constants: { k: '\\frac{1}{4\\pi\\varepsilon_0}' },
    }),
  ].join('\n');
  const r = await runCli(['equiv', '--jsonl', '-'], input);
  assert.equal(r.code, 0);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(lines.length, 4);
  assert.deepEqual(
    lines.map((l) => [l.id, l.verdict]),
    [
      ['a', 'equivalent'],
      [undefined, 'undetermined'],
      ['c', 'undetermined'],
      ['d', 'equivalent'],
    ],
  );
  assert.equal(lines[1].diagnostics[0].code, 'bad-input-line');
  for (const l of lines)
    for (const k of ['n_eq', 'n_neq', 'n_fail', 'ms']) assert.equal(typeof l[k], 'number');
});

test('prism equiv: unparseable formula and bad options exit 2 without a stack trace', async () => {
  const bad = await runCli(['equiv', 'F = \\frac{m', 'F = ma']);
  assert.equal(bad.code, 2);
  assert.doesNotMatch(bad.stderr, /at .*\.ts:/);
  const usage = await runCli(['equiv', 'only-one']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /expected two formulas/);
  const mode = await runCli(['equiv', 'a = b', 'b = a', '--mode', 'loose']);
  assert.equal(mode.code, 2);
  const constants = await runCli(['equiv', 'a = b', 'b = a', '--constants', '{oops']);
  assert.equal(constants.code, 2);
  assert.match(constants.stderr, /--constants is not valid JSON/);
});

test('prism explain knows the codes of every stage and rejects unknown ones', async () => {
  const r = await runCli(['explain', 'unbalanced-brace', 'budget-exhausted']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /unbalanced-brace \(latex\)/);
  assert.match(r.stdout, /budget-exhausted \(equivalence\)/);
  const unknown = await runCli(['explain', 'no-such-code']);
  assert.equal(unknown.code, 2);
});

test('equiv --explain: every key of the evidence is snake_case; variable names are kept as written', async () => {
  const r = await runCli(['equiv', 'v^2 = 2gh', 'v = \\sqrt{2gh}', '--explain']);
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout) as { evidence: { trials: { assignment: Record<string, number> }[] } };
  const keys: string[] = [];
  const walk = (o: unknown, parent: string): void => {
    if (Array.isArray(o)) {
      for (const x of o) walk(x, parent);
    } else if (o !== null && typeof o === 'object') {
      for (const [k, v] of Object.entries(o)) {
        if (parent !== 'assignment') keys.push(k);
        walk(v, k);
      }
    }
  };
  walk(out, '');
  assert.deepEqual(
    keys.filter((k) => /[A-Z]/.test(k)),
    [],
  );
  assert.ok(keys.includes('solutions_a'));
});
