/**
 * A two-worker pool under the default schedule: each problem's items go to the worker that first
 * scored the problem (while the other has its own problems queued), and every outcome is the one
 * the same item gets in process: where an item is scored never changes its score.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createProblemScorers } from '../../src/server/problem-scorers.js';
import { scoreItem } from '../../src/server/score-item.js';
import { createWorkerPool } from '../../src/server/worker-pool.js';
import { bundledAnswers, bundledProblems } from './helpers.js';

const problems = bundledProblems();
const pool = createWorkerPool({ problems, workers: 2, itemTimeoutMs: 120_000, maxQueue: 1000 });
after(() => pool.close());

test('affinity: a problem stays on one worker, outcomes as in process', async () => {
  const answers = bundledAnswers('mechanics');
  const [p, q] = [...new Set(answers.map((a) => a.problem_id))];
  // Each problem's answers side by side, twice over: taking the oldest item would give the second
  // of a run to the other worker.
  const mine = answers.filter((a) => a.problem_id === p).slice(0, 3);
  const theirs = answers.filter((a) => a.problem_id === q).slice(0, 3);
  const items = [0, 1]
    .flatMap(() => [...mine, ...theirs])
    .map((a) => ({ problem_id: a.problem_id, response: a.response }));
  while (pool.stats().ready < 2) await new Promise((r) => setTimeout(r, 20));
  const outcomes = await pool.score(items, 'summary');
  const local = createProblemScorers(problems, []);
  const expected = items.map((item) => scoreItem(local, item, 'summary', () => 0));
  assert.deepEqual(
    outcomes.map((o) => (o.status === 'ok' ? [o.step_score, o.final_answer_correct] : o.status)),
    expected.map((o) => (o.status === 'ok' ? [o.step_score, o.final_answer_correct] : o.status)),
  );
  // Each worker claims one problem; at most the last items of one problem go to the other worker
  // when its own run out first.
  assert.ok(
    (pool.stats().affine ?? 0) >= items.length - 2,
    `affine ${pool.stats().affine} of ${items.length}`,
  );
});

test('fifo: the schedule before affinity, kept for comparison, counts no claims', async () => {
  const fifo = createWorkerPool({
    problems,
    workers: 2,
    itemTimeoutMs: 120_000,
    maxQueue: 1000,
    schedule: 'fifo',
  });
  try {
    while (fifo.stats().ready < 2) await new Promise((r) => setTimeout(r, 20));
    const [a] = bundledAnswers('optics');
    const [o] = await fifo.score([{ problem_id: a!.problem_id, response: a!.response }], 'summary');
    assert.equal(o!.status, 'ok');
    assert.equal(fifo.stats().affine, 0);
  } finally {
    await fifo.close();
  }
});
