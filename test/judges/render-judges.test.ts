// Rendering and parsing details of the judges, by hand (survivors of the mutation check, issue 26).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type JudgedRow,
  pairedCriteria,
  renderJudgeSummary,
  renderPairedCriteria,
  renderTable2,
  summarizeJudgements,
} from '../../src/judges/index.js';
import { parseStepJudgement } from '../../src/judges/parse-judgement.js';
import { CRITERIA } from '../../src/pipeline/index.js';

const all = (s: number) =>
  Object.fromEntries(CRITERIA.map((c) => [c, s])) as Record<(typeof CRITERIA)[number], number>;
const row = (id: string, pps: number): JudgedRow => ({
  problem_id: id,
  judgement: { ok: true, rubric: 'pps', scores: all(3), overall_correctness: null, pps, reasked: false },
});

test('the step judgement must be true or false', () => {
  assert.deepEqual(parseStepJudgement('{"correct": false}'), { ok: true, value: { correct: false } });
  for (const bad of ['{"correct": "yes"}', '{"correct": 1}', '{}'])
    assert.equal(parseStepJudgement(bad).ok, false, bad);
});

test('the summary table shows mean / median / sd, and – for an empty group', () => {
  const problems = ['a', 'b', 'c', 'd'].map((id) => ({
    id,
    context: '',
    difficulty: 'easy' as const,
    grading_standard: [],
  }));
  const md = renderJudgeSummary(
    summarizeJudgements('pps', [row('a', 10), row('b', 20), row('c', 40), row('d', 90)], problems),
    'x',
  );
  // mean 40, median 30, sd 35.59 (Python statistics).
  assert.match(md, /\| 40\.00 \/ 30\.00 \/ 35\.59 \|/);
  const empty = renderJudgeSummary(summarizeJudgements('pps', [], problems), 'x');
  assert.doesNotMatch(empty, /NaN|null/);
  assert.match(empty, /\| – \|/);
});

test('Table 2: an Average over the models that have the cell, one model alone included', () => {
  const problems = [
    { id: 'e', context: '', difficulty: 'easy' as const, grading_standard: [] },
    { id: 'h', context: '', difficulty: 'hard' as const, grading_standard: [] },
  ];
  const table = renderTable2([
    {
      model: 'A',
      technique: 'zero-shot',
      summary: summarizeJudgements('pps', [row('e', 80), row('h', 50)], problems),
    },
    { model: 'B', technique: 'zero-shot', summary: summarizeJudgements('pps', [row('e', 60)], problems) },
  ]);
  const avg = table.split('\n').find((l) => l.startsWith('| Average'))!;
  // Easy (80 + 60)/2 = 70.00; Hard only A: 50.00; Medium none: –.
  assert.match(avg, /70\.00/);
  assert.match(avg, /50\.00/);
});

test('Table 4 prints p to four decimals, in exponent form below 0.001', () => {
  const a = [row('1', 50), row('2', 50), row('3', 50), row('4', 50)];
  const b = [row('1', 52), row('2', 51), row('3', 53), row('4', 50)];
  const md = renderPairedCriteria('x', pairedCriteria(a, b));
  // Differences 2, 1, 3, 0: mean 1.5, sd √(5/3), t = 1.5/(√(5/3)/2) = 2.3238; p from the closed
  // form of the t distribution with 3 df, 1 − 2·[u/(1+u²) + atan u]/π with u = t/√3: 0.10273.
  const pps = md.split('\n').find((l) => l.startsWith('| pps'))!;
  assert.match(pps, /\| 2\.32 \| 0\.1027 \| no \|/);
  const tiny = renderPairedCriteria('x', [
    { ...pairedCriteria(a, b)[0]!, test: { t: 9, p: 0.000123, df: 3 } as never },
  ]);
  assert.match(tiny, /\| 1\.23e-4 \|/);
});
