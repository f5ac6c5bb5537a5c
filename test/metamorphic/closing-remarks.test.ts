import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createScorer } from '../../src/score/create-scorer.js';
import type { ScoreRecord } from '../../src/score/types.js';
import { CLOSING_REMARKS } from './closing-remarks.js';
import { gradedAnswers } from './graded-answers.js';

// Remarks appended after every hand-graded answer (the bundled answers and blind sets 1–14; without
// ../shared/peers only the bundled problems resolve): a units check, the assumptions restated, a datum
// echoed, a condition of validity, a formula of another quantity (a unit's size, a general law, a
// note on another case, a glossary of symbols)… must keep each final-answer verdict — in both directions: a right
// answer stays accepted, a hedge or a wrong answer stays rejected.
const FILES = Array.from({ length: 14 }, (_, i) => (i === 0 ? 'answers.jsonl' : `answers-${i + 1}.jsonl`));
const { answers, peers } = gradedAnswers(FILES);
const scorers = new Map<unknown, ReturnType<typeof createScorer>>();
const scorerOf = (a: (typeof answers)[number]) => {
  let s = scorers.get(a.problems);
  if (s === undefined) scorers.set(a.problems, (s = createScorer(a.problems)));
  return s;
};
const verdicts = new Map<string, ScoreRecord['final_answer_correct']>();
const verdictOf = (a: (typeof answers)[number]) => {
  let v = verdicts.get(a.id);
  if (v === undefined)
    verdicts.set(a.id, (v = scorerOf(a).scoreResponse(a.problem, a.response).final_answer_correct));
  return v;
};

/** The answers a remark applies to, and the verdicts it changes (read once per remark). */
const changes = new Map<string, { applied: number; changed: string[] }>();
function changedBy(
  name: string,
  remark: (typeof CLOSING_REMARKS)[string],
): { applied: number; changed: string[] } {
  const known = changes.get(name);
  if (known !== undefined) return known;
  let applied = 0;
  const changed: string[] = [];
  for (const a of answers) {
    const tail = remark(a.problem);
    if (tail === undefined) continue;
    applied++;
    const before = verdictOf(a);
    const after = scorerOf(a).scoreResponse(a.problem, a.response + tail).final_answer_correct;
    if (after !== before) changed.push(`${a.id} (graded ${a.grade}): ${before} → ${after}`);
  }
  changes.set(name, { applied, changed });
  return { applied, changed };
}

/**
 * Remarks a formula of another quantity the grader does not yet tell from a conclusion on every
 * answer (docs/accuracy.md, "Formulas of another quantity after the result"): the verdicts each may
 * still change, as ceilings (all of them right answers rejected), with a todo test for none. A value
 * with a unit after answers whose expected values write none (`K \approx 3.1` J after `x = 3.21` for an
 * expected `x = 3.21`), a law in symbols the problem or the answer already writes after an algebraic
 * result (`T = 2\pi/\omega`, `p = mv`). `general-law` (`\tau = rF\sin\theta`) on the two answers that
 * use τ for another quantity: b5-098 (a time constant) and b14-145 (the problem's own time, read as the
 * reference's t — class 128 — unless the answer defines τ itself, which the remark then does; measured
 * once class 128 and the concluding-statement rule were both on main).
 */
const KNOWN: Readonly<Record<string, number>> = {
  'general-law': 2,
  'related-period': 21,
  'other-quantity-with-units': 181,
  'definition-restated': 21,
};
/** Remarks that apply to fewer answers by design (a numerical part whose reference gives its general form). */
const FEWER: Readonly<Record<string, number>> = { 'general-form-after-value': 150 };

for (const [name, remark] of Object.entries(CLOSING_REMARKS)) {
  const known = KNOWN[name] ?? 0;
  if (known > 0)
    test(`a closing remark keeps every graded verdict: ${name}`, {
      todo: `${known} verdicts changed`,
    }, () => {
      assert.equal(changedBy(name, remark).changed.length, 0);
    });
  test(`a closing remark keeps ${known === 0 ? 'every' : 'all but the known'} graded verdict${known === 0 ? '' : 's'}: ${name}`, () => {
    const { applied, changed } = changedBy(name, remark);
    assert.ok(applied >= (peers ? (FEWER[name] ?? 200) : 20), `${name} applies to only ${applied} answers`);
    // A known remark may still reject right answers, never accept a wrong one or a hedge.
    const accepted = changed.filter((c) => c.endsWith('→ true'));
    assert.deepEqual(accepted, [], `${name} accepted ${accepted.length} answers it rejected`);
    assert.ok(
      changed.length <= known,
      `${name} changed ${changed.length} of ${applied} verdicts: ${changed.join('; ')}`,
    );
  });
}
