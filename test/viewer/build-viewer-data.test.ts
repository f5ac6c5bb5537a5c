import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { buildViewerData, tableOf } from '../../src/viewer/build-viewer-data.js';
import { renderHtmlReport } from '../../src/viewer/render-html-report.js';
import { variableNames } from '../../src/viewer/variable-names.js';

const problem: Problem = {
  id: 'toy-1',
  context: 'A ball falls from rest for a time t.',
  domain: 'mechanics',
  difficulty: 'easy',
  grading_standard: [
    { index: 1, formula: '$$v = g t$$', dependency: [] },
    { index: 2, formula: '$$h = \\frac{1}{2} g t^2$$', dependency: [] },
    { index: 3, formula: '$$v^2 = 2 g h$$', dependency: [1, 2], is_final_answer: true },
  ],
};

test('a scored response becomes an item, a problem with layers and a detail with evidence for missed nodes', () => {
  const answer = 'Speed: $v = g t$. Height: $h = g t^2$ (a factor dropped). So $v^2 = g h$.';
  const record = createScorer([problem]).scoreResponse('toy-1', answer, { response_id: 'r1' });
  const { data, details } = buildViewerData(
    [{ name: 'toy', source: 'mem', records: [record], responses: [answer] }],
    [problem],
  );
  const item = data.runs[0]!.items[0]!;
  assert.equal(item.problem_id, 'toy-1');
  assert.equal(item.step_score, record.step_score);
  assert.deepEqual(
    data.problems['toy-1']!.nodes.map((n) => n.layer),
    [1, 1, 2],
  );
  const detail = details[0]![0]!;
  assert.equal(detail.response, answer);
  const missed = record.nodes.filter((n) => n.status === 'missed').map((n) => String(n.index));
  assert.ok(missed.includes('2'), 'the dropped factor misses node 2');
  const ev = detail.evidence['2']!;
  assert.ok(ev.length > 0);
  assert.equal(ev[0]!.verdict, 'different');
  assert.ok(ev[0]!.counterexample !== undefined || ev[0]!.shortcut !== undefined);
  assert.ok(ev[0]!.shared_variables.includes('h'));
  // The overview is computed from the records when no summary.json is given.
  assert.equal(data.runs[0]!.table.average.step_score, record.step_score);
});

test('no evidence is computed when perNode is 0', () => {
  const record = createScorer([problem]).scoreResponse('toy-1', 'nothing here $x = 1$');
  const { details } = buildViewerData(
    [{ name: 'r', source: 'm', records: [record], responses: [null] }],
    [problem],
    {
      perNode: 0,
    },
  );
  assert.deepEqual(details[0]![0]!.evidence, {});
});

test('records naming unknown problems are left out', () => {
  const { data } = buildViewerData(
    [{ name: 'r', source: 'm', records: [{ problem_id: 'nope', step_score: 1 }], responses: [null] }],
    [problem],
  );
  assert.equal(data.runs[0]!.items.length, 0);
});

test('tableOf reads both summary shapes (prism score and prism run)', () => {
  const score = tableOf({
    overall: {
      group: 'overall',
      responses: 4,
      problems: 2,
      mean_step_score: 0.5,
      final_answer_accuracy: 0.25,
    },
    by_difficulty: [
      { group: 'easy', responses: 4, problems: 2, mean_step_score: 0.5, final_answer_accuracy: null },
    ],
    by_domain: [
      { group: 'optics', responses: 4, problems: 2, mean_step_score: 0.5, final_answer_accuracy: 0.25 },
    ],
  })!;
  assert.equal(score.average.step_score, 0.5);
  assert.equal(score.average.accuracy, 0.25);
  assert.equal(score.by_difficulty[0]!.accuracy, null);
  const cell = { problems: 3, accuracy: 0.5, step_score: 0.75, mean_time_s: 2 };
  const run = tableOf({
    schema: 'prism-report-v1',
    by_difficulty: { easy: cell, medium: cell, hard: cell, unrated: { problems: 0 } },
    average: cell,
    by_domain: { quantum: cell },
  })!;
  assert.deepEqual(
    run.by_difficulty.map((r) => r.group),
    ['easy', 'medium', 'hard'],
  );
  assert.equal(run.average.mean_time_s, 2);
  assert.equal(run.by_domain[0]!.group, 'quantum');
  assert.equal(tableOf({ something: 1 }), undefined);
});

test('the HTML report cannot be broken out of by a response containing </script>', () => {
  const html = renderHtmlReport({
    data: { schema: 'prism-viewer-v1', runs: [], problems: {} },
    details: [
      [
        {
          response: '</script><script>alert(1)</script>',
          formulas: [],
          nodes: [],
          evidence: {},
          dropped: [],
          final_answer: null,
          diagnostics: [],
        },
      ],
    ],
    appJs: 'var a = "</script>";',
    appCss: '',
    title: '<b>t</b>',
  });
  assert.equal(html.match(/<\/script>/g)?.length, 3, 'only the data, one detail and the app close a script');
  assert.ok(!html.includes('<b>t</b>'));
});

test('variableNames ranks by symbols, not LaTeX commands', () => {
  assert.deepEqual(variableNames('\\frac{1}{2} m v_0^2 = E_{k}'), ['E_{k}', 'm', 'v_0']);
  assert.deepEqual(variableNames('\\omega = \\sqrt{k/m}'), ['\\omega', 'k', 'm']);
});

test('PRiSM task files: a damaged one is left out with a warning naming it, the others are read', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { loadViewerInput } = await import('../../src/viewer/load-viewer-input.js');
  const dir = mkdtempSync(join(tmpdir(), 'prism-viewer-tasks-'));
  writeFileSync(
    join(dir, 'prism.json'),
    JSON.stringify({ task: 'I', model: 'm', metrics: {}, problems: [] }),
  );
  writeFileSync(join(dir, 'prism-iv.json'), '{"report": ');
  writeFileSync(join(dir, 'prism-v.json'), '[1, 2]');
  const loaded = loadViewerInput(dir);
  assert.ok(loaded.ok);
  assert.deepEqual(
    loaded.run.prism?.map((t) => t.task),
    ['I'],
  );
  assert.equal(loaded.warnings.length, 2, loaded.warnings.join('\n'));
  assert.match(loaded.warnings[0]!, /prism-iv\.json: not read \(.*\); Task IV left out/);
  assert.match(loaded.warnings[1]!, /prism-v\.json: not read \(not a JSON object\); Task V left out/);
  // Near miss: no task file at all is no warning, and no records.jsonl then is an error.
  const empty = mkdtempSync(join(tmpdir(), 'prism-viewer-tasks-'));
  const none = loadViewerInput(empty);
  assert.equal(none.ok, false);
});
