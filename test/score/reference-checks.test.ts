import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../src/dag/types.js';
import { createScorer } from '../../src/score/create-scorer.js';
import { referenceFindings } from '../../src/score/reference-checks.js';

// A reference that cannot be what the problem asks is reported on every record of the problem
// (`reference-suspect`), and grading stays as written. Each finding has near misses that must stay
// silent: the same reference written right, a magnitude the text gives rather than asks for.
const problem = (context: string, final: string[]): Problem => ({
  id: 'ref-check',
  domain: 'mechanics',
  difficulty: 'medium',
  context,
  final_answer: final,
  final_answer_form: 'algebraic',
  grading_standard: [],
});

const relativity =
  'Two craft move at speeds $v_1$ and $v_2$ at an angle $\\alpha$ in a medium flowing at $u$. Determine the minimum possible value of $u$.';
const typo =
  'u = c^2 \\frac{\\left| \\sqrt{c^2 - v_1^2} - \\sqrt{c^2 - v_1^2} \\right|}{\\sqrt{c^2 (v_1^2 + v_2^2) - 2 v_1 v_2 \\cos\\alpha}}';

test('a term subtracted from itself in the reference is reported', () => {
  const found = referenceFindings(problem(relativity, [typo]));
  assert.equal(found.length, 1);
  assert.equal(found[0]!.code, 'reference-suspect');
  assert.match(found[0]!.message, /subtracts \\sqrt\{c\^2 - v_1\^2\} from itself/);
});

test('near miss: the same reference with its two terms is not reported', () => {
  assert.deepEqual(
    referenceFindings(problem(relativity, [typo.replace(/v_1\^2\} \\right\|/, 'v_2^2} \\right|')])),
    [],
  );
});

test('a negative reference where the problem asks for a magnitude is reported', () => {
  const found = referenceFindings(
    problem(
      'A charge $q$ sits at height $b$ above a grounded plane. Find the magnitude of the field $E$ on the plane below it.',
      ['E = -\\frac{q}{2\\pi\\varepsilon_0 b^2}'],
    ),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /asks for a magnitude/);
});

test('near misses: a positive reference, a magnitude the text gives, an order of magnitude, several answers', () => {
  const ask =
    'A charge $q$ sits at height $b$ above a grounded plane. Find the magnitude of the field $E$ on the plane below it.';
  assert.deepEqual(referenceFindings(problem(ask, ['E = \\frac{q}{2\\pi\\varepsilon_0 b^2}'])), []);
  assert.deepEqual(
    referenceFindings(
      problem(
        'An electric dipole of magnitude $p$ sits at a distance $a$ from a grounded sphere. Find the work $W$ needed to remove it.',
        ['W = -\\frac{p^2}{a^3}'],
      ),
    ),
    [],
  );
  assert.deepEqual(
    referenceFindings(
      problem('Assume $d/v$ and $R_0 C$ are of the same order of magnitude. Find the focal length $f$.', [
        'f = -\\frac{d}{R_0 C}',
      ]),
    ),
    [],
  );
  assert.deepEqual(
    referenceFindings(problem(ask, ['E = -\\frac{q}{2\\pi\\varepsilon_0 b^2}', 'Q = -q'])),
    [],
  );
});

test('every record of the problem carries the finding', () => {
  const p = problem(relativity, [typo]);
  const record = createScorer([p]).scoreResponse(p, '$$u = 0$$');
  assert.ok(record.diagnostics.some((d) => d.code === 'reference-suspect'));
});

const numeric = (context: string, final: string): Problem => ({
  ...problem(context, [final]),
  final_answer_form: 'numerical',
});

test('a reference in another unit than the one the question asks for is reported', () => {
  const found = referenceFindings(
    numeric(
      'A lattice of copper wires carries heat. What is the heat flow between two adjacent points? Answer in Watts.',
      '4.62\\,\\mathrm{N}',
    ),
  );
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /in Watts/);
  assert.deepEqual(
    referenceFindings(
      numeric(
        'A lattice of copper wires carries heat. What is the heat flow between two adjacent points? Answer in Watts.',
        '4.62\\,\\mathrm{W}',
      ),
    ),
    [],
    'near miss: the unit asked',
  );
});

