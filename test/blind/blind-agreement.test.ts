// Agreement of the final-answer verdict with the blind hand-graded set (test/blind/answers.jsonl),
// measured by scripts/blind-agreement.mjs through the CLI, run in-process on the current source.
// - False accepts: no answer graded wrong may be accepted (none is today).
// - Right side: a REGRESSION GUARD, not a target: the floors sit a little below what main measured
//   when the set landed (docs/accuracy.md, "Blind set"), so that a change that accepts fewer right answers
//   fails CI. Raise them when the grader improves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type BlindResult,
  type BlindRow,
  DEFAULT_ANSWERS,
  measureBlind,
} from '../../scripts/blind-agreement.mjs';
import { runCli } from '../helpers/cli.js';
import { guardBlindSet } from './guard-blind-set.js';

/**
 * Regression guard for the answers graded right that we accept, per source (measured at d2db4cb:
 * 31, 10, 11, 10 of 208; after the first final-answer rules: 58, 20, 20, 16; with the reference
 * solved forward, unit letters used as quantities and plain-text values: 64, 20, 20, 18; with the problem's declarations, sets of values and
 * directions in words: 64, 21, 20, 18 — the floors).
 */
const { rows, measured } = guardBlindSet({
  name: 'blind set',
  file: DEFAULT_ANSWERS,
  minRows: 120,
  rightAcceptedFloor: { bundled: 64, phybench: 21, scibench: 20, olympiadbench: 18 },
  knownFalseAccepts: {},
});

/** The answers graded wrong that the measurement accepted. */
function falseAccepts(result: BlindResult): string[] {
  return result.disagreements.filter((d) => d.hand === 'wrong').map((d) => `${d.id} (${d.reason})`);
}

test('the blind set: about half bundled, 55-70% graded right', () => {
  const bundled = rows.filter((r) => r.source === 'bundled').length;
  assert.ok(bundled >= 0.4 * rows.length && bundled <= 0.6 * rows.length, `${bundled} bundled`);
  const right = rows.filter((r) => r.grade === 'right').length / rows.length;
  assert.ok(right >= 0.55 && right <= 0.7, `right ${right}`);
});

test('the false-accept check fails when an accepted answer is graded wrong (it is not vacuous)', async () => {
  const result = await measured;
  const rejected = new Set(result.disagreements.map((d) => d.id));
  const accepted = rows.filter((r) => r.source === 'bundled' && r.grade === 'right' && !rejected.has(r.id));
  assert.ok(accepted.length >= 2);
  const flipped: BlindRow[] = accepted.slice(0, 2).map((r) => ({ ...r, grade: 'wrong' }));
  const again = await measureBlind({ run: runCli, rows: flipped, peersDir: '/nonexistent/shared/peers' });
  assert.deepEqual(
    falseAccepts(again).map((s) => s.split(' ')[0]),
    flipped.map((r) => r.id),
  );
});
