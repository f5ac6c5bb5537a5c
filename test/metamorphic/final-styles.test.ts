// The final-answer style transfer (final-styles.ts, final-styles-check.ts) over the answers we grade:
// bundled answers and blind sets 1–5 whose verdict agrees with the hand grade, each answer's final
// statements rewritten in one style drawn per answer (seeded), and one near miss of each right answer
// in that style. A rewrite must keep the verdict; a near miss must be rejected. Styles the grader does
// not read yet are todo with their counts, and those counts are ceilings: they may only fall.
// Every style on every answer: `npx tsx test/metamorphic/final-styles-run.ts`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { missingShared } from '../helpers/shared.js';
import { STYLES } from './final-styles.js';
import { runStyles, type StyleRun } from './final-styles-check.js';
import { gradedAnswers } from './graded-answers.js';

/**
 * Rewrites whose verdict changed, per style, at the sample drawn (measured 2026-11-27: none; the
 * plain-Unicode rewrites and the bare boxes of several quantities are read since).
 */
const BROKEN: Readonly<Record<string, number>> = {};
/** Near misses accepted, per style, at the sample drawn (measured 2026-11-27: none). */
const ACCEPTED: Readonly<Record<string, number>> = {};

let run: StyleRun | undefined;
let peers = false;
const measured = (): StyleRun => {
  if (run === undefined) {
    const graded = gradedAnswers();
    peers = graded.peers;
    run = peers ? runStyles(graded.answers, 1) : { answers: 0, right: 0, wrong: 0, styles: {} };
  }
  return run;
};

test('final styles: the answers restyled, right and wrong', (t) => {
  const r = measured();
  if (!peers) return t.skip(missingShared('peers'));
  assert.ok(r.right >= 400 && r.wrong >= 60, `${r.right} right and ${r.wrong} wrong answers restyled`);
  const rewrites = Object.values(r.styles).reduce((n, c) => n + c.rewrites, 0);
  assert.equal(rewrites, r.answers, 'one style per answer');
});

for (const style of Object.keys(STYLES)) {
  test(`final styles: ${style} keeps the verdict; its near misses are rejected (no more than known)`, (t) => {
    const r = measured();
    if (!peers) return t.skip(missingShared('peers'));
    const c = r.styles[style]!;
    assert.ok(
      c.broken.length <= (BROKEN[style] ?? 0),
      `${c.broken.length} of ${c.rewrites} rewrites changed the verdict (known ${BROKEN[style] ?? 0}): ${c.broken.join(' ')}`,
    );
    assert.ok(
      c.accepted.length <= (ACCEPTED[style] ?? 0),
      `${c.accepted.length} of ${c.nearMisses} near misses accepted (known ${ACCEPTED[style] ?? 0}): ${c.accepted.join(', ')}`,
    );
  });
  const broken = BROKEN[style] ?? 0;
  const accepted = ACCEPTED[style] ?? 0;
  if (broken + accepted > 0)
    test(`final styles: ${style}, every rewrite read`, {
      todo: `${broken} rewrites change the verdict, ${accepted} near misses accepted`,
    }, (t) => {
      const r = measured();
      if (!peers) return t.skip(missingShared('peers'));
      const c = r.styles[style]!;
      assert.deepEqual([...c.broken, ...c.accepted], []);
    });
}
