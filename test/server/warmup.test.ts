/**
 * The answers a worker scores before it reports ready: every problem in turn, in the four kinds
 * of text (the solution, doubled formulas with a boxed answer, bulleted inline formulas under
 * headings, the solution with its decimals a tenth off), all scorable, the same every time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createProblemScorers } from '../../src/server/problem-scorers.js';
import { scoreItem } from '../../src/server/score-item.js';
import { warmupAnswers } from '../../src/server/warmup.js';
import { bundledProblems } from './helpers.js';

const problems = bundledProblems().slice(0, 10);

test('warmupAnswers: each problem in turn, four kinds of text, deterministic', () => {
  const items = warmupAnswers(problems, 4 * problems.length);
  assert.equal(items.length, 40);
  assert.deepEqual(items, warmupAnswers(problems, 40));
  assert.deepEqual(
    items.slice(0, problems.length).map((i) => i.problem_id),
    problems.map((p) => p.id),
  );
  const [solution, doubled, bulleted, shifted] = [0, 1, 2, 3].map(
    (k) => items[k * problems.length]!.response,
  );
  assert.equal(solution, problems[0]!.solution);
  assert.match(doubled!, /= 2\\left\(/);
  assert.match(doubled!, /\\boxed\{/);
  assert.match(bulleted!, /^## Working\n- Step 1: we have \\\(/);
  assert.match(bulleted!, /### Final answer\n(\(a\) )?\$/);
  assert.notEqual(shifted, solution);
  assert.deepEqual(warmupAnswers([], 5), []);
});

test('warmupAnswers: every item scores; the right texts earn credit, the shifted solutions lose the final answer', () => {
  const scorers = createProblemScorers(problems, []);
  const items = warmupAnswers(problems, 4 * problems.length);
  const outcomes = items.map((item) => scoreItem(scorers, item, 'summary', () => 0));
  for (const o of outcomes) assert.equal(o.status, 'ok');
  const ok = outcomes.map((o) => (o.status === 'ok' ? o : undefined)!);
  const n = problems.length;
  const solutions = ok.slice(0, n);
  const shifted = ok.slice(3 * n);
  assert.ok(solutions.filter((o) => o.step_score > 0).length >= n - 1, 'the solutions match their nodes');
  const finalRight = (list: typeof ok) => list.filter((o) => o.final_answer_correct === true).length;
  assert.ok(finalRight(shifted) < finalRight(solutions), 'shifted decimals change final answers');
});