test('a reference with a unit where the question asks for a percentage is reported', () => {
  const ask =
    'The absorptivity of the atmosphere changes. What is the percentage increase from $T_0$ to $T_1$?';
  assert.equal(referenceFindings(numeric(ask, '289.601\\,\\mathrm{K}')).length, 1);
  assert.deepEqual(referenceFindings(numeric(ask, '1.6\\,\\%')), [], 'near miss: a percentage');
  assert.deepEqual(
    referenceFindings(
      numeric('The planet warms by 2 percent of its absolute temperature. Find $T_1$.', '295\\,\\mathrm{K}'),
    ),
    [],
    'near miss: a percentage the text gives, not asks for',
  );
});

test('a reference in a unit that is no power of a unit where a power of a quantity is asked is reported', () => {
  const ask = 'A rod swings in a magnetic field and its motion is damped. Find $\\omega^{2}$.';
  const found = referenceFindings(numeric(ask, '38.2\\,\\mathrm{s}^{-1}'));
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /asks for \\omega\^\{2\}, the second power/);
  assert.equal(
    referenceFindings(
      numeric('A gas expands. Determine $v_{\\mathrm{rms}}^2$.', '2.9\\times10^{5}\\,\\mathrm{m/s}'),
    ).length,
    1,
    'a speed where a squared speed is asked',
  );
});

test('near misses: the squared unit, a dimensionless power, a unit asked in, a power the text gives', () => {
  const ask = 'A rod swings in a magnetic field and its motion is damped. Find $\\omega^{2}$.';
  assert.deepEqual(referenceFindings(numeric(ask, '38.2\\,\\mathrm{s}^{-2}')), [], 'the squared unit');
  assert.deepEqual(referenceFindings(numeric('Find $\\beta^2$ for the beam.', '0.36')), [], 'a pure number');
  assert.deepEqual(
    referenceFindings(
      numeric('Find the volume of the balloon in $\\mathrm{cm}^3$.', '1.3\\times10^{4}\\,\\mathrm{C}'),
    ),
    [],
    'a unit to answer in, not a quantity',
  );
  assert.deepEqual(
    referenceFindings(
      numeric('The rod oscillates with $\\omega^2 = g/\\ell$. Its amplitude decays.', '3.1\\,\\mathrm{s}'),
    ),
    [],
    'a power the text states, not asks for',
  );
  assert.deepEqual(
    referenceFindings(problem(ask, ['\\omega^2 = \\frac{3g}{2\\ell}'])),
    [],
    'an algebraic reference (no unit to read)',
  );
});

test('a reference a thousand-fold off from all the data of its dimension, in another unit, is reported', () => {
  const hike =
    'A hiker walks $3.0 \\mathrm{~km}$ north, then $4.0 \\mathrm{~km}$ east, then $1.5 \\mathrm{~km}$ south. How far from the start does she end up?';
  const found = referenceFindings(numeric(hike, '4.3\\,\\mathrm{m}'));
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /is in m, but every value of that dimension the problem gives is in km/);
  assert.match(found[0]!.message, /4\.3 km meant/);
  assert.deepEqual(referenceFindings(numeric(hike, '4.3\\,\\mathrm{km}')), [], 'near miss: the data’s unit');
  assert.deepEqual(
    referenceFindings(numeric(hike, '4300\\,\\mathrm{m}')),
    [],
    'near miss: the same distance in m',
  );
  assert.deepEqual(
    referenceFindings(
      numeric(
        'A hiker walks $3.0 \\mathrm{~km}$ north and then $250 \\mathrm{~m}$ east. How far from the start does she end up?',
        '3.0\\,\\mathrm{m}',
      ),
    ),
    [],
    'near miss: data in two units (no single unit to have meant)',
  );
  assert.deepEqual(
    referenceFindings(
      numeric(
        'Two wires of lengths $2.000 \\mathrm{~m}$ and $2.003 \\mathrm{~m}$ hang side by side. By how much do their lower ends differ?',
        '3\\,\\mathrm{mm}',
      ),
    ),
    [],
    'near miss: a small difference of large data, in a unit a thousand times smaller (3 m would be their size)',
  );
});
