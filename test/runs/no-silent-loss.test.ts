// Every way a command could lose or misreport a run's work, end to end through the CLI (`main`,
// as `prism` runs it) against a loopback chat-completions server and the real scorer.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { type FakeServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { validateJsonSchema } from '../helpers/json-schema.js';
import { syntheticAnswer, syntheticProblems } from './synthetic.js';

const tmp = mkdtempSync(join(tmpdir(), 'prism-loss-'));
const datasetPath = join(tmp, 'dataset.json');
// 12 problems: p0–p2 and p9–p11 mechanics, p3–p5 optics, p6–p8 quantum; difficulties cycle.
const problems = syntheticProblems(12);
let server: FakeServer;
before(async () => {
  writeFileSync(datasetPath, JSON.stringify(problems));
  server = await startFakeOpenAiServer((req) => ({ kind: 'answer', text: syntheticAnswer(req.problemId) }));
  process.env.PRISM_BASE_URL = server.url;
  process.env.PRISM_CACHE_DIR = join(tmp, 'cache');
});
after(() => server.close());

const lines = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
const recordIds = (dir: string): string[] =>
  lines(join(dir, 'records.jsonl'))
    .map((l) => (JSON.parse(l) as { response_id: string }).response_id)
    .sort();
const run = (dir: string, ...extra: string[]) =>
  runCli(['run', '--model', 'm', '--dataset', datasetPath, '--out', dir, '--quiet', ...extra]);

test('run --domain optics, then rescore: the run keeps its 3 optics records (not the first 3 problems)', async () => {
  const dir = join(tmp, 'optics');
  const r = await run(dir, '--domain', 'optics');
  assert.equal(r.code, 0, r.stderr);
  const config = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  assert.deepEqual(config.problem_ids, ['p3', 'p4', 'p5']);
  assert.equal(typeof config.dataset_hash, 'string');
  const before = recordIds(dir);
  assert.deepEqual(before, ['p3#0', 'p4#0', 'p5#0']);
  const again = await runCli(['rescore', dir, '--quiet']);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(recordIds(dir), before);
  // A run's summary.json is the one summary format, with the run's 3 problems as n.
  const schema = JSON.parse(
    readFileSync(new URL('../../schema/prism.summary.schema.json', import.meta.url), 'utf8'),
  );
  const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  assert.deepEqual(validateJsonSchema(schema, summary), []);
  assert.equal(summary.kind, 'run');
  assert.equal(summary.metrics.overall.step_score.n, 3);
  assert.deepEqual(Object.keys(summary.metrics.by_domain), ['optics']);
});

test('run --limit 4 --samples 2: rescore keeps 8 records and judge judges all 8 answers', async () => {
  const dir = join(tmp, 'limit');
  const r = await run(dir, '--limit', '4', '--samples', '2');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(recordIds(dir).length, 8);
  const rescored = await runCli(['rescore', dir, '--quiet']);
  assert.equal(rescored.code, 0, rescored.stderr);
  assert.equal(recordIds(dir).length, 8);
  const judged = await runCli(['judge', dir, '--model', 'judge', '--rubric', 'binary', '--quiet']);
  assert.notEqual(judged.code, 2, judged.stderr);
  const rows = lines(join(dir, 'judgements-binary.jsonl')).map((l) => JSON.parse(l));
  const judgedIds = new Set(
    rows.map((x: { problem_id: string; sample: number }) => `${x.problem_id}#${x.sample}`),
  );
  assert.deepEqual([...judgedIds].sort(), recordIds(dir));
});

test('a resume with a narrower selection adds nothing and drops nothing', async () => {
  const dir = join(tmp, 'narrow');
  assert.equal((await run(dir, '--domain', 'optics')).code, 0);
  const r = await run(dir, '--problem', 'p0');
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(recordIds(dir), ['p0#0', 'p3#0', 'p4#0', 'p5#0']);
  const config = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  assert.deepEqual([...config.problem_ids].sort(), ['p0', 'p3', 'p4', 'p5']);
  assert.equal(config.problems, 4);
});

