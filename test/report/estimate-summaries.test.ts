// Intervals in the summaries of prism judge, errors and difficulty: the prism-summary-v1 shape with
// named estimates on their own scales, checked against hand computations.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { summarizeErrors } from '../../src/error-analysis/error-summary.js';
import { type JudgedRow, summarizeJudgements } from '../../src/judges/judge-summary.js';
import { renderJudgeSummary } from '../../src/judges/render-judge-summary.js';
import { estimateOnScale } from '../../src/stats/mean-estimate.js';
import { validateJsonSchema } from '../helpers/json-schema.js';

const schema = JSON.parse(
  readFileSync(new URL('../../schema/prism.summary.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const close = (a: number, b: number, tol = 1e-4) => assert.ok(Math.abs(a - b) < tol, `${a} vs ${b}`);

test('estimateOnScale: Student t clipped to the metric’s scale, Wilson only for shares', () => {
  // Criterion scores 4, 5, 5, 3: mean 4.25, sd 0.957427, se 0.478714, t(0.975, 3) = 3.182446.
  const c = estimateOnScale([4, 5, 5, 3], [1, 5]);
  assert.equal(c.ci_method, 't');
  close(c.mean!, 4.25);
  close(c.stderr!, 0.478714);
  close(c.ci95![0], 4.25 - 3.182446 * 0.478714);
  assert.equal(c.ci95![1], 5, 'clipped at the top of the 1–5 scale');
  // 0/1 values on a 0–100 scale are not a share: t, not Wilson.
  assert.equal(estimateOnScale([0, 100, 100], [0, 100]).ci_method, 't');
  assert.equal(estimateOnScale([0, 1, 1], [0, 1]).ci_method, 'wilson');
});

const problems: Problem[] = ['p1', 'p2', 'p3', 'p4'].map((id, i) => ({
  id,
  context: '',
  domain: i < 2 ? 'mechanics' : 'optics',
  difficulty: i < 3 ? 'easy' : 'hard',
  grading_standard: [{ index: 1, formula: '$$x = 1$$', dependency: [] }],
}));
const criteria = (s: number) => ({
  mathematical_accuracy: s,
  logical_consistency: s,
  completeness: s,
  clarity_and_coherence: s,
  formulas_principles: s,
  assumptions_made: s,
});
const pps = (id: string, value: number, s: number): JudgedRow => ({
  problem_id: id,
  judgement: {
    ok: true,
    rubric: 'pps',
    scores: criteria(s) as never,
    overall_correctness: null,
    pps: value,
    reasked: false,
  },
});

test('prism judge’s summary: every metric with n, standard error and a 95% interval, by tier and domain', () => {
  const rows = [pps('p1', 60, 3), pps('p2', 80, 4), pps('p3', 70, 4), pps('p4', 90, 5)];
  const failed: JudgedRow = { problem_id: 'p4', judgement: { ok: false } as never };
  const summary = summarizeJudgements('pps', [...rows, failed], problems);
  assert.deepEqual(validateJsonSchema(schema, summary), []);
  assert.equal(summary.kind, 'judge');
  const all = summary.metrics.overall.pps!;
  // PPS 60, 80, 70, 90: mean 75, sd 12.9099, se 6.45497; t(3) → [54.457, 95.543].
  assert.equal(all.n, 4);
  close(all.mean!, 75);
  close(all.stderr!, 6.45497);
  close(all.ci95![0], 75 - 3.182446 * 6.45497);
  close(all.ci95![1], 75 + 3.182446 * 6.45497);
  assert.deepEqual(all.scale, [0, 100]);
  // Easy holds p1–p3 (60, 80, 70); hard one answer: no standard error, no interval.
  close(summary.metrics.by_difficulty!.easy!.pps!.mean!, 70);
  assert.equal(summary.metrics.by_difficulty!.hard!.pps!.stderr, null);
  assert.equal(summary.metrics.by_difficulty!.hard!.pps!.ci95, null);
  assert.deepEqual(Object.keys(summary.metrics.by_domain!), ['mechanics', 'optics']);
  assert.deepEqual(summary.metrics.overall.completeness!.scale, [1, 5]);
  // The failure is counted apart, never a value.
  assert.equal(summary.failures, 1);
  assert.match(renderJudgeSummary(summary, 'm'), /\| all \| 4 \| 75\.0 ± 6\.5 \[54\.5, 95\.5\]/);
});

test('prism errors’ summary: each class’s share with its Wilson interval; failures are not in n', () => {
  const ok = (primary: 'DCE' | 'VRE') => ({
    result: { ok: true as const, primary_error: primary, secondary_errors: [] },
  });
  const summary = summarizeErrors([ok('DCE'), ok('DCE'), ok('VRE'), ok('DCE'), { result: { ok: false } }], {
    model: 'm',
    technique: 'zero-shot',
    included: 'imperfect',
    answers: 6,
    perfect_skipped: 1,
  });
  assert.deepEqual(validateJsonSchema(schema, summary), []);
  const dce = summary.metrics.overall.DCE!;
  assert.equal(dce.n, 4);
  close(dce.mean!, 0.75);
  // 3 of 4, Wilson 95%: [0.3006, 0.9544] (computed by hand from Wilson's formula).
  close(dce.ci95![0], 0.3006);
  close(dce.ci95![1], 0.9544);
  assert.equal(summary.metrics.overall.DAE!.mean, 0);
});

test('errors summary: with the problems, each label’s share by difficulty and by domain (Wilson), schema-valid', () => {
  const row = (problem_id: string, primary: 'DCE' | 'VRE') => ({
    problem_id,
    result: { ok: true as const, primary_error: primary, secondary_errors: [] },
  });
  const rows = [row('p1', 'DCE'), row('p2', 'VRE'), row('p3', 'DCE'), row('p4', 'DCE'), row('p4', 'VRE')];
  const run = {
    model: 'm',
    technique: 'zero-shot',
    included: 'imperfect' as const,
    answers: 5,
    perfect_skipped: 0,
  };
  const summary = summarizeErrors([...rows, { problem_id: 'p1', result: { ok: false } }], run, problems);
  assert.deepEqual(validateJsonSchema(schema, summary), []);
  const m = summary.metrics;
  // p1, p2 mechanics; p3, p4 optics; p1–p3 easy, p4 hard. Failures count in no group.
  assert.deepEqual(Object.keys(m.by_difficulty ?? {}), ['easy', 'hard']);
  assert.deepEqual(Object.keys(m.by_domain ?? {}), ['mechanics', 'optics']);
  assert.equal(m.by_domain!.mechanics!.DCE!.n, 2);
  close(m.by_domain!.mechanics!.DCE!.mean!, 0.5);
  close(m.by_domain!.optics!.DCE!.mean!, 2 / 3);
  close(m.by_difficulty!.easy!.DCE!.mean!, 2 / 3);
  close(m.by_difficulty!.hard!.VRE!.mean!, 0.5);
  // 1 of 2, Wilson 95%: [0.0945, 0.9055] (by hand from Wilson's formula).
  close(m.by_domain!.mechanics!.DCE!.ci95![0], 0.0945);
  close(m.by_domain!.mechanics!.DCE!.ci95![1], 0.9055);
  assert.deepEqual(m.overall, summarizeErrors(rows, run).metrics.overall, 'overall unchanged by grouping');
  assert.equal(summarizeErrors(rows, run).metrics.by_domain, undefined, 'no groups without the problems');
});

test('near miss: a summary with a step score’s metrics block under kind judge is refused by the schema', () => {
  const summary = summarizeJudgements('binary', [], problems);
  assert.deepEqual(validateJsonSchema(schema, summary), []);
  const wrong = { ...summary, metrics: { ...summary.metrics, overall: { step_score: 0.5 } } };
  assert.notDeepEqual(validateJsonSchema(schema, wrong), []);
  const runShape = { schema: 'prism-summary-v1', kind: 'run', metrics: summary.metrics };
  assert.notDeepEqual(validateJsonSchema(schema, runShape), []);
});
