// prism difficulty end to end: a scripted fake judge (re-ask, recorded failure, fatal stop, resume),
// --c12 round trip, the offline proxy on the bundled benchmark, and bad input → exit 2.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createDifficultyCommand } from '../../src/cli/commands/difficulty.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { runCommand } from '../helpers/cli.js';
import { type LlmBehaviour, type LlmRequest, startFakeLlmServer } from '../helpers/fake-llm-server.js';
import { validateJsonSchema } from '../helpers/json-schema.js';

const summarySchema = JSON.parse(
  readFileSync(new URL('../../schema/prism.summary.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const tmp = mkdtempSync(join(tmpdir(), 'prism-difficulty-'));
const env = { PRISM_CACHE_DIR: join(tmp, 'cache') };
const difficulty = createDifficultyCommand({ env, transport: { backoff: { baseMs: 1, maxMs: 2 } } });

/** Four bundled problems (with the authors' labels) and one final-answer-only problem without a DAG. */
function writeDataset(): { path: string; ids: string[] } {
  const picked = loadBundledDataset()
    .problems.filter((p) => p.domain === 'thermodynamics-statistical')
    .slice(0, 4);
  const raw = JSON.parse(
    readFileSync(join('data/benchmark/thermodynamics-statistical.json'), 'utf8'),
  ) as Record<string, unknown>[];
  const items = raw.filter((r) => picked.some((p) => p.id === r.id));
  const base = items[0]!;
  const noDag = {
    id: 'no-dag',
    context: base.context,
    solution: base.solution,
    final_answer_form: base.final_answer_form,
    final_answer_instructions: base.final_answer_instructions,
    final_answer: base.final_answer,
    grading_standard: [],
  };
  const path = join(tmp, 'five.json');
  writeFileSync(path, JSON.stringify([...items, noDag]));
  return { path, ids: picked.map((p) => p.id) };
}

const reply = (c1: number, c2: number) =>
  JSON.stringify({
    scores: { C1: c1, C2: c2 },
    rationales: { C1: 'r1', C2: 'r2' },
    reasoning: 'Because.',
    confidence: 0.8,
  });
const problemIn = (req: LlmRequest): string => /Problem ID: (\S+)/.exec(req.turns[0]?.text ?? '')?.[1] ?? '?';

test('judge: re-ask once, then a recorded failure; a fatal failure stops; a re-run resumes and then asks nothing', async () => {
  const { path, ids } = writeDataset();
  const [p0, p1, p2, p3] = ids as [string, string, string, string];
  let keyRevoked = true;
  const script = (req: LlmRequest): LlmBehaviour => {
    const id = problemIn(req);
    const reask = req.turns.length === 3;
    if (id === p0) return { kind: 'answer', text: reply(1, 1) };
    if (id === p1) return { kind: 'answer', text: reask ? reply(3, 3) : 'This one is medium, I think.' };
    if (id === p2) return { kind: 'answer', text: reply(4, 1) };
    if (id === p3 && keyRevoked)
      return { kind: 'status', status: 401, message: 'Incorrect API key provided' };
    return { kind: 'answer', text: reply(2, 2) };
  };
  const server = await startFakeLlmServer(script);
  const out = join(tmp, 'judged');
  const argv = [
    '--dataset',
    path,
    '--model',
    'difficulty-judge',
    '--base-url',
    server.url,
    '--out',
    out,
    '--concurrency',
    '1',
  ];
  try {
    // 1. p3's request is refused: the pass stops, writes no rows, says how to resume.
    const first = await runCommand(difficulty, argv);
    assert.equal(first.code, 1);
    assert.match(first.stderr, /stopped at the first failure .*HTTP 401.*Incorrect API key provided/);
    assert.throws(() => readFileSync(join(out, 'difficulty.jsonl')));
    const perProblem = (id: string) => server.log.filter((r) => problemIn(r) === id).length;
    assert.deepEqual([p0, p1, p2].map(perProblem), [1, 2, 2], 'one call; a re-ask; a re-ask then give up');
    // the judge's prompt: coach framing, the solution for depth only, strict JSON
    const firstCall = server.log[0]!;
    assert.match(firstCall.system, /Olympiad coach/);
    assert.match(firstCall.system, /do not solve the problem and you do not grade/);
    assert.match(
      firstCall.turns[0]!.text,
      /Reference solution \(for estimating step depth and concepts only\):/,
    );
    assert.match(firstCall.turns[0]!.text, /"scores": \{"C1": n, "C2": n\}/);
    // the re-ask continues the chat with the bad reply as the assistant turn
    const reask = server.log.filter((r) => problemIn(r) === p1)[1]!;
    assert.deepEqual(
      reask.turns.map((t) => t.role),
      ['user', 'assistant', 'user'],
    );
    assert.equal(reask.turns[1]!.text, 'This one is medium, I think.');

    // 2. The key works again: only p3 is asked; the no-DAG problem is never sent.
    keyRevoked = false;
    const before = server.log.length;
    const second = await runCommand(difficulty, argv);
    assert.equal(second.code, 1, 'p2 and no-dag have no tier');
    assert.equal(server.log.length - before, 1);
    assert.equal(perProblem('no-dag'), 0);
    assert.match(second.stderr, /1 judge call\(s\) made, 5 resumed from the transcript/);
    assert.match(
      second.stderr,
      new RegExp(`${p2}: difficulty-unparseable: .*scores\\.C1 must be 1, 2 or 3, got 4`),
    );
    assert.match(second.stderr, /no-dag: difficulty-no-dag/);
    const rows = readFileSync(join(out, 'difficulty.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      rows.map((r) => r.problem_id),
      [...ids, 'no-dag'],
    );
    const by = (id: string) => rows.find((r) => r.problem_id === id);
    assert.equal(by(p0).c1, 1);
    assert.equal(by(p0).s, 1 + 1 + by(p0).c3);
    assert.equal(by(p0).detail.reasked, false);
    assert.equal(by(p1).c1, 3);
    assert.equal(by(p1).detail.reasked, true);
    assert.equal(by(p1).c12_source, 'judge');
    assert.equal(by(p2).tier, null);
    assert.equal(by(p2).s, null);
    assert.equal(by(p2).error.code, 'difficulty-unparseable');
    assert.equal(by(p3).c2, 2);
    assert.ok(['easy', 'medium', 'hard'].includes(by(p3).tier));
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    assert.match(md, /5 problems, 3 with a tier, 2 without/);
    assert.match(md, /Against the dataset's own labels \(3 problems\)/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    assert.equal(summary.failures, 2);
    assert.equal(summary.c12_source, 'judge');
    // The one summary format: tier shares and agreement rates with n and a 95% interval.
    assert.deepEqual(validateJsonSchema(summarySchema, summary), []);
    assert.equal(summary.kind, 'difficulty');
    assert.equal(summary.metrics.overall.exact.n, 3);
    // agreement.exact is rounded to 4 places; the estimate keeps the share itself.
    assert.equal(Math.round(summary.metrics.overall.exact.mean * 1e4) / 1e4, summary.agreement.exact);
    assert.equal(summary.metrics.overall.easy.n, 3);

    // 3. Nothing is missing: zero requests, the same rows.
    const third = await runCommand(difficulty, argv);
    assert.equal(server.log.length - before, 1);
    assert.match(third.stderr, /0 judge call\(s\) made, 6 resumed/);
    assert.equal(readFileSync(join(out, 'difficulty.jsonl'), 'utf8').trim().split('\n').length, 5);

    // 4. The rows read back as --c12 give the same tiers without a model.
    const replay = await runCommand(difficulty, [
      '--dataset',
      path,
      '--c12',
      join(out, 'difficulty.jsonl'),
      '--out',
      join(tmp, 'replay'),
      '--json',
    ]);
    assert.equal(replay.code, 1);
    const again = readFileSync(join(tmp, 'replay', 'difficulty.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      again.map((r) => r.tier),
      rows.map((r) => r.tier),
    );
    assert.deepEqual(
      again.map((r) => r.error?.code ?? null),
      rows.map((r) => r.error?.code ?? null),
    );
    assert.equal(JSON.parse(replay.stdout).c12_source, 'file');
    assert.equal(server.log.length - before, 1);
  } finally {
    await server.close();
  }
});

test('--proxy on the bundled benchmark: every problem graded offline, compared with the authors labels', async () => {
  const out = join(tmp, 'proxy');
  const r = await runCommand(difficulty, ['--proxy', '--out', out, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.problems, 70);
  assert.equal(s.scored, 70);
  assert.deepEqual(s.cuts, { a: 5, b: 7 });
  assert.equal(s.agreement.n, 70);
  assert.ok(s.agreement.exact > 1 / 3, 'better than chance');
  const md = await runCommand(difficulty, ['--proxy', '--out', out, '--domain', 'optics', '--cuts', '4,8']);
  assert.equal(md.code, 0);
  assert.match(md.stdout, /rule-based proxy/);
  assert.match(md.stdout, /10 problems, 10 with a tier/);
  assert.match(md.stdout, /Easy ≤ 4 < Medium ≤ 8 < Hard/);
});

test('bad input: one line on stderr, exit 2', async () => {
  const badC12 = join(tmp, 'bad.jsonl');
  writeFileSync(badC12, '{"problem_id":"x","c1":5,"c2":1}\n');
  const cases: [string[], RegExp][] = [
    [[], /say where C1\/C2 come from: --proxy/],
    [['--proxy', '--model', 'm'], /choose one source of C1\/C2, not --proxy and --model/],
    [['--proxy', '--c12', badC12], /choose one source/],
    [['--proxy', '--cuts', '7,5'], /--cuts must be two integers A,B with 2 ≤ A ≤ B ≤ 9, not '7,5'/],
    [['--proxy', '--cuts', 'x'], /--cuts must be/],
    [['--c12', join(tmp, 'nope.jsonl')], /cannot read --c12 .*nope\.jsonl: ENOENT/],
    [['--c12', badC12], /--c12 .*bad\.jsonl: line 1: C1 and C2 must be 1, 2 or 3 \(got 5, 1\)/],
    [['--proxy', '--dataset', join(tmp, 'missing.json')], /missing\.json/],
    [['--proxy', '--domain', 'optcs'], /--domain 'optcs' matches no problem\. Did you mean 'optics'\?/],
    [['--proxy', '--concurrency', '0'], /--concurrency must be a positive integer/],
    [['--proxy', '--bogus'], /Unknown option '--bogus'/],
  ];
  for (const [argv, message] of cases) {
    const r = await runCommand(difficulty, argv);
    assert.equal(r.code, 2, `${argv.join(' ')} → ${r.code}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /at .*\.ts:\d+/);
  }
});
