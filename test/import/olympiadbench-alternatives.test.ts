import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importOlympiadBench } from '../../src/import/import-olympiadbench.js';
import { createScorer } from '../../src/score/create-scorer.js';

// OlympiadBench lists several final answers for some questions it marks as having one answer
// (`is_multiple_answer: false`): the one answer in several forms (an exact value and its
// approximation, two expressions equal through a relation the problem gives). Any one of them
// answers the question; where the source marks several answers, each must be met.
const item = (multiple: boolean) => ({
  id: 9001,
  question:
    'A mass m on a spring k sits in a station rotating at $\\omega_{ss}$ with $\\omega_{ss}^2 = g_E/R$. What angular frequency $\\omega$ is measured?',
  final_answer: ['$\\sqrt{k / m-\\omega_{s s}^{2}}$', '$\\sqrt{k / m-\\frac{g_E}{R}}$'],
  is_multiple_answer: multiple,
  answer_type: 'Expression',
  subfield: 'Mechanics',
  label: 'Open-ended_Questions',
});

test('several answers under is_multiple_answer false are alternative forms of one answer', () => {
  const one = importOlympiadBench([item(false)]).problems[0]!;
  assert.equal(one.meta?.alternative_answers, true);
  const several = importOlympiadBench([item(true)]).problems[0]!;
  assert.equal(several.meta?.alternative_answers, undefined);
  const single = importOlympiadBench([{ ...item(false), final_answer: ['$\\sqrt{k/m}$'] }]).problems[0]!;
  assert.equal(single.meta?.alternative_answers, undefined);
});

test('one alternative form answers the question; a wrong form does not', () => {
  const [alternatives] = importOlympiadBench([item(false)]).problems;
  const [both] = importOlympiadBench([item(true)]).problems;
  const scorer = createScorer([alternatives!, { ...both!, id: 'ob-both' }]);
  const right =
    'The centrifugal term softens the spring:\n$$\\omega = \\sqrt{\\frac{k}{m} - \\frac{g_E}{R}}$$';
  const other = '$$\\omega = \\sqrt{\\frac{k}{m} - \\omega_{ss}^2}$$';
  const wrong = '$$\\omega = \\sqrt{\\frac{k}{m} + \\frac{g_E}{R}}$$';
  const wrongFactor = '$$\\omega = \\sqrt{\\frac{k}{m} - \\frac{2g_E}{R}}$$';
  assert.equal(scorer.scoreResponse(alternatives!, right).final_answer_correct, true);
  assert.equal(scorer.scoreResponse(alternatives!, other).final_answer_correct, true);
  assert.equal(
    scorer.scoreResponse(alternatives!, wrong).final_answer_correct,
    false,
    'near miss: wrong sign',
  );
  assert.equal(
    scorer.scoreResponse(alternatives!, wrongFactor).final_answer_correct,
    false,
    'near miss: factor 2',
  );
  // Where the source marks several answers, one of the two is not enough.
  assert.equal(scorer.scoreResponse('ob-both', right).final_answer_correct, false);
});
