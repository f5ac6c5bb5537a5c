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

/** Kendall τ_b by its definition, O(n²): a second implementation for the checks below. */
function naiveTauB(x: readonly number[], y: readonly number[]): number {
  let c = 0;
  let d = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      const a = Math.sign(x[i]! - x[j]!);
      const b = Math.sign(y[i]! - y[j]!);
      if (a === 0 && b === 0) continue;
      if (a === 0) tx++;
      else if (b === 0) ty++;
      else if (a === b) c++;
      else d++;
    }
  return (c - d) / Math.sqrt((c + d + tx) * (c + d + ty));
}

test('TIER_CUTS has the most exact matches of all monotone pairs on the bundled labels; the agreement, recounted', () => {
  const { problems } = loadBundledDataset();
  // S recomputed from the parts, the tier by the documented rule (S ≤ 5 easy, ≤ 7 medium, else hard).
  const s = problems.map(
    (p) => proxyC12(p).c1 + proxyC12(p).c2 + structuralComplexity(p.grading_standard).c3,
  );
  const label = problems.map((p) => ['easy', 'medium', 'hard'].indexOf(p.difficulty!) + 1);
  const level = (v: number, a: number, b: number): number => (v <= a ? 1 : v <= b ? 2 : 3);
  const matches = (a: number, b: number): number => s.filter((v, i) => level(v, a, b) === label[i]).length;
  let best = 0;
  for (let a = 2; a <= 9; a++) for (let b = a; b <= 9; b++) best = Math.max(best, matches(a, b));
  assert.equal(matches(TIER_CUTS.a, TIER_CUTS.b), best, 'no pair has more exact matches');
  const tiers = s.map((v) => level(v, TIER_CUTS.a, TIER_CUTS.b));
  const confusion = [0, 1, 2].map((l) =>
    [0, 1, 2].map((t) => tiers.filter((x, i) => label[i] === l + 1 && x === t + 1).length),
  );
  const exact = tiers.filter((t, i) => t === label[i]).length;
  const within = tiers.filter((t, i) => Math.abs(t - label[i]!) <= 1).length;
  // The code's summary agrees with the recount; docs/difficulty.md's numbers are these.
  const rows = problems.map((p) => {
    const { c1, c2 } = proxyC12(p);
    return difficultyRow(p, 'proxy', { ok: true, c1, c2 });
  });
  assert.deepEqual(
    rows.map((r) => r.s),
    s,
  );
  const cal = calibrateCutPoints(s, label as (1 | 2 | 3)[], SCORE_RANGE);
  assert.deepEqual(cal.cuts, TIER_CUTS);
  const a = summarizeDifficulty(rows, 'proxy').agreement!;
  assert.equal(a.n, 70);
  assert.deepEqual(a.confusion, confusion);
  assert.equal(a.exact, Math.round((exact / 70) * 1e4) / 1e4);
  assert.equal(a.within_one, within / 70);
  assert.ok(Math.abs(a.tau_b - naiveTauB(tiers, label)) < 1e-4, `${a.tau_b} vs ${naiveTauB(tiers, label)}`);
  // As documented in docs/difficulty.md.
  assert.equal(exact, 45);
  assert.equal(within, 70);
  assert.deepEqual(confusion, [
    [16, 5, 0],
    [9, 11, 8],
    [0, 3, 18],
  ]);
  assert.equal(a.loo_exact, 0.5);
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
