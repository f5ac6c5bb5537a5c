import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { recordsCsv, summaryCsv } from '../../src/report/to-csv.js';
import { estimateMean, tQuantile975, wilsonInterval } from '../../src/stats/mean-estimate.js';
import { runCli } from '../helpers/cli.js';
import { validateJsonSchema } from '../helpers/json-schema.js';
import { syntheticAnswer, syntheticProblems } from '../runs/synthetic.js';

const schema = JSON.parse(
  readFileSync(new URL('../../schema/prism.summary.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const close = (a: number, b: number, tol = 1e-4) => assert.ok(Math.abs(a - b) < tol, `${a} vs ${b}`);

test('t quantiles and Wilson intervals match their tables', () => {
  close(tQuantile975(1), 12.7062);
  close(tQuantile975(2), 4.3027);
  close(tQuantile975(10), 2.2281);
  close(tQuantile975(1000), 1.9623);
  // 7 of 10: Wilson 95% [0.3968, 0.8922] (Newcombe 1998, method 3).
  const [lo, hi] = wilsonInterval(7, 10);
  close(lo, 0.3968);
  close(hi, 0.8922);
  const [z0, z1] = wilsonInterval(0, 5);
  assert.equal(z0, 0);
  close(z1, 0.4345);
});

test('estimateMean: Wilson for 0/1 values, t otherwise, nothing it cannot know', () => {
  const acc = estimateMean([1, 1, 0, 1, 0, 1, 1, 0, 1, 1]);
  assert.equal(acc.ci_method, 'wilson');
  close(acc.mean!, 0.7);
  close(acc.stderr!, Math.sqrt((0.7 * 0.3) / 9), 1e-12); // sample sd / √n, as acc_stderr
  const steps = estimateMean([0.2, 0.4, 0.6]);
  assert.equal(steps.ci_method, 't');
  close(steps.stderr!, 0.2 / Math.sqrt(3), 1e-12);
  close(steps.ci95![0], 0); // 0.4 − 4.3027·0.11547 < 0: clipped
  close(steps.ci95![1], 0.4 + 4.302653 * (0.2 / Math.sqrt(3)));
  assert.deepEqual(estimateMean([]), { mean: null, n: 0, stderr: null, ci95: null, ci_method: null });
  const one = estimateMean([0.5]);
  assert.equal(one.stderr, null);
  assert.equal(one.ci95, null);
});

test('prism score and prism run write the one summary format, valid against schema/prism.summary.schema.json', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'prism-summary-'));
  const problems = syntheticProblems(9);
  const dataset = join(tmp, 'dataset.json');
  writeFileSync(dataset, JSON.stringify(problems));
  const answers = join(tmp, 'answers.jsonl');
  writeFileSync(
    answers,
    problems
      .map((p) => `${JSON.stringify({ problem_id: p.id, response: syntheticAnswer(p.id) })}\n`)
      .join(''),
  );
  const out = join(tmp, 'score');
  const r = await runCli(['score', '--dataset', dataset, '--responses', answers, '--out', out, '--quiet']);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  assert.deepEqual(validateJsonSchema(schema, summary), []);
  assert.equal(summary.kind, 'score');
  assert.equal(summary.metrics.overall.step_score.n, 9);
  assert.deepEqual(Object.keys(summary.metrics.by_domain), ['mechanics', 'optics', 'quantum']);
  assert.deepEqual(Object.keys(summary.metrics.by_difficulty), ['easy', 'medium', 'hard']);
  // CSV beside the JSONL: one row per record, one per group and metric.
  assert.equal(readFileSync(join(out, 'records.csv'), 'utf8').trim().split('\r\n').length, 1 + 9);
  assert.equal(
    readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\r\n').length,
    1 + 2 * (1 + 3 + 3),
  );
  // report reads a score output directory too, with the uncertainty table.
  const rep = await runCli(['report', out]);
  assert.equal(rep.code, 0, rep.stderr);
  assert.match(rep.stdout, /Uncertainty \(95% intervals over problems\)/);
  assert.match(rep.stdout, /\| Overall \| 9 \| [\d.]+ ± [\d.]+ \[[\d.]+, [\d.]+\]/);
  const json = await runCli(['report', out, '--json']);
  assert.deepEqual(JSON.parse(json.stdout).metrics, summary.metrics);
  // Near misses the schema must reject.
  assert.notDeepEqual(validateJsonSchema(schema, { ...summary, metrics: undefined }), []);
  const bad = structuredClone(summary);
  bad.metrics.overall.step_score.stderr = -1;
  assert.notDeepEqual(validateJsonSchema(schema, bad), []);
  const wrongVersion = { ...summary, schema: 'prism-summary-v0' };
  assert.notDeepEqual(validateJsonSchema(schema, wrongVersion), []);
  // Fields added later at the top level are tolerated.
  assert.deepEqual(validateJsonSchema(schema, { ...summary, added_later: 1 }), []);
});

test('CSV: quoted where needed, formula-looking text defused, added record fields ignored', () => {
  const csv = recordsCsv([
    {
      response_id: 'a,"b"',
      problem_id: '=HYPERLINK("x")',
      sample: 0,
      step_score: 0.5,
      final_answer_correct: null,
      matched: [1, 2],
      achieved: [1, 2, 3],
      total_nodes: 4,
      scorer_version: 'v',
      given: 'a field another stage added',
    },
  ]);
  const [header, row] = csv.trim().split('\r\n');
  assert.equal(
    header,
    'response_id,problem_id,sample,step_score,final_answer_correct,matched,achieved,total_nodes,scorer_version',
  );
  assert.equal(row, `"a,""b""","'=HYPERLINK(""x"")",0,0.5,,2,3,4,v`);
  const metrics = {
    unit: 'problem' as const,
    interval: { level: 0.95 as const, method: 'm' },
    overall: {
      problems: 1,
      responses: 1,
      step_score: estimateMean([0.5]),
      final_answer_accuracy: estimateMean([1]),
    },
    by_difficulty: {},
    by_domain: {},
  };
  assert.equal(summaryCsv(metrics).split('\r\n')[1], 'overall,overall,step_score,0.5,1,,,,');
});
