import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  splitAnswerList,
  stripDelimiters,
  unitLatex,
  writtenFigures,
} from '../../src/import/answer-latex.js';
import { numericAnswerLatex, readsAsValue } from '../../src/import/numeric-answer-latex.js';

test('delimiters are stripped, nested or not', () => {
  assert.equal(stripDelimiters(' $$ x = 1 $$ '), 'x = 1');
  assert.equal(stripDelimiters('\\[v = 2\\] '), 'v = 2');
  assert.equal(stripDelimiters('$\\frac{1}{2}$'), '\\frac{1}{2}');
});

test('answer lists split on $…$ items or, for multi-answer items, on top-level commas only', () => {
  assert.deepEqual(splitAnswerList('$\\frac{v_0^2}{2g}$ , $\\frac{g}{2v_0^2}$'), [
    '\\frac{v_0^2}{2g}',
    '\\frac{g}{2v_0^2}',
  ]);
  assert.deepEqual(splitAnswerList('f(x, y) = 1'), ['f(x, y) = 1']);
  assert.deepEqual(splitAnswerList('1.96, 0.264', true), ['1.96', '0.264']);
  assert.deepEqual(splitAnswerList('A(\\mu, L) = 2', true), ['A(\\mu, L) = 2']);
  assert.deepEqual(splitAnswerList('1.96, 0.264'), ['1.96, 0.264']);
});

test('units become LaTeX our reader takes; words that are not units do not', () => {
  assert.equal(unitLatex('m/s'), '\\mathrm{m/s}');
  assert.equal(unitLatex('$\\mathrm{~m} / \\mathrm{s}$'), '\\mathrm{m} / \\mathrm{s}');
  assert.equal(unitLatex('percent'), undefined);
  assert.equal(unitLatex(null), undefined);
});

test('figures as written', () => {
  assert.equal(writtenFigures('2.47'), 3);
  assert.equal(writtenFigures('0.0660'), 3);
  assert.equal(writtenFigures('1200'), 2);
  assert.equal(writtenFigures('-0.16'), 2);
  assert.equal(writtenFigures('abc'), undefined);
});

test('a value and its unit field become one readable value; unknown units become a note, powers of ten move into the value', () => {
  const a = numericAnswerLatex('2.47', 'm');
  assert.equal(a.latex, '2.47\\,\\mathrm{m}');
  assert.equal(a.significantFigures, 3);
  assert.ok(readsAsValue(a.latex));
  const p = numericAnswerLatex('2', ' $10^6$ m');
  assert.equal(p.latex, '2 \\times 10^{6}\\,\\mathrm{m}');
  assert.ok(readsAsValue(p.latex));
  const db = numericAnswerLatex('4.4', ' dB');
  assert.equal(db.latex, '4.4');
  assert.match(db.unitNote ?? '', /dB/);
  assert.equal(numericAnswerLatex('9.832', ' m/s^2').latex, '9.832\\,\\mathrm{m/s^2}');
});

test('a charge counted in elementary charges (unit e) is written in coulombs, not as Euler’s number', async () => {
  const { prepareFormula } = await import('../../src/equivalence/prepare-formula.js');
  const { expressionValue } = await import('../../src/score/numeric-answer.js');
  const q = numericAnswerLatex('-5', ' $\\mathrm{e}$');
  assert.ok(readsAsValue(q.latex));
  const value = expressionValue(prepareFormula(q.latex));
  assert.ok(value !== undefined && Math.abs(value + 5 * 1.602176634e-19) < 1e-30, q.latex);
  assert.equal(numericAnswerLatex('3', 'e').latex, q.latex.replace('-5', '3'));
  // A unit that merely starts with e is not the elementary charge.
  assert.equal(numericAnswerLatex('2.0', 'eV').latex, '2.0\\,\\mathrm{eV}');
});

test('a value written as a statement of its quantity takes the unit and its figures on its right side', () => {
  const p = numericAnswerLatex('$\\mathcal{P}_{\\min }=4.3$', '$ \\mathrm{~kW} / \\mathrm{m}^{3}$');
  assert.equal(p.latex, '\\mathcal{P}_{\\min }=4.3\\,\\mathrm{kW} / \\mathrm{m}^{3}');
  assert.equal(p.significantFigures, 2);
  assert.equal(p.unitNote, undefined);
  assert.ok(readsAsValue('4.3\\,\\mathrm{kW} / \\mathrm{m}^{3}'));
  // A left side alone (`=1.702 \times 10^{26}`) leaves the value.
  assert.equal(
    numericAnswerLatex('$=1.702 \\times 10^{26} $', '$\\mathrm{~m}^{-3}$').latex,
    '1.702 \\times 10^{26}\\,\\mathrm{m}^{-3}',
  );
  // An expression on the right is no value: kept as written, the unit in a note.
  const e = numericAnswerLatex('$v=\\sqrt{2gh}$', 'm/s');
  assert.equal(e.latex, 'v=\\sqrt{2gh}');
  assert.match(e.unitNote ?? '', /m\/s/);
});

test('a SciBench unit that is a symbol of the problem makes the answer a multiple of it, not a unit', async () => {
  const { importSciBench } = await import('../../src/import/import-scibench.js');
  const item = (unit: string, text: string) => ({
    problem_text: text,
    answer_number: '2.72',
    unit,
    problemid: '21.x',
    source: 'fund',
  });
  const pair = 'Two particles are held at separation $L$ on an $x$ axis. Where is the net force zero?';
  const [symbol, litres, mass] = importSciBench([
    item(' $L$', pair),
    item(' L', 'A tank holds water at $2.0 \\mathrm{~atm}$. What volume does it hold?'),
    item(' $m$', 'A block of mass $m$ slides down a ramp. How far does it slide?'),
  ]).problems;
  assert.deepEqual(symbol!.final_answer, ['2.72\\,L']);
  assert.equal(symbol!.significant_figures, 3);
  assert.deepEqual(
    litres!.final_answer,
    ['2.72\\,\\mathrm{L}'],
    'near miss: the text has no symbol L: litres',
  );
  assert.deepEqual(mass!.final_answer, ['2.72\\,\\mathrm{m}'], 'near miss: m is a unit letter too: metres');
});
