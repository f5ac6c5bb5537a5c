// prism parameterize end to end against a scripted fake model: a good proposal accepted at once, an
// unsolvable range rejected by the forward solve and repaired from the feedback, a problem whose
// proposals never pass rejected after the retries; the written dataset makes instances; a rerun
// asks nothing again.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createParameterizeCommand } from '../../src/cli/commands/parameterize.js';
import { renderTemplate } from '../../src/dag/render-template.js';
import type { Parameter } from '../../src/dag/types.js';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { datasetInstances } from '../../src/instances/index.js';
import { checkProposal, parseProposal } from '../../src/parameterize/index.js';
import { runCli, runCommand } from '../helpers/cli.js';
import { type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';

const root = new URL('../..', import.meta.url).pathname;
interface Raw {
  id: string;
  context: string;
  parameters: Parameter[];
  constraints?: string[];
  [k: string]: unknown;
}
const rawOf = (file: string, id: string): Raw =>
  (JSON.parse(readFileSync(join(root, 'data/benchmark', `${file}.json`), 'utf8')) as Raw[]).find(
    (p) => p.id === id,
  )!;

// Three bundled problems with their parameters taken away (text rendered with the values): what an
// imported or built problem looks like. The scripted model proposes the bundled parameters back.
const sources = [
  rawOf('electromagnetism', 'em-02'),
  rawOf('optics', 'opt-05'),
  rawOf('mechanics', 'mech-09'),
];
const plain = sources.map((raw) => {
  const { parameters, constraints: _c, ...rest } = raw;
  const own = Object.fromEntries(parameters.map((p) => [p.name, p.value]));
  return { ...rest, context: renderTemplate(raw.context, parameters, own) };
});
const tmp = mkdtempSync(join(tmpdir(), 'prism-parameterize-'));
const datasetPath = join(tmp, 'plain.json');
writeFileSync(datasetPath, JSON.stringify(plain));

const proposal = (raw: Raw, constraints: readonly string[]): string =>
  `\`\`\`json\n${JSON.stringify({ parameters: raw.parameters, constraints, context: raw.context })}\n\`\`\``;

/** em-02: right at once. opt-05: first without n_2 < n_1 (unsolvable draws), then repaired. mech-09: never. */
function script(req: LlmRequest) {
  const text = req.turns[0]!.text;
  const id = /"id": "([^"]+)"/.exec(text)?.[1];
  const raw = sources.find((s) => s.id === id)!;
  const attempt = req.turns.filter((t) => t.role === 'user').length;
  if (id === 'em-02') return { kind: 'answer' as const, text: proposal(raw, []) };
  if (id === 'opt-05')
    return {
      kind: 'answer' as const,
      text: attempt === 1 ? proposal(raw, []) : proposal(raw, raw.constraints ?? []),
    };
  return { kind: 'answer' as const, text: attempt === 1 ? 'I think R and v.' : proposal(raw, []) };
}

test('parseProposal reads the JSON (fenced or not) and refuses what is not a proposal', () => {
  assert.equal(parseProposal('{"parameters": [{"name": "m"}], "constraints": []}').ok, true);
  assert.equal(parseProposal('```json\n{"parameters": [{"name": "m"}]}\n```').ok, true);
  assert.match((parseProposal('{"parameters": []}') as { error: string }).error, /non-empty/);
  assert.match(
    (parseProposal('{"parameters": [{}], "constraints": "x"}') as { error: string }).error,
    /constraints/,
  );
  assert.match((parseProposal('no json') as { error: string }).error, /no JSON/);
});

