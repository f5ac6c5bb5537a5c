// The difficulty model's pieces: tiers, the rule-based proxy, the judge reply parser, --c12 files,
// and the documented calibration claims re-derived from the bundled benchmark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PROXY_THRESHOLDS, proxyC12 } from '../../src/dag/proxy-c12.js';
import { structuralComplexity } from '../../src/dag/structural-complexity.js';
import type { DagNode, Problem } from '../../src/dag/types.js';
import { loadBundledDataset } from '../../src/dataset/bundled-dataset.js';
import { difficultyRow } from '../../src/difficulty/difficulty-row.js';
import { SCORE_RANGE, TIER_CUTS, tierFromScore, tierLevel } from '../../src/difficulty/difficulty-tier.js';
import { parseC12File } from '../../src/difficulty/parse-c12-file.js';
import { parseDifficultyJudgement } from '../../src/difficulty/parse-difficulty-judgement.js';
import { summarizeDifficulty } from '../../src/difficulty/summarize-difficulty.js';
import { calibrateCutPoints } from '../../src/stats/calibrate-cut-points.js';
import { tertileThresholds } from '../../src/stats/tertile-thresholds.js';

const node = (index: number, formula: string, dependency: number[] = []): DagNode => ({
  index,
  formula,
  dependency,
});

test('tiers: S ≤ 5 easy, 6–7 medium, ≥ 8 hard by default; other cut-points respected', () => {
  assert.deepEqual(
    [3, 4, 5, 6, 7, 8, 9].map((s) => tierFromScore(s)),
    ['easy', 'easy', 'easy', 'medium', 'medium', 'hard', 'hard'],
  );
  assert.deepEqual(
    [4, 5, 9].map((s) => tierFromScore(s, { a: 4, b: 8 })),
    ['easy', 'medium', 'hard'],
  );
  assert.deepEqual(
    ['easy', 'medium', 'hard'].map((t) => tierLevel(t as 'easy')),
    [1, 2, 3],
  );
});

test('proxy: C1 counts DAG sources + extra sub-questions, C2 counts nodes + 2 per calculus operator', () => {
  const simple = { grading_standard: [node(1, 'F = m a'), node(2, 'a = F/m', [1])] };
  assert.deepEqual(proxyC12(simple), { c1: 1, c2: 1, concepts: 1, burden: 2 });
  const heavy: Pick<Problem, 'grading_standard' | 'subquestions'> = {
    grading_standard: [
      node(1, 'W = \\int_0^L F\\,dx'),
      node(2, 'v = \\frac{dx}{dt}'),
      node(3, 'a = \\frac{\\mathrm{d}^2 x}{\\mathrm{d}t^2}'),
      node(4, '\\nabla \\cdot E = \\rho/\\epsilon_0'),
      node(5, 'x = \\frac{d}{2}', [1, 2]), // a distance d over 2: not a derivative
      node(6, 'y = \\cdot', [5]),
    ],
    subquestions: [
      { letter: 'a', subproblem: '', solution: '' },
      { letter: 'b', subproblem: '', solution: '' },
    ] as unknown as NonNullable<Problem['subquestions']>,
  };
  const p = proxyC12(heavy);
  assert.equal(p.concepts, 4 + 1);
  assert.equal(p.burden, 6 + 2 * 4, 'integral, two derivatives and ∇; not d/2, not \\cdot');
  assert.equal(p.c1, 3);
  assert.equal(p.c2, 3);
});

test("the proxy's thresholds are the tertiles of its counts over the bundled benchmark (label-free)", () => {
  const { problems } = loadBundledDataset();
  const px = problems.map((p) => proxyC12(p));
  const c = tertileThresholds(px.map((x) => x.concepts));
  const b = tertileThresholds(px.map((x) => x.burden));
  assert.deepEqual([c.t1, c.t2], [...PROXY_THRESHOLDS.concepts]);
  assert.deepEqual([b.t1, b.t2], [...PROXY_THRESHOLDS.burden]);
});

test('TIER_CUTS is what calibrateCutPoints picks for proxy S on the bundled labels; agreement as the README says', () => {
  const { problems } = loadBundledDataset();
  const rows = problems.map((p) => {
    const { c1, c2 } = proxyC12(p);
    return difficultyRow(p, 'proxy', { ok: true, c1, c2 });
  });
  const labels = rows.map((r) => tierLevel(r.label!));
  const cal = calibrateCutPoints(
    rows.map((r) => r.s!),
    labels,
    SCORE_RANGE,
  );
  assert.deepEqual(cal.cuts, TIER_CUTS);
  const summary = summarizeDifficulty(rows, 'proxy');
  const a = summary.agreement!;
  assert.equal(a.n, 70);
  assert.equal(a.exact, 0.6429); // 45 / 70
  assert.equal(a.within_one, 1);
  assert.equal(a.tau_b, 0.6724);
  assert.equal(a.loo_exact, 0.5);
  assert.deepEqual(a.confusion, [
    [16, 5, 0],
    [9, 11, 8],
    [0, 3, 18],
  ]);
});

