import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../../src/dataset/load-dataset.js';
import { readResponses } from '../../src/dataset/read-responses.js';
import { matchingBrace } from '../../src/extract/find-math-blocks.js';
import { createScorer } from '../../src/score/create-scorer.js';

const benchmark = fileURLToPath(new URL('../../data/benchmark/', import.meta.url));
const answers = fileURLToPath(new URL('../../data/answers/', import.meta.url));

/** The response with every `\boxed{X}` replaced by `X` (the run prompt never asks for boxes). */
function unbox(text: string): string {
  let out = text;
  for (let at = out.indexOf('\\boxed{'); at >= 0; at = out.indexOf('\\boxed{', at)) {
    const close = matchingBrace(out, at + 6);
    if (close < 0) break;
    out = `${out.slice(0, at)}${out.slice(at + 7, close)}${out.slice(close + 1)}`;
  }
  return out;
}

test('unbox strips boxes and keeps their contents', () => {
  assert.equal(unbox('so $\\boxed{v = \\frac{a}{b}}$ and \\boxed{2}'), 'so $v = \\frac{a}{b}$ and 2');
});

test('every sample answer labelled final-correct is still final-correct with its boxes removed', (t) => {
  if (!existsSync(benchmark) || !existsSync(answers)) return t.skip('data/benchmark or data/answers absent');
  const { problems } = loadDataset(benchmark);
  const scorer = createScorer(problems);
  const wrong: string[] = [];
  let correctKind = 0;
  let correctKindRight = 0;
  let labelledTrue = 0;
  for (const row of readResponses(answers).responses) {
    if (row.meta.expected_final_correct !== true || !scorer.problems.has(row.problem_id)) continue;
    labelledTrue++;
    if (row.meta.kind !== 'correct') continue;
    correctKind++;
    const record = scorer.scoreResponse(row.problem_id, unbox(row.response));
    if (record.final_answer_correct === true) correctKindRight++;
    else wrong.push(String(row.meta.answer_id ?? row.problem_id));
  }
  assert.ok(labelledTrue >= 100, `only ${labelledTrue} answers labelled final-correct`);
  // The answers of kind `correct` (one per problem): all of them, boxes or not.
  assert.equal(correctKind, 70);
  assert.deepEqual(wrong, [], `correct answers rejected once unboxed: ${wrong.join(', ')}`);
  assert.equal(correctKindRight, correctKind);
});
