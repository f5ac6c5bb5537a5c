import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createScorer } from '../../src/score/create-scorer.js';
import type { ScoreRecord } from '../../src/score/types.js';
import { CLOSING_REMARKS } from './closing-remarks.js';
import { gradedAnswers } from './graded-answers.js';

// Remarks appended after every hand-graded answer (the bundled answers and blind sets 1–14; without
// ../shared/peers only the bundled problems resolve): a units check, the assumptions restated, a datum
// echoed, a condition of validity… must keep each final-answer verdict — in both directions: a right
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

for (const [name, remark] of Object.entries(CLOSING_REMARKS)) {
  test(`a closing remark keeps every graded verdict: ${name}`, () => {
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
    assert.ok(applied >= (peers ? 200 : 20), `${name} applies to only ${applied} answers`);
    assert.deepEqual(changed, [], `${name} changed ${changed.length} of ${applied} verdicts`);
  });
}
