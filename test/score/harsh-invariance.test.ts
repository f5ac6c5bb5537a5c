import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundledAnswers, harshen } from '../../bench/fresh-answers.js';
import { createScorer } from '../../src/score/create-scorer.js';

// The harsh freshening of bench/fresh.bench.ts: a cancelling \cdot\frac{K_n}{K_n} before every `=`
// (n unique per answer) changes every formula's text, canonical form, variables and seed, but not
// what it says. Scores, matched nodes and final-answer verdicts must not change (issue 24).
// (anp-02-a3 used to be an exception: the root c = 0 of its squared energy balance counted only
// when the draw left no positive root, so its node 4 depended on the seed. Physical mode now leaves
// zero out of the whole-set comparison too: see solution-set.ts.)

test('harsh freshening (K_n/K_n before every =) leaves every bundled score unchanged', () => {
  const { problems, answers } = bundledAnswers();
  const scorer = createScorer(problems);
  const changed: string[] = [];
  answers.forEach((a, i) => {
    const id = a.id ?? `#${i}`;
    const plain = scorer.scoreResponse(a.problemId, a.text);
    const harsh = scorer.scoreResponse(a.problemId, harshen(a.text, `t${i}`));
    const show = (r: typeof plain) =>
      `score ${r.step_score.toFixed(3)} matched [${r.matched.join(',')}] final ${r.final_answer_correct}`;
    if (show(plain) !== show(harsh)) changed.push(`${id}: ${show(plain)} → harsh ${show(harsh)}`);
  });
  assert.deepEqual(changed, [], `scores changed by the harsh freshening:\n${changed.join('\n')}`);
});