test('a row: S = C1 + C2 + C3 with the tier; a failure or a missing DAG gives no S and says why', () => {
  const dag = [node(1, 'a = 1'), node(2, 'b = 2'), node(3, 'c = 3'), node(4, 'd = a', [1, 2, 3])];
  const problem = { id: 'q', context: '', grading_standard: dag, difficulty: 'hard' } as Problem;
  const row = difficultyRow(problem, 'judge', { ok: true, c1: 3, c2: 2 });
  assert.equal(row.c3, structuralComplexity(dag).c3);
  assert.equal(row.c3, 2);
  assert.equal(row.s, 7);
  assert.equal(row.tier, 'medium');
  assert.equal(row.label, 'hard');
  const failed = difficultyRow(problem, 'judge', {
    ok: false,
    error: { code: 'difficulty-unparseable', message: 'm' },
  });
  assert.equal(failed.s, null);
  assert.equal(failed.tier, null);
  assert.equal(failed.error?.code, 'difficulty-unparseable');
  const bare = difficultyRow({ ...problem, grading_standard: [] }, 'proxy', { ok: true, c1: 1, c2: 1 });
  assert.equal(bare.tier, null);
  assert.equal(bare.c3, null);
  assert.equal(bare.error?.code, 'difficulty-no-dag');
});

const reply = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    scores: { C1: 2, C2: 3 },
    rationales: { C1: 'two laws', C2: 'an integral' },
    reasoning: 'Momentum and energy. One integral.',
    confidence: 0.7,
    ...over,
  });

test('judge replies: strict shape; fenced JSON accepted; anything missing or out of range rejected with a reason', () => {
  const ok = parseDifficultyJudgement(reply());
  assert.ok(ok.ok);
  assert.equal(ok.value.c1, 2);
  assert.equal(ok.value.c2, 3);
  assert.ok(parseDifficultyJudgement(`Here:\n\`\`\`json\n${reply()}\n\`\`\``).ok);
  const bad: [string, RegExp][] = [
    ['I would say medium.', /no JSON object/],
    [reply({ scores: { C1: 4, C2: 1 } }), /scores\.C1 must be 1, 2 or 3, got 4/],
    [reply({ scores: { C1: 2, C2: '2' } }), /scores\.C2 must be 1, 2 or 3, got "2"/],
    [reply({ scores: { C1: 1.5, C2: 1 } }), /scores\.C1/],
    [reply({ scores: [1, 2] }), /scores must be an object/],
    [reply({ rationales: 'fine' }), /rationales must be an object/],
    [reply({ reasoning: 3 }), /reasoning must be a string/],
    [reply({ confidence: 1.2 }), /confidence must be a number from 0 to 1, got 1.2/],
    [reply({ confidence: 'high' }), /confidence/],
  ];
  for (const [text, why] of bad) {
    const r = parseDifficultyJudgement(text);
    assert.equal(r.ok, false, text);
    if (!r.ok) assert.match(r.error, why);
  }
});

test('--c12 files: c1/c2, C1/C2 or scores.C1/C2 per problem_id; recorded failures kept; bad lines named', () => {
  const f = parseC12File(
    [
      '{"problem_id":"a","c1":1,"c2":2}',
      '',
      '{"problem_id":"b","C1":3,"C2":3}',
      '{"problem_id":"c","scores":{"C1":2,"C2":1}}',
      '{"problem_id":7,"c1":2,"c2":2}',
      '{"problem_id":"d","c1":null,"c2":null,"error":{"code":"difficulty-unparseable","message":"x"}}',
      '{"problem_id":"a","c1":3,"c2":3}',
    ].join('\n'),
  );
  assert.deepEqual(f.errors, []);
  assert.deepEqual(f.byId.get('a'), { ok: true, c1: 3, c2: 3 }, 'a later line wins');
  assert.deepEqual(f.byId.get('c'), { ok: true, c1: 2, c2: 1 });
  assert.deepEqual(f.byId.get('7'), { ok: true, c1: 2, c2: 2 });
  assert.equal(f.byId.get('d')?.ok, false);
  const bad = parseC12File('{"problem_id":"a","c1":0,"c2":2}\nnot json\n[1]\n{"c1":1,"c2":1}');
  assert.deepEqual(bad.errors, [
    'line 1: C1 and C2 must be 1, 2 or 3 (got 0, 2)',
    'line 2: not JSON',
    'line 3: not a JSON object',
    'line 4: no problem_id',
  ]);
});
