// Every right answer of blind sets 1–5 and every bundled answer graded right (`graded-answers.ts`) that the grader
// accepts for one numerical value: its near misses (test/metamorphic/near-miss-final.ts) must all be
// rejected. Excluded by construction, not by the grader: ×1.03 and ×0.97 (and a moved last figure)
// when they stay within the grader's own allowance around the reference (half a unit of its last
// place at its significant figures, one unit up to 2.5%, the 1% floor: a one-figure `2\times10^{39}`
// accepts 3%), and a mutant the grader accepts through a statement that does not write the mutated
// value (the answer states the value again in another form, `25.2 pm` beside `2.52\times10^{-11}`):
// the mutation did not reach what the grader read, and is counted apart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/index.js';
import { gradedAnswers } from './graded-answers.js';
import { nearMisses } from './near-miss-final.js';

test('near misses of accepted numerical final answers are rejected (×1.03, ×0.97, ×2, sign, ×10³, last figure)', () => {
  const { answers: graded, peers } = gradedAnswers();
  const all = graded.filter((a) => a.grade === 'right');
  const scorers = new Map<readonly Problem[], ReturnType<typeof createScorer>>();
  let answers = 0;
  let read = 0;
  const accepted: string[] = [];
  for (const item of all) {
    let scorer = scorers.get(item.problems);
    if (scorer === undefined) {
      scorer = createScorer(item.problems);
      scorers.set(item.problems, scorer);
    }
    const original = scorer.scoreResponse(item.problem, item.response);
    if (original.final_answer_correct !== true) continue;
    const mutants = nearMisses(
      item.response,
      original.final_answer.answers,
      item.problem.significant_figures,
    );
    if (mutants.length > 0) answers++;
    for (const m of mutants) {
      const record = scorer.scoreResponse(item.problem, m.response);
      const by = record.final_answer.answers[0]?.by ?? '';
      // Accepted through a statement that does not write the mutated value: the mutation missed it.
      if (record.final_answer_correct === true && !by.includes(m.to)) continue;
      read++;
      if (record.final_answer_correct === true)
        accepted.push(`${item.id} ${m.kind}: ${m.from} → ${m.to} (${m.expected})`);
    }
  }
  // Measured 2026-11-27 (blind sets 1–5 and the bundled answers graded right): 163 answers, 763 mutants
  // read, all rejected.
  assert.ok(answers >= (peers ? 100 : 30), `${answers} answers with a numerical final value`);
  assert.ok(read >= (peers ? 500 : 120), `${read} mutants read`);
  assert.deepEqual(accepted, [], `${accepted.length} of ${read} near misses accepted`);
});