test('rescore against a dataset without the run problems is refused (exit 2, records kept); --force rewrites', async () => {
  const dir = join(tmp, 'shrink');
  assert.equal((await run(dir, '--domain', 'optics')).code, 0);
  const other = join(tmp, 'mechanics-only.json');
  writeFileSync(other, JSON.stringify(problems.filter((p) => p.domain === 'mechanics')));
  const before = readFileSync(join(dir, 'records.jsonl'), 'utf8');
  const r = await runCli(['rescore', dir, '--dataset', other, '--quiet']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /run-problems-missing: 3 of the run's 3 problems are not in .*p3, p4, p5/);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.equal(readFileSync(join(dir, 'records.jsonl'), 'utf8'), before);
  const forced = await runCli(['rescore', dir, '--dataset', other, '--force', '--quiet']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(forced.stderr, /--force: left out/);
  assert.deepEqual(lines(join(dir, 'records.jsonl')), []);
});

test('rescore of a changed dataset warns that the problems changed', async () => {
  const dir = join(tmp, 'changed');
  assert.equal((await run(dir, '--problem', 'p3')).code, 0);
  const edited = join(tmp, 'edited.json');
  writeFileSync(
    edited,
    JSON.stringify(problems.map((p) => (p.id === 'p3' ? { ...p, context: `${p.context} Edited.` } : p))),
  );
  const r = await runCli(['rescore', dir, '--dataset', edited, '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /run-dataset-changed/);
});

test('a run.json of an older prism (no problem_ids) falls back to the first N with a warning', async () => {
  const dir = join(tmp, 'legacy');
  assert.equal((await run(dir, '--limit', '2')).code, 0);
  const path = join(dir, 'run.json');
  const { problem_ids: _ids, ...old } = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, JSON.stringify(old));
  const r = await runCli(['rescore', dir, '--quiet']);
  assert.match(r.stderr, /run-problem-ids-absent/);
});

test('prism run on a damaged run.json: one line, exit 2, no stack', async () => {
  const dir = join(tmp, 'damaged');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'run.json'), '{"model": "m", ');
  const r = await run(dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /run-config-invalid: .*run\.json is not a valid run\.json/);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
});

test('a full disk is one line saying the same command resumes, exit 1, no stack', {
  skip: existsSync('/dev/full') ? false : 'no /dev/full on this system',
}, async () => {
  const out = join(tmp, 'full');
  mkdirSync(out, { recursive: true });
  // writeFileAtomic writes `<file>.<pid>.tmp` first: point it at a device that is always full.
  symlinkSync('/dev/full', join(out, `records.jsonl.${process.pid}.tmp`));
  const responses = join(tmp, 'answers.jsonl');
  writeFileSync(responses, `${JSON.stringify({ problem_id: 'p1', response: syntheticAnswer('p1') })}\n`);
  const r = await runCli([
    'score',
    '--dataset',
    datasetPath,
    '--responses',
    responses,
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /no space left on the device \(ENOSPC\).*run the same command again to resume/);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
});

test('an empty response folder, or one with an empty file: a message and exit 2', async () => {
  const empty = join(tmp, 'no-answers');
  mkdirSync(empty, { recursive: true });
  const r = await runCli(['score', '--dataset', datasetPath, '--responses', empty, '--out', join(tmp, 'o1')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /holds no \*\.jsonl file of responses/);
  writeFileSync(join(empty, 'a.jsonl'), '');
  const r2 = await runCli([
    'score',
    '--dataset',
    datasetPath,
    '--responses',
    empty,
    '--out',
    join(tmp, 'o2'),
  ]);
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /nothing to score: .* holds 0 response\(s\)/);
});

test('score with a selection writes beside the whole output and says when it replaces one of another size', async () => {
  const answers = join(tmp, 'all.jsonl');
  writeFileSync(
    answers,
    problems
      .map((p) => `${JSON.stringify({ problem_id: p.id, response: syntheticAnswer(p.id) })}\n`)
      .join(''),
  );
  const out = join(tmp, 'score-out');
  const all = await runCli([
    'score',
    '--dataset',
    datasetPath,
    '--responses',
    answers,
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(all.code, 0, all.stderr);
  assert.equal(lines(join(out, 'records.jsonl')).length, 12);
  const some = await runCli([
    'score',
    '--dataset',
    datasetPath,
    '--responses',
    answers,
    '--out',
    out,
    '--domain',
    'optics',
    '--quiet',
  ]);
  assert.equal(some.code, 0, some.stderr);
  assert.match(some.stderr, /3 record\(s\) written .*\n.*replaced the 12 record\(s\) that .* held before/);
  const { selectionSlug } = await import('../../src/cli/commands/score.js');
  assert.equal(selectionSlug({ domains: ['optics'] }), '-domain-optics');
  assert.equal(selectionSlug({ domains: ['optics', 'quantum'], limit: 5 }), '-domain-optics+quantum_limit-5');
  assert.equal(selectionSlug({}), '');
  assert.ok(!selectionSlug({ ids: ['../../etc'] }).includes('/'));
});

test('control and escape codes from dataset text are shown as codes, never sent raw', async () => {
  const evil = join(tmp, 'evil.json');
  const id = 'p\u001b[2J\u001b]0;owned\u0007\u202e1';
  writeFileSync(evil, JSON.stringify([{ ...problems[1]!, id, grading_standard: [] }]));
  const r = await runCli(['validate', '--dataset', evil]);
  const out = r.stdout + r.stderr;
  assert.doesNotMatch(out, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
  assert.match(out, /p\\x1b\[2J\\x1b\]0;owned\\x07\\u202e1/);
});

test('Ctrl-C during a run exits 130 and says the same command resumes', async () => {
  const { createRunCommand } = await import('../../src/cli/commands/run.js');
  const { runCommand } = await import('../helpers/cli.js');
  const slow = await startFakeOpenAiServer(() => ({ kind: 'answer', text: 'late', delayMs: 5000 }));
  try {
    const command = createRunCommand({
      env: { PRISM_BASE_URL: slow.url, PRISM_CACHE_DIR: join(tmp, 'cache-int') },
      // The user presses Ctrl-C 200 ms into the run.
      onInterrupt: (handler) => {
        const timer = setTimeout(handler, 200);
        return () => clearTimeout(timer);
      },
    });
    const dir = join(tmp, 'interrupted');
    const r = await runCommand(command, ['--model', 'm', '--dataset', datasetPath, '--out', dir, '--quiet']);
    assert.equal(r.code, 130, r.stderr);
    assert.match(r.stderr, /interrupted; run the same command again to resume/);
  } finally {
    await slow.close();
  }
});
