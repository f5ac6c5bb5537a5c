/**
 * The pool's choice of the next item for a free worker: its own problems first (its caches hold
 * them), unowned problems next, the oldest item when none within the window is its own, and
 * nothing skipped past the window.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PICK_WINDOW, pickJob, problemOfItem } from '../../src/server/pick-job.js';

const queue = (...problems: (string | undefined)[]) => problems.map((problem) => ({ problem }));
const owners = (entries: Record<string, number>) => (p: string) => entries[p];

test('pickJob: an item of the worker own problem before older items of other workers', () => {
  const own = owners({ a: 0, b: 1 });
  assert.equal(pickJob(queue('a', 'a', 'b', 'a'), 1, own), 2);
  assert.equal(pickJob(queue('a', 'a', 'b', 'a'), 0, own), 0);
});

test('pickJob: an unowned problem is taken before other workers problems', () => {
  assert.equal(pickJob(queue('a', 'a', 'c'), 1, owners({ a: 0 })), 2);
});

test('pickJob: the oldest item when none is the worker own or unowned (the worker never idles)', () => {
  const own = owners({ a: 0, b: 0 });
  assert.equal(pickJob(queue('a', 'b', 'a'), 1, own), 0);
  assert.equal(pickJob(queue(undefined, 'a'), 1, own), 0);
  assert.equal(pickJob(queue(), 0, own), -1);
});

test('pickJob: an item past the window is not preferred over the oldest', () => {
  const far = queue(...Array.from({ length: PICK_WINDOW }, () => 'a'), 'b');
  assert.equal(pickJob(far, 1, owners({ a: 0, b: 1 })), 0);
  const near = queue(...Array.from({ length: PICK_WINDOW - 1 }, () => 'a'), 'b');
  assert.equal(pickJob(near, 1, owners({ a: 0, b: 1 })), PICK_WINDOW - 1);
});

test('problemOfItem: reads the problem id as scoring does (numbers as text, trimmed)', () => {
  assert.equal(problemOfItem({ problem_id: ' mech-01 ', response: '' }), 'mech-01');
  assert.equal(problemOfItem({ problem_id: 7 }), '7');
  assert.equal(problemOfItem({ response: 'x' }), undefined);
  assert.equal(problemOfItem(null), undefined);
  assert.equal(problemOfItem('mech-01'), undefined);
});