test('checkProposal: a symbol that is no DAG input, a value not the problem own, a range without it are findings', () => {
  const problem = loadDataset(datasetPath).problems.find((p) => p.id === 'em-02')!;
  const good = sources[0]!.parameters;
  assert.equal(checkProposal(problem, { parameters: good, constraints: [] }).ok, true);
  const codes = (parameters: Parameter[]): string[] => {
    const r = checkProposal(problem, { parameters, constraints: [] });
    return r.ok ? [] : r.errors.map((d) => d.code);
  };
  assert.ok(codes([{ ...good[0]!, symbol: 'Q' }, ...good.slice(1)]).length > 0, 'unknown symbol');
  assert.ok(codes([{ ...good[0]!, value: 99 }, ...good.slice(1)]).length > 0, 'value not the problem own');
  assert.ok(
    codes([{ ...good[0]!, min: 50, max: 60 }, ...good.slice(1)]).length > 0,
    'range excludes the value',
  );
});

test('prism parameterize: accepted, repaired from the forward-solve feedback, rejected after the retries; resumable', async () => {
  const server = await startFakeLlmServer(script);
  const command = createParameterizeCommand({
    env: { PRISM_CACHE_DIR: join(tmp, 'cache') },
    transport: { backoff: { baseMs: 1, maxMs: 2 } },
  });
  const dir = join(tmp, 'work');
  const argv = [
    '--dataset',
    datasetPath,
    '--model',
    'fake',
    '--base-url',
    server.url,
    '--dir',
    dir,
    '--max-retries',
    '2',
    '--concurrency',
    '1',
  ];
  try {
    const r = await runCommand(command, argv);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /\[1\/3\] em-02 accepted after 1 attempt\(s\): C, V_0, R/);
    assert.match(r.stderr, /\[2\/3\] opt-05 accepted after 2 attempt\(s\)/);
    assert.match(r.stderr, /\[3\/3\] mech-09 rejected: no proposal passed in 3 attempt\(s\)/);
    assert.match(r.stdout, /2 accepted, 1 rejected, 0 skipped, 0 error\(s\) of 3/);
    // opt-05's second request carried the forward solve's finding back, in the same chat.
    const opt = server.log.filter((q) => q.turns[0]!.text.includes('"id": "opt-05"'));
    assert.equal(opt.length, 2);
    assert.deepEqual(
      opt[1]!.turns.map((t) => t.role),
      ['user', 'assistant', 'user'],
    );
    assert.match(opt[1]!.turns[2]!.text, /parameter-instance-failed.*did not solve/);
    // mech-09: an unreadable reply, then two proposals the solve rejects: 3 attempts.
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    const mech = report.outcomes.find((o: { problem_id: string }) => o.problem_id === 'mech-09');
    assert.deepEqual(
      mech.attempts.map((a: { outcome: string }) => a.outcome),
      ['unparseable', 'checks-failed', 'checks-failed'],
    );
    // The written dataset: the accepted problems parameterized (placeholders in the text), mech-09 as it was.
    const written = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as Raw[];
    assert.match(written[0]!.context, /\{\{C\}\}/);
    assert.deepEqual(written[1]!.constraints, sources[1]!.constraints);
    assert.equal(written[2]!.parameters, undefined);
    const loaded = loadDataset(join(dir, 'dataset.json'));
    assert.equal(loaded.diagnostics.filter((d) => d.severity === 'error').length, 0);
    const { instances } = datasetInstances(loaded.problems, { n: 5, seed: '0' });
    assert.equal(instances.length, 10, 'five instances of each accepted problem');
    // Again: every call from the transcript, no request.
    const before = server.log.length;
    const again = await runCommand(command, [...argv, '--quiet']);
    assert.equal(again.code, 1);
    assert.equal(server.log.length, before);
  } finally {
    await server.close();
  }
});

test('bad input is exit 2 with one line: no --dataset, a bad --max-retries, an unknown flag', async () => {
  for (const [argv, message] of [
    [['--model', 'm', '--base-url', 'http://127.0.0.1:9/v1'], /--dataset PATH is required/],
    [
      ['--dataset', datasetPath, '--max-retries', 'x', '--model', 'm'],
      /--max-retries must be an integer ≥ 0/,
    ],
    [['--dataset', datasetPath, '--retries', '2', '--model', 'm'], /Unknown option '--retries'/],
  ] as const) {
    const r = await runCli(['parameterize', ...argv]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});
