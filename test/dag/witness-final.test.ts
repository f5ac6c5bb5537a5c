import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { NumericAnswerTools } from '../../src/dag/check-final-answers.js';
import { statedFigures, writtenNumber } from '../../src/dag/check-final-answers.js';
import { checkWitness, prepareWitnessFormulas } from '../../src/dag/check-witness.js';
import type { Problem } from '../../src/dag/types.js';
import { validateDataset } from '../../src/dag/validate-dataset.js';
import { validateWitness } from '../../src/dag/validate-witness.js';
import { relationSides } from '../../src/score/answer-text.js';
import { expressionValue, withinPrecision } from '../../src/score/numeric-answer.js';

const TOOLS: NumericAnswerTools = { expressionValue, withinPrecision, relationSides };

const load = (name: string): Problem[] =>
  validateDataset(
    JSON.parse(readFileSync(new URL(`../../fixtures/bad-input/${name}`, import.meta.url), 'utf8')),
  ).problems;
const byId = (name: string, id: string): Problem => load(name).find((p) => p.id === id)!;

test('a wrong reference formula is caught at its node with both values, and the final answer disagrees with it', () => {
  const found = validateWitness(byId('wrong-formula.json', 'bad-formula'), TOOLS);
  assert.deepEqual(
    found.map((d) => [d.code, d.where]),
    [
      ['witness-violated', 'problem bad-formula witness 1 node 3'],
      ['final-answer-mismatch', 'problem bad-formula'],
    ],
  );
  assert.match(found[0]!.message, /K = m v\^2 gives K = 18\b.*has K = 9\b/);
  assert.deepEqual(validateWitness(byId('wrong-formula.json', 'good-1'), TOOLS), []);
});

test('a numerical final answer that disagrees with the witness names the sub-question and both values', () => {
  const found = validateWitness(byId('witness-final-mismatch.json', 'bad-final'), TOOLS);
  assert.equal(found.length, 1, JSON.stringify(found));
  const [d] = found;
  assert.equal(d!.code, 'witness-final-mismatch');
  assert.equal(d!.where, 'problem bad-final subquestion a');
  assert.match(d!.message, /T = 272\.99\d*.*312/);
  // Sub-question b (486 nm, three figures taken from the instructions) agrees with c/f.
});

const energy = (answer: string): Problem => ({
  id: 'mev',
  context: '',
  final_answer_form: 'numerical',
  final_answer: [answer],
  significant_figures: 3,
  grading_standard: [
    { index: 1, formula: '$$K = \\frac{m c^2}{2}$$', dependency: [], is_final_answer: true },
  ],
  // K = 5.1845e-13 J = 3.2359 MeV.
  witness: [{ m: (2 * 5.184525156781791e-13) / 299792458 ** 2, c: 299792458 }],
});

test('significant figures count in the unit the answer is written in (3.24 MeV, not 5.19e-13 J)', () => {
  assert.deepEqual(validateWitness(energy('K = 3.24\\,\\text{MeV}'), TOOLS), []);
  const wrong = validateWitness(energy('K = 3.30\\,\\text{MeV}'), TOOLS);
  assert.deepEqual(
    wrong.map((d) => d.code),
    ['witness-final-mismatch'],
  );
  assert.match(wrong[0]!.message, /3\.235\d* in the unit written/);
});

test('an algebraic answer in other quantities than the final node is checked at the witness', () => {
  const problem = (answer: string): Problem => ({
    id: 'mu',
    context: '',
    final_answer_form: 'algebraic',
    final_answer: [answer],
    grading_standard: [
      { index: 1, formula: '$$\\mu = \\frac{m M}{m + M}$$', dependency: [] },
      { index: 2, formula: '$$E = \\mu c^2$$', dependency: [1], is_final_answer: true },
    ],
    witness: [{ m: 2, M: 3, c: 1.5 }],
  });
  assert.deepEqual(validateWitness(problem('E = \\frac{m M c^2}{m + M}'), TOOLS), []);
  assert.deepEqual(
    validateWitness(problem('E = \\frac{m M c^2}{m - M}'), TOOLS).map((d) => d.code),
    ['final-answer-mismatch'],
  );
});

test('a witness key the constants map fixes (h, when hbar = h/2pi) is reported as unused', () => {
  const problem: Problem = {
    id: 'hbar',
    context: '',
    grading_standard: [{ index: 1, formula: '$$p = \\hbar k$$', dependency: [], is_final_answer: true }],
    constants: { '\\hbar': '\\frac{h}{2\\pi}' },
    witness: [{ k: 1e10, h: 2 }],
  };
  const report = checkWitness(problem, prepareWitnessFormulas(problem));
  assert.deepEqual(
    report.diagnostics.map((d) => d.code),
    ['witness-unused-key'],
  );
  assert.ok(Math.abs(report.solutions[0]!.p! / 1.054571817e-24 - 1) < 1e-6);
});

test('chain nodes are split into relations, each checked', () => {
  const problem: Problem = {
    id: 'chain',
    context: '',
    grading_standard: [
      { index: 1, formula: '$$a = \\frac{v}{t}$$', dependency: [] },
      { index: 2, formula: '$$F = m a = \\frac{m v}{2 t}$$', dependency: [1], is_final_answer: true },
    ],
    witness: [{ m: 2, v: 10, t: 5 }],
  };
  const report = checkWitness(problem, prepareWitnessFormulas(problem));
  assert.deepEqual(
    report.diagnostics.map((d) => [d.code, d.where]),
    [['witness-violated', 'problem chain witness 1 node 2']],
  );
});

test('stated figures and written numbers', () => {
  assert.equal(statedFigures('Give $T$ in kelvin to 3 significant figures.'), 3);
  assert.equal(statedFigures('to three significant figures'), 3);
  assert.equal(statedFigures('in metres'), undefined);
  assert.equal(writtenNumber('4.86\\times10^{-7}\\,\\text{m}'), 4.86e-7);
  assert.equal(writtenNumber('-3.00\\,\\text{MeV}'), -3);
  assert.equal(writtenNumber('1.45\\times10^{5}\\,\\text{m}^{-1}'), 1.45e5);
  assert.equal(writtenNumber('\\frac{1}{2}'), undefined);
});
